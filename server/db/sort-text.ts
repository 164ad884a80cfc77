/**
 * The one rule a list sorts a text column by, in SQL (its reading, and the same rule in JavaScript:
 * src/domain/resources/sort-text.ts). ORDER BY, in the list's direction:
 *
 *   lower(<col, its accented Latin letters made plain> COLLATE "C"),  -- case and accents apart
 *   col COLLATE "C",                                                   -- then the text: "Ann" before "ann"
 *   id                                                                 -- then the row (query.ts listOrder)
 *
 * Why: PGlite's collation is C, so a plain ORDER BY put "ann" after "Zoe" in an A-Z list, and
 * PostgreSQL sorted by its database's collation, whatever initdb chose. Both terms name the C
 * collation so the order is byte order of UTF-8 (code points) on every engine and locale; lower()
 * under C lowers A-Z only, and translate() (folded-like.ts's letters, its plainLetters, which a
 * text filter's fold is written with too) does the accented ones, on both engines alike.
 * translate() runs only on text with a character outside ASCII
 * (octet_length > length): it looks each character up in its ~100 letters, and over 100,000 users'
 * emails it took 3.0 s where the ASCII test and lower() took 38 ms (PostgreSQL 15, loaded machine).
 *
 * Every term is written out with constants, never parameters: an index on the same expressions
 * (table.ts, the users table) serves the order, and a page's remembered start (page-starts.ts)
 * compares the same terms as a row.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { index, type PgColumn } from 'drizzle-orm/pg-core';
import { plainLetters } from './folded-like';

const TEXT_COLUMNS = new Set(['PgText', 'PgVarchar', 'PgChar']);

/** Whether a column sorts by the text rule (any text column: a name, an email, an enum's code). */
export const sortsAsText = (column: AnyColumn) => TEXT_COLUMNS.has(column.columnType);

/** The rule's terms for a text value: its fold, then itself, both in C's byte order. */
const textTerms = (value: SQL | AnyColumn): SQL[] => [
  sql`lower((${plainLetters(value)}) collate "C")`,
  sql`${value} collate "C"`,
];

/** What a list orders a column by, before the id: the text rule's two terms, or the column itself. */
export const sortTerms = (column: AnyColumn): SQL[] => (sortsAsText(column) ? textTerms(column) : [sql`${column}`]);

/**
 * sortTerms for a value of that column given as text (PostgreSQL's own text of it), to compare
 * with the column's terms as a row. A non-text value stays an untyped parameter, which takes the
 * column's type in the comparison.
 */
export const sortTermsOfText = (column: AnyColumn, value: string): SQL[] =>
  sortsAsText(column) ? textTerms(sql`${value}::text`) : [sql`${value}`];

/** An index in a list's order by a text column (sortTerms, then the id), after `leading` columns (the business). */
export const sortIndex = (name: string, column: PgColumn, id: PgColumn, ...leading: PgColumn[]) => {
  const [first, ...rest] = [...leading, ...textTerms(column), id];
  return index(name).on(first!, ...rest);
};
