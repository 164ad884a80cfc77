/**
 * Values the server computes for a declared resource's rows (FieldDeclaration.computed): a
 * report's deliveries count and totals. The area that owns the inputs registers one computation
 * per resource; the engine calls it once per answer with every row of the page (one query for a
 * page, not one per row) and adds the values to each record. Without a computation the values
 * are null: nothing has been computed, and the screen shows an empty cell rather than a made-up 0.
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceDeclaration } from '../../src/domain/resources/types';

type Row = Record<string, unknown>;

/** Values by row id; a row left out gets null for every computed field. */
export type ComputeFields = (app: FastifyInstance, rows: readonly Row[]) => Promise<Map<string, Row>>;

const computations = new Map<string, ComputeFields>();

/** Call from the area's plugin (once per process; a second registration replaces the first). */
export function registerComputedFields(resourceName: string, compute: ComputeFields) {
  computations.set(resourceName, compute);
}

export const computedFields = (resource: ResourceDeclaration) =>
  Object.entries(resource.fields).filter(([, f]) => f.computed);

/** Each row's computed values (null where none was computed). */
export async function computedValues(
  app: FastifyInstance,
  resource: ResourceDeclaration,
  rows: readonly Row[],
): Promise<(row: Row) => Row> {
  const keys = computedFields(resource).map(([key]) => key);
  const compute = computations.get(resource.name);
  const found = compute && rows.length ? await compute(app, rows) : new Map<string, Row>();
  return (row) => Object.fromEntries(keys.map((key) => [key, found.get(row.id as string)?.[key] ?? null]));
}
