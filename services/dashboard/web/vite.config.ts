import { defineConfig } from 'vite';

// The dashboard's browser code, built offline into services/dashboard/dist/web (served by the
// dashboard server: the shell for its app routes, hashed assets cached for good). No inline
// script or style is emitted, so the server's Content-Security-Policy needs no 'unsafe-inline'.
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Vite would inline small assets as data: URLs; files keep the policy simple and cacheable.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      // react-router marks its modules "use client" for React Server Components, which a browser bundle has no use for.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  logLevel: 'warn',
});
