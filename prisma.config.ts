// Prisma 6.19 with the JavaScript schema engine and the pg adapter: works
// offline (docs/decisions/0002-prisma-offline.md). The adapter is what connects;
// `url` stays in schema.prisma because generate/diff/deploy need it.
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import { parse } from 'pg-connection-string';

const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/lps';
process.env.DATABASE_URL ??= DEFAULT_DATABASE_URL;

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: 'prisma/schema.prisma',
  async adapter() {
    const c = parse(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
    return new PrismaPg({
      host: c.host ?? '127.0.0.1',
      port: Number(c.port ?? 5432),
      user: c.user,
      password: c.password,
      database: c.database ?? 'lps',
    });
  },
});
