/** Which declared resources point at a given one (for "still used by …" on delete). */
import type { FastifyInstance } from 'fastify';
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { allDeclarations, tableOf } from './tables';
import type { ResourceTable } from './table';

/**
 * The resources each app serves, by its context. The tables' registry (tables.ts) is the
 * process's and keeps every declaration it was ever given; a second app in the same process (the
 * API tests' files share a worker) must not look for references in a throwaway resource's table
 * that only an earlier app's database had: a contact's delete asked for resource-engine's
 * `gadgets` table in live-events' database and answered 500.
 */
const served = new WeakMap<object, readonly ResourceDeclaration[]>();

/** Called by the resources plugin with the resources this app serves. */
export function setServedResources(app: FastifyInstance, resources: readonly ResourceDeclaration[]) {
  served.set(app.ctx, resources);
}

export function referencesTo(
  app: FastifyInstance,
  name: string,
): { resource: ResourceDeclaration; table: ResourceTable; field: string; many: boolean }[] {
  return (served.get(app.ctx) ?? allDeclarations()).flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, f]) => (f.type === 'reference' || f.type === 'references') && f.references?.resource === name)
      .map(([field, f]) => ({ resource, table: tableOf(resource.name), field, many: f.type === 'references' })),
  );
}
