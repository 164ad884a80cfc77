import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The hand-written schema, plus the tables of declared resources (src/resources/).
  schema: ['./server/db/schema.ts', './server/db/resource-tables.cjs'],
  out: './server/db/migrations',
});
