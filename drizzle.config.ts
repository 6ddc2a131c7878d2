import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this file; migrations are applied at start-up by lib/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations',
});
