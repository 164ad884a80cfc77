/**
 * The one column a list's `query` search reads: the row's searchable columns, folded (lower case,
 * accents off: folded-like.ts, so 'jose' finds José and 'muller' Müller) and joined by spaces, stored and trigram-indexed (GIN). One index probe and one LIKE per row
 * instead of an OR over a trigram index per column: about half the planning and execution time
 * on 100,000 users, and a search may span fields ("ana lopez" finds Ana López's first + last name).
 * Declared resources get it from their `search` fields (server/resources/table.ts); a
 * hand-written table opts in by defining `search_text` with this expression.
 */
import { sql } from 'drizzle-orm';
import { foldedExpression } from './folded-like';

export const SEARCH_COLUMN = 'search_text';

/** The generated column's expression over the given column names. */
export function searchTextOf(columns: readonly string[]) {
  return sql.raw(foldedExpression(columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `)));
}
