/**
 * A search that ignores case and accents ('ÉMAIL' finds 'email', 'jose' finds 'José'), the same on
 * PGlite and PostgreSQL: the column and the pattern each go through translate() (accented Latin
 * letters to their plain lower-case letter) and lower(), both in SQL, so the two sides are folded
 * by the one function. Neither engine gets the unaccent extension (PGlite would need it loaded).
 * The lists' stored search column (search-text.ts) is folded by the same expression when written,
 * so its trigram index serves the folded pattern (foldedPattern).
 */
import { Column, is, sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';
import { index, type PgColumn } from 'drizzle-orm/pg-core';
import { TEXT_FOLD_PAIRS } from '../../src/domain/resources/sort-text';

// The letters are the lists' sort's too (src/domain/resources/sort-text.ts TEXT_FOLDS, one table).
// translate() drops a letter that has no counterpart, so the two lists are built pair by pair.
export const FOLD_FROM = TEXT_FOLD_PAIRS.map(([from]) => from).join('');
export const FOLD_TO = TEXT_FOLD_PAIRS.map(([, to]) => to).join('');

/** A text folded the same way, for a comparison or an order that ignores case and accents. */
export const folded = (value: SQL | AnyColumn | string) => sql`lower(translate(${value}, ${FOLD_FROM}, ${FOLD_TO}))`;

/** The fold as SQL text around an SQL expression, for a generated column (no parameters there). */
export const foldedExpression = (expression: string) => `lower(translate(${expression}, '${FOLD_FROM}', '${FOLD_TO}'))`;

/** The two letter lists as SQL constants (never parameters), for expressions an index must match. */
export const FOLD_SQL = { from: sql.raw(`'${FOLD_FROM}'`), to: sql.raw(`'${FOLD_TO}'`) };

/**
 * A text with its accented Latin letters made plain, case kept: translate() with the letter lists
 * as constants, run only on text with a character outside ASCII (octet_length > length; the
 * letters it replaces are all outside ASCII, so the result is the same). Over 100,000 users'
 * emails translate() on every row took about 3 s, the ASCII test 38 ms (sort-text.ts). The one
 * writing of it: foldedColumn lowers it, and the lists' sort (sort-text.ts textTerms) lowers it
 * in the C collation; the indexes of both (migrations 0074, 0076 and after) hold these bytes.
 */
export const plainLetters = (value: SQL | AnyColumn) =>
  sql`case when octet_length(${value}) = length(${value}) then ${value} else translate(${value}, ${FOLD_SQL.from}, ${FOLD_SQL.to}) end`;

/**
 * A column folded as `folded` folds it, written the way its trigram index (foldedTrigramIndex)
 * holds it, so a text filter (foldedLike) is an index scan, not a fold of every row: plainLetters
 * (constants, translate() only outside ASCII), lower-cased.
 */
export const foldedColumn = (column: AnyColumn) => sql`lower(${plainLetters(column)})`;

/** A trigram index on foldedColumn: serves foldedLike on that column (`%text%` of 3 letters or more). */
export const foldedTrigramIndex = (name: string, column: PgColumn) =>
  index(name).using('gin', sql`${foldedColumn(column)} gin_trgm_ops`);

/** A likePattern folded, for `LIKE` against a column stored folded (searchTextOf). */
export const foldedPattern = (pattern: string): SQL => folded(pattern);

/**
 * `column LIKE pattern`, both folded; the pattern is a likePattern (its own % and _ escaped). A
 * table column is folded as foldedColumn, which its foldedTrigramIndex (if it has one) serves.
 */
export const foldedLike = (column: SQL | AnyColumn, pattern: string): SQL =>
  sql`${is(column, Column) ? foldedColumn(column) : folded(column)} like ${folded(pattern)}`;
