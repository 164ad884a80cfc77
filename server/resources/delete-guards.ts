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
