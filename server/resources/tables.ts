/**
 * The Drizzle table of every registered resource, by resource name. drizzle-kit reads the
 * managed ones through server/db/resource-tables.cjs, so declaring a resource and running
 * `npm run db:generate` writes its migration.
 */
import { RESOURCES } from '../../src/resources/registry';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { buildLinesTable, buildTable, linesFields, type ResourceTable } from './table';

const tables = new Map<string, ResourceTable>();
const declarations = new Map<string, ResourceDeclaration>();
/** The child tables of `lines` fields, by `<resource>.<field>`. */
const lineTables = new Map<string, ResourceTable>();

export function tableOf(name: string): ResourceTable {
  const table = tables.get(name);
  if (!table) throw new Error(`No table for resource "${name}"`);
  return table;
}

export function declarationOf(name: string): ResourceDeclaration | undefined {
  return declarations.get(name);
}

export function allDeclarations(): ResourceDeclaration[] {
  return [...declarations.values()];
}

/** Adds a resource (the registry's at load; tests add throwaway ones). */
export function registerResourceTable(resource: ResourceDeclaration): ResourceTable {
  const existing = tables.get(resource.name);
  if (existing) return existing;
  declarations.set(resource.name, resource);
  const table = buildTable(resource, tableOf);
  tables.set(resource.name, table);
  for (const [key, field] of linesFields(resource)) {
    lineTables.set(`${resource.name}.${key}`, buildLinesTable(resource, key, field, table, tableOf));
  }
  return table;
}

/** The child table of a resource's `lines` field. */
export function linesTableOf(resource: string, key: string): ResourceTable {
  const table = lineTables.get(`${resource}.${key}`);
  if (!table) throw new Error(`No lines table for "${resource}.${key}"`);
  return table;
}

for (const resource of RESOURCES) registerResourceTable(resource);

/** Managed tables, keyed by resource name, for drizzle-kit. */
export const MANAGED_TABLES: Record<string, ResourceTable> = Object.fromEntries(
  RESOURCES.filter((r) => r.table.managed !== false).flatMap((r) => [
    [r.name, tableOf(r.name)],
    ...linesFields(r).map(([key]) => [`${r.name}__${key}`, linesTableOf(r.name, key)]),
  ]),
);
