/**
 * SQL for a declared resource's list: tenant scope, `query` search, filters and sort, from the
 * ListQuery the shared parser produced. Substring search and text filters ignore case and accents
 * ('jose' finds José: server/db/folded-like.ts); the search reads the stored folded column, which
 * the generated pg_trgm GIN indexes serve.
 */
import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { folded, foldedLike, foldedPattern } from '../db/folded-like';
import { sortTerms } from '../db/sort-text';
import type { PlatformMailLocale } from '../../src/domain/email-templates/kinds';
import { seededEntries } from '../../src/domain/resources/seeded';
import { t } from '../i18n';
import type { ListFilter, ListQuery } from '../../src/domain/resources/list-params';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import type { SortKey } from './page-starts';
import type { ResourceTable } from './table';

/** `%text%` with the user's own % and _ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

function filterCondition(resource: ResourceDeclaration, table: ResourceTable, filter: ListFilter): SQL | undefined {
  const column = table[filter.field]!;
  const type = resource.fields[filter.field]!.type;
  switch (filter.op) {
    case 'contains': {
      // Phones are stored as E.164: '(202) 555' finds '+12025550143' by its digits.
      const digits = type === 'phone' ? String(filter.value).replace(/\D/g, '') : '';
      return foldedLike(column, likePattern(digits || String(filter.value)));
    }
    case 'eq':
      return eq(column, filter.value);
    case 'gte':
      return type === 'datetime' ? gte(column, new Date(`${filter.value}T00:00:00Z`)) : gte(column, filter.value);
    case 'lte':
      // A datetime range "to" day includes that whole day.
      return type === 'datetime'
        ? lt(column, new Date(`${nextDay(String(filter.value))}T00:00:00Z`))
        : sql`${column} <= ${filter.value}`;
  }
}

/** The tenant condition: a business's own rows, or everything for a platform administrator. */
export function tenantCondition(resource: ResourceDeclaration, table: ResourceTable, tenant: string | null) {
  if (!resource.tenant || tenant === null) return undefined;
  return eq(table.businessId!, tenant);
}

/**
 * The rows a search finds by the words the reader sees where those are not the stored ones: a
 * searched field that still holds the text the product seeded (FieldDeclaration.seeded: the Free
 * plan's name) is shown in the reader's language ("Gratuito"), so its translation is searched for
 * that row. Whether a translation matches is asked in SQL with the same fold as the stored column,
 * so case and accents are ignored alike; the stored English still matches as well (a row's search
 * column holds it), so an English word finds it in any language.
 */
function seededMatches(
  resource: ResourceDeclaration,
  table: ResourceTable,
  pattern: string,
  locale: PlatformMailLocale,
): SQL[] {
  return Object.entries(resource.fields).flatMap(([key, field]) => {
    const seeded = field.search ? field.seeded : undefined;
    if (!seeded) return [];
    return seededEntries(seeded).flatMap(({ by, text, key: textKey }) => {
      const shown = t(locale, textKey);
      if (shown === undefined || shown === text) return [];
      return [and(eq(table[seeded.by]!, by), eq(table[key]!, text), sql`${folded(shown)} like ${folded(pattern)}`)!];
    });
  });
}

/** The list's WHERE; `locale` is the reader's (server/i18n requestLocale), for seeded texts' words. */
export function listWhere(
  resource: ResourceDeclaration,
  table: ResourceTable,
  query: Pick<ListQuery, 'search' | 'filters'>,
  tenant: string | null,
  locale: PlatformMailLocale = 'en',
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [tenantCondition(resource, table, tenant)];
  if (query.search) {
    const pattern = likePattern(query.search);
    // The folded search column when the table has one (server/db/search-text.ts); a
    // hand-written table without it is searched field by field, folded the same way.
    const searched = table.searchText
      ? [sql`${table.searchText} like ${foldedPattern(pattern)}`]
      : Object.entries(resource.fields)
          .filter(([, f]) => f.search)
          .map(([key]) => foldedLike(table[key]!, pattern));
    conditions.push(or(...searched, ...seededMatches(resource, table, pattern, locale)));
  }
  for (const filter of query.filters) conditions.push(filterCondition(resource, table, filter));
  return and(...conditions);
}

/**
 * ORDER BY the chosen field, then id so pages never overlap or skip rows with equal values. A
 * text field sorts by the one text rule (server/db/sort-text.ts: case and accents apart, then the
 * text in byte order), the same on PGlite and PostgreSQL. Every term follows the field's
 * direction so an index on (field's terms, id) serves both directions by scanning it forwards or
 * backwards, with no extra sort (deep pages of 100,000 users).
 */
export function listOrder(table: ResourceTable, sort: ListQuery['sort'], tiebreak: readonly string[] = []): SQL[] {
  const by = sortOf(sort);
  const dir = by.order === 'desc' ? desc : asc;
  // The declaration's tiebreak fields (ResourceDeclaration.sortTiebreak) before the id, in the same direction.
  const ties = tiesOf(by.field, tiebreak).flatMap((field) => sortTerms(table[field]!));
  return [...sortTerms(table[by.field]!).map((term) => dir(term)), ...ties.map((term) => dir(term)), dir(table.id!)];
}

const sortOf = (sort: ListQuery['sort']) => sort ?? { field: 'createdAt', order: 'desc' as const };
const tiesOf = (field: string, tiebreak: readonly string[]) => tiebreak.filter((f) => f !== field);

/**
 * listOrder's sort as a key a page can start from (exact-count.ts PageQuery.sortKey), when its
 * column is NOT NULL: ORDER BY puts NULLs where a row comparison cannot reach them.
 */
export function listSortKey(
  table: ResourceTable,
  sort: ListQuery['sort'],
  tiebreak: readonly string[] = [],
): SortKey | undefined {
  const by = sortOf(sort);
  // A key is (field, id): a sort with tiebreak fields between them is paged by OFFSET.
  if (tiesOf(by.field, tiebreak).length) return undefined;
  const column = table[by.field]!;
  return column.notNull ? { column, desc: by.order === 'desc' } : undefined;
}

/** Platform rows (no business) for tenant-scoped creates by an administrator. */
export const platformRows = (table: ResourceTable) => isNull(table.businessId!);
