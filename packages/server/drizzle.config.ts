import { defineConfig } from 'drizzle-kit';

// One migration history for PGlite and PostgreSQL. Migrations are append-only.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
