/**
 * Rules a bespoke area adds to a declared resource's delete: the engine already refuses deleting
 * a row other declared resources still reference, but an area's own tables (a venue's
 * reservations, its events) are not declarations, and their foreign keys cascade so a deleted
 * venue leaves nothing behind. A guard lets the area say "not while this still matters" — the
 * engine runs it before every delete of that resource (single and bulk) and answers 409 with
 * its message, deleting nothing.
 */
import type { FastifyInstance } from 'fastify';

/** The refusal's message, or null to let the delete go on. */
export type DeleteGuard = (app: FastifyInstance, row: Record<string, unknown>) => Promise<string | null>;

const guards = new Map<string, DeleteGuard[]>();

/** Call from the area's plugin (once per process; the same guard twice is kept once). */
export function registerDeleteGuard(resourceName: string, guard: DeleteGuard) {
  const list = guards.get(resourceName) ?? [];
  if (!list.includes(guard)) list.push(guard);
  guards.set(resourceName, list);
}

export const deleteGuardsOf = (resourceName: string): readonly DeleteGuard[] => guards.get(resourceName) ?? [];

/**
 * Files an area keeps for a resource's records outside their table (a report's deliveries' proofs
 * of delivery, which the database cascade deletes with the report, leaving the files behind).
 * `prepare` runs before the delete (single and bulk) with the rows about to go and answers the
 * work to do once it has committed; a failed or refused delete runs nothing.
 */
export type DeleteCleanup = (
  app: FastifyInstance,
  rows: readonly Record<string, unknown>[],
) => Promise<() => Promise<void>>;

const cleanups = new Map<string, DeleteCleanup[]>();

/** Call from the area's plugin (once per process; the same cleanup twice is kept once). */
export function registerDeleteCleanup(resourceName: string, cleanup: DeleteCleanup) {
  const list = cleanups.get(resourceName) ?? [];
  if (!list.includes(cleanup)) list.push(cleanup);
  cleanups.set(resourceName, list);
}

/** What to run after these rows' delete has committed (each area's cleanup, in turn). */
export async function prepareDeleteCleanups(
  app: FastifyInstance,
  resourceName: string,
  rows: readonly Record<string, unknown>[],
): Promise<() => Promise<void>> {
  const after = await Promise.all((cleanups.get(resourceName) ?? []).map((prepare) => prepare(app, rows)));
  return async () => {
    for (const run of after) await run();
  };
}
