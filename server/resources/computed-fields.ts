/**
 * Values the server computes for a declared resource's rows (FieldDeclaration.computed): a
 * report's deliveries count and totals. The area that owns the inputs registers one computation
 * per resource; the engine calls it once per answer with every row of the page (one query for a
 * page, not one per row) and adds the values to each record. Without a computation the values
 * are null: nothing has been computed, and the screen shows an empty cell rather than a made-up 0.
 *
 * Remembered values: a computation whose every input change bumps the resource table's version
 * (exact-count.ts: a write of the table itself, or one that takes lockTableVersion) may say so
 * (`versioned`). A list page then reuses a row's values while the version its page statement read
 * is the one they were computed under, as the list's total is: a page of reports costs no query
 * for its deliveries while nothing changed. Why it stays exact: the values are computed after the
 * page statement read version v; a change committed in between moves the version past v for
 * every later statement, so values remembered under v are only ever read while nothing changed.
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceDeclaration } from '../../src/domain/resources/types';

type Row = Record<string, unknown>;

/**
 * Values by row id; a row left out gets null for every computed field. Beside the computed fields
 * a row's values may hold LINE_AMOUNTS: each `lines` field's amount per line in cents, in the
 * lines' order, as the server's figures have them (an invoice's: src/domain/invoices/totals.ts
 * invoiceFigures, a sent one's as stored). An answer that carries the lines (a record's page) gets
 * them; a list's rows, which carry no lines, do not.
 */
export type ComputeFields = (app: FastifyInstance, rows: readonly Row[]) => Promise<Map<string, Row>>;

/** The key of the lines' amounts in a computation's values and in a record's answer. */
export const LINE_AMOUNTS = '_lineAmounts';

export interface ComputeOptions {
  /** Every change to the inputs bumps the resource table's version (see above). */
  versioned?: boolean;
}

const computations = new Map<string, { compute: ComputeFields; versioned: boolean }>();
/** Rows remembered per database (tests open many); the oldest go first past this. */
const MAX_REMEMBERED = 20_000;
const memories = new WeakMap<object, Map<string, { version: string; values: Row }>>();

/** Call from the area's plugin (once per process; a second registration replaces the first). */
export function registerComputedFields(resourceName: string, compute: ComputeFields, options: ComputeOptions = {}) {
  computations.set(resourceName, { compute, versioned: options.versioned ?? false });
}

export const computedFields = (resource: ResourceDeclaration) =>
  Object.entries(resource.fields).filter(([, f]) => f.computed);

/**
 * Each row's computed values (null where none was computed), written into the row's answer
 * `out`. `version`: the resource table's version the rows were read at (exact-count.ts
 * pageWithTotal), for a versioned computation to reuse what it computed under the same version.
 */
export async function computedValues(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  rows: readonly Row[],
  version?: string,
): Promise<(row: Row, out: Row, withLines?: boolean) => void> {
  const keys = computedFields(resource).map(([key]) => key);
  const registered = computations.get(resource.name);
  let found = new Map<string, Row>();
  if (registered && rows.length) {
    found =
      registered.versioned && version !== undefined
        ? await remembered(app, resource.name, registered.compute, rows, version)
        : await registered.compute(app, rows);
  }
  return (row, out, withLines) => {
    const values = found.get(row.id as string);
    for (const key of keys) out[key] = values?.[key] ?? null;
    if (withLines && values?.[LINE_AMOUNTS]) out[LINE_AMOUNTS] = values[LINE_AMOUNTS];
  };
}

/** The rows' values under `version`: remembered ones as they are, the others computed (one call) and remembered. */
async function remembered(
  app: FastifyInstance,
  resourceName: string,
  compute: ComputeFields,
  rows: readonly Row[],
  version: string,
): Promise<Map<string, Row>> {
  let memory = memories.get(app.ctx.database.db);
  if (!memory) memories.set(app.ctx.database.db, (memory = new Map()));
  const key = (row: Row) => `${resourceName}\u0000${String(row.id)}`;
  const found = new Map<string, Row>();
  const missing: Row[] = [];
  for (const row of rows) {
    const known = memory.get(key(row));
    if (known && known.version === version) found.set(row.id as string, known.values);
    else missing.push(row);
  }
  if (!missing.length) return found;
  const computed = await compute(app, missing);
  for (const row of missing) {
    const values = computed.get(row.id as string);
    if (!values) continue;
    found.set(row.id as string, values);
    // Re-inserted at the end: Map keeps insertion order, so the first keys are the oldest.
    memory.delete(key(row));
    memory.set(key(row), { version, values });
  }
  while (memory.size > MAX_REMEMBERED) memory.delete(memory.keys().next().value!);
  return found;
}
