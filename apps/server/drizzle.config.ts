import { defineConfig } from 'drizzle-kit';

// Migrations are generated SQL, reviewed and committed; they must run on PostgreSQL 15
// (production) and on PGlite (PostgreSQL 18, embedded default).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
