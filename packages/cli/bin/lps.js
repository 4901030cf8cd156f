#!/usr/bin/env node
// The `lps` command. A file of its own, not dist/main.js itself: pnpm links a workspace
// package's bin into its dependents when it installs, before anything is built, and a bin
// pointing into dist/ could not be linked then ("Failed to create bin" on a first install).
await import('../dist/main.js');
