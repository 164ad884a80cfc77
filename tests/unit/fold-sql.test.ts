// @vitest-environment node
/**
 * The fold's SQL text, byte for byte: a text filter (foldedColumn) and a list's text sort
 * (sort-text.ts) write the same ASCII-or-translate() expression (plainLetters), and the indexes
 * that serve them (migrations 0074 and 0076) hold exactly these bytes. A change to the text, even
 * one that means the same, leaves those indexes unused (the list-sort API test reads the plans).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { FOLD_FROM, FOLD_TO, foldedColumn, plainLetters } from '../../server/db/folded-like';
import { sortTerms } from '../../server/db/sort-text';
import { users } from '../../server/db/schema';

const dialect = new PgDialect();
/** The SQL of an expression on a users column, as an index on that table names it ("email", not "users"."email"). */
const asInIndex = (expression: SQL) => {
  const { sql, params } = dialect.sqlToQuery(expression);
  expect(params).toEqual([]);
  return sql.replaceAll('"users".', '');
};
const migration = (name: string) => readFileSync(join('server/db/migrations', name), 'utf8');
const plain = `case when octet_length("email") = length("email") then "email" else translate("email", '${FOLD_FROM}', '${FOLD_TO}') end`;

describe('the fold as SQL text', () => {
  it('plainLetters is the ASCII test, then translate() with the letter lists as constants', () => {
    expect(asInIndex(plainLetters(users.email))).toBe(plain);
  });

  it('a text filter folds a column as lower(plainLetters), as its trigram index holds it (0076)', () => {
    expect(asInIndex(foldedColumn(users.email))).toBe(`lower(${plain})`);
    expect(migration('0076_folded_filter_indexes.sql')).toContain(
      `CREATE INDEX "users_email_folded_trgm" ON "users" USING gin (lower(${plain}) gin_trgm_ops);`,
    );
  });

  it("a text sort's terms are plainLetters lowered in C, then the text in C, as its index holds them (0074)", () => {
    const terms = sortTerms(users.email).map(asInIndex);
    expect(terms).toEqual([`lower((${plain}) collate "C")`, `"email" collate "C"`]);
    expect(migration('0074_sort_text_indexes.sql')).toContain(
      `CREATE INDEX "users_email_sort_idx" ON "users" USING btree (${terms.join(',')},"id");`,
    );
  });
});
