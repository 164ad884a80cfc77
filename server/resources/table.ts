/**
 * A declared resource's Drizzle table. For managed tables this is also what drizzle-kit reads
 * (server/db/schema.ts re-exports them), so `npm run db:generate` writes the migration; for
 * unmanaged ones (users, plans …, owned by hand-written schema) it is a typed view of the
 * declared columns only, used for queries.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { getTableColumns, getTableName, isTable, type Table } from 'drizzle-orm';
import type { FieldDeclaration, ResourceDeclaration } from '../../src/domain/resources/types';
import * as schema from '../db/schema';
import { businesses, users } from '../db/schema';
import { SEARCH_COLUMN, searchTextOf } from '../db/search-text';
import { foldedTrigramIndex } from '../db/folded-like';
import { sortIndex, sortsAsText } from '../db/sort-text';

export const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const columnName = (key: string, field: FieldDeclaration) => field.column ?? snakeCase(key);

/**
 * Fields that are columns of the record's table (a password is consumed by a custom handler, a
 * computed value by nobody, and `lines` live in their own table: never a column).
 */
export function storedFields(resource: ResourceDeclaration): [string, FieldDeclaration][] {
  return Object.entries(resource.fields).filter(([, f]) => f.type !== 'password' && f.type !== 'lines' && !f.computed);
}

/** The `lines` fields: child rows in a table of their own (linesTableName). */
export const linesFields = (resource: ResourceDeclaration): [string, FieldDeclaration][] =>
  Object.entries(resource.fields).filter(([, f]) => f.type === 'lines');

/** `invoices` + `lines` → `invoices_lines`. */
export const linesTableName = (resource: ResourceDeclaration, key: string) =>
  `${resource.table.name}_${snakeCase(key)}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResourceTable = PgTableWithColumns<any>;

/** The stored columns the `query` search reads (db/search-text.ts). */
export const searchColumns = (resource: ResourceDeclaration) =>
  storedFields(resource)
    .filter(([, f]) => f.search)
    .map(([key, f]) => columnName(key, f));

/** The hand-written Drizzle table (server/db/schema.ts) behind an unmanaged resource, if any. */
export function handWrittenTable(tableName: string): Table | undefined {
  for (const t of Object.values(schema)) if (isTable(t) && getTableName(t) === tableName) return t;
  return undefined;
}

/** Whether the hand-written table behind an unmanaged resource defines the search column. */
function handWrittenHasSearchColumn(tableName: string): boolean {
  const table = handWrittenTable(tableName);
  return !!table && Object.values(getTableColumns(table)).some((c) => c.name === SEARCH_COLUMN);
}

/** Looks up another resource's table for reference columns (set by the registry). */
type TableLookup = (resource: string) => ResourceTable;

function columnFor(key: string, field: FieldDeclaration, lookup: TableLookup) {
  const name = columnName(key, field);
  switch (field.type) {
    case 'integer':
    case 'money':
      return integer(name);
    // Exact decimals read back as numbers: 8.875 % and 2.75 h as typed (a double holds their text exactly).
    case 'percent':
      return numeric(name, { precision: 6, scale: 3, mode: 'number' });
    case 'hours':
      return numeric(name, { precision: 5, scale: 2, mode: 'number' });
    case 'quantity':
      return numeric(name, { precision: 12, scale: 2, mode: 'number' });
    case 'boolean':
      return boolean(name).notNull().default(false);
    case 'date':
      return date(name, { mode: 'string' });
    case 'datetime':
      return timestamp(name, { withTimezone: true });
    case 'reference': {
      const target = field.references!.resource;
      // Deleting a referenced row is refused (409 from the engine, FK as the backstop).
      return uuid(name).references((): AnyPgColumn => lookup(target).id, { onDelete: 'restrict' });
    }
    case 'references':
      // An array cannot carry a foreign key: the engine checks each id on write (records.ts) and
      // refuses deleting a row still listed (crud-routes.ts assertDeletable).
      return uuid(name)
        .array()
        .notNull()
        .default(sql`'{}'::uuid[]`);
    default:
      return text(name);
  }
}

/**
 * The child table of a `lines` field: one row per line, in `position` order, deleted with its
 * record. The engine rewrites a record's lines as a whole in the record's own transaction.
 */
export function buildLinesTable(
  resource: ResourceDeclaration,
  key: string,
  field: FieldDeclaration,
  parent: ResourceTable,
  lookup: TableLookup,
): ResourceTable {
  const columns: Record<string, ReturnType<typeof columnFor> | ReturnType<typeof uuid>> = {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references((): AnyPgColumn => parent.id!, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  };
  for (const [column, f] of Object.entries(field.lines?.fields ?? {})) {
    let built = columnFor(column, f, lookup);
    if (f.required && f.type !== 'boolean') built = built.notNull();
    columns[column] = built;
  }
  const name = linesTableName(resource, key);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return pgTable(name, columns, (t: Record<string, any>) => [
    uniqueIndex(`${name}_record_position_key`).on(t.recordId, t.position),
  ]) as ResourceTable;
}

export function buildTable(resource: ResourceDeclaration, lookup: TableLookup): ResourceTable {
  const managed = resource.table.managed !== false;
  const columns: Record<string, ReturnType<typeof columnFor> | ReturnType<typeof uuid>> = {
    id: uuid('id').primaryKey().defaultRandom(),
  };
  if (resource.tenant) {
    columns.businessId = uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' });
  }
  for (const [key, field] of storedFields(resource)) {
    let column = columnFor(key, field, lookup);
    if (managed && field.required && field.type !== 'boolean') column = column.notNull();
    // A field no form carries (a report's status) starts at its default from the column itself.
    if (managed && field.form === false && field.defaultValue !== undefined) {
      column = column.default(field.defaultValue as never);
    }
    columns[key] = column;
  }
  if (managed) {
    columns.createdBy = uuid('created_by').references(() => users.id, { onDelete: 'set null' });
  }
  const searched = searchColumns(resource);
  if (searched.length && (managed || handWrittenHasSearchColumn(resource.table.name))) {
    columns.searchText = text(SEARCH_COLUMN).generatedAlwaysAs(searchTextOf(searched)) as unknown as ReturnType<
      typeof text
    >;
  }
  const table = pgTable(
    resource.table.name,
    {
      ...columns,
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (columnsOf) => {
      if (!managed) return [];
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const t = columnsOf as Record<string, any>;
      const name = resource.table.name;
      const out = [];
      if (resource.tenant) out.push(index(`${name}_business_idx`).on(t.businessId, t.createdAt));
      else out.push(index(`${name}_created_idx`).on(t.createdAt));
      for (const [key, field] of storedFields(resource)) {
        const col = t[key]!;
        const base = `${name}_${columnName(key, field)}`;
        if (field.unique) {
          // Named as uniqueViolation (records.ts) looks for it, whatever its expression.
          const value = field.unique === 'caseless' ? sql`lower(${col})` : col;
          out.push(
            resource.tenant ? uniqueIndex(`${base}_key`).on(t.businessId, value) : uniqueIndex(`${base}_key`).on(value),
          );
        } else if (field.type === 'references') {
          // "Which records list this one" (the delete check, an employee's tickets) reads this index.
          out.push(index(`${base}_gin`).using('gin', col));
        } else if (field.index === 'tenant' && resource.tenant) {
          // With the id, in the list's own order (query.ts listOrder: the field, then the id): a
          // page is read off the index in order, and a deep page skips its offset index-only.
          out.push(index(`${base}_tenant_idx`).on(t.businessId, col, t.id));
        } else if (
          field.index ||
          (field.sortable && !sortsAsText(col)) ||
          field.type === 'reference' ||
          field.filter === 'exact'
        ) {
          out.push(index(`${base}_idx`).on(col));
        }
        if (field.sortable && sortsAsText(col)) {
          // A text column sorts by the text rule's terms, not by the column (server/db/sort-text.ts):
          // this index holds them, then the id, as the list orders them (query.ts listOrder), within
          // the business for a tenant resource. A page is read off it in order, and a remembered
          // page start (page-starts.ts) is a range of it.
          out.push(sortIndex(`${base}_sort_idx`, col, t.id, ...(resource.tenant ? [t.businessId] : [])));
        }
        if (field.caselessIndex) {
          const lowered = sql`lower(${col})`;
          const lowerIndex = index(`${base}_lower_idx`);
          out.push(resource.tenant ? lowerIndex.on(t.businessId, lowered) : lowerIndex.on(lowered));
        }
        // A text filter reads its own column; the search reads the one search column.
        // Folded as the filter compares it (db/folded-like.ts foldedLike), or the filter could not use it.
        if (field.filter === 'text') out.push(foldedTrigramIndex(`${base}_folded_trgm`, col));
      }
      if (t.searchText) out.push(index(`${name}_search_trgm`).using('gin', sql`${t.searchText} gin_trgm_ops`));
      return out;
    },
  );
  return table as ResourceTable;
}
