/** Which declared resources point at a given one (for "still used by …" on delete). */
import type { ResourceDeclaration } from '../../src/domain/resources/types';
import { allDeclarations, tableOf } from './tables';
import type { ResourceTable } from './table';

export function referencesTo(
  name: string,
): { resource: ResourceDeclaration; table: ResourceTable; field: string; many: boolean }[] {
  return allDeclarations().flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, f]) => (f.type === 'reference' || f.type === 'references') && f.references?.resource === name)
      .map(([field, f]) => ({ resource, table: tableOf(resource.name), field, many: f.type === 'references' })),
  );
}
