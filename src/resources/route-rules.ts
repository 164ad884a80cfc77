/**
 * The client routes of the declared resources and the roles allowed on each, derived from the
 * declarations alone: list → access.list, create → access.create, edit → access.update,
 * show → access.show. src/custom/route-access.ts merges these into the one route matrix, so the
 * guards, the access-control provider and the router all read the same rules.
 */
import type { RouteRule } from '../domain/access';
import type { Operation, ResourceDeclaration } from '../domain/resources/types';
import type { Role } from '../domain/roles';

export type ScreenKind = 'list' | 'create' | 'edit' | 'show';

export interface ResourceRoute extends RouteRule {
  roles: readonly Role[];
  resource: string;
  kind: ScreenKind;
}

const OPERATION: Record<ScreenKind, Operation> = { list: 'list', create: 'create', edit: 'update', show: 'show' };
// Static paths first, so 'x/create' is never read as the show route 'x/:id'.
const ORDER: readonly ScreenKind[] = ['list', 'create', 'edit', 'show'];

export function resourceRoutes(resources: readonly ResourceDeclaration[]): ResourceRoute[] {
  return resources.flatMap((resource) =>
    ORDER.flatMap((kind) => {
      const path = resource.routes[kind];
      return path ? [{ path, kind, resource: resource.name, roles: resource.access[OPERATION[kind]] }] : [];
    }),
  );
}

/** A path with its parameter names blanked: 'a/:userID/b' and 'a/:id/b' are the same route. */
export const routeShape = (path: string) => path.toLowerCase().replace(/:[^/]+/g, ':');

/** `/contact_management/:id` with a concrete id. */
export function routeTo(path: string, id?: string | number): string {
  return `/${id === undefined ? path : path.replace(':id', encodeURIComponent(String(id)))}`;
}
