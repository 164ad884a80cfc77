/**
 * A change counter per table, for exact list totals without a count(*) per request
 * (server/resources/exact-count.ts). A BEFORE STATEMENT trigger (see the migration that
 * creates this table) bumps a table's row in the same transaction as every INSERT, UPDATE,
 * DELETE or TRUNCATE on it, so a total remembered with version v is still exact while the
 * version reads v. Only tables with that trigger have a row here (users).
 */
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

export const tableVersions = pgTable('table_versions', {
  tableName: text('table_name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
