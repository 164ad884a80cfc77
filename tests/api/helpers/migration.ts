import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../../../server/db/client';
import type { TestApp } from './app';

/**
 * Runs the migration file whose name ends so, statement by statement, on a test file's database:
 * its tests first put the tables back as they were before it and write the old rows it must keep.
 */
export async function runMigration(t: TestApp, suffix: string) {
  const migration = readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith(suffix));
  expect(migration, suffix).toBeTruthy();
  const statements = readFileSync(join(MIGRATIONS_DIR, migration!), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await t.db.database.db.execute(sql.raw(statement));
}

/** Runs each statement as written (a table put back as it was before a migration). */
export async function runStatements(t: TestApp, statements: readonly string[]) {
  for (const statement of statements) await t.db.database.db.execute(sql.raw(statement));
}
