/**
 * Which main-layout paths have a screen today: an area's page (src/custom/areas.ts) or a
 * declared resource's generated screen. Every other path of the route matrix shows the
 * 'not built yet' state. The router reads this, and so does the check that anything pointing
 * users at a screen (the demo notifications) points at one that exists.
 */
import type { ComponentType } from 'react';
import type { Role } from '../../domain/roles';
import { AREAS } from '../areas';
import { withAreaStrings } from '../area-strings';
import { RESOURCES } from '../../resources/registry';
import { resourceRoutes, routeShape, type ResourceRoute } from '../../resources/route-rules';
import type { ResourceDeclaration } from '../../domain/resources/types';

/** An area's page on a path, and the roles it serves (undefined: every role the path allows). */
export interface AreaPage {
  /** The area's lazy page, drawn once its strings are loaded too (area-strings.tsx). */
  page: ComponentType;
  forRoles?: readonly Role[];
}

/** The areas' screens by main-layout path; more than one only when they split the path by role. */
export const PAGE_MAP: ReadonlyMap<string, readonly AreaPage[]> = AREAS.flatMap((area) =>
  area.routes.map((route) => ({ ...route, page: withAreaStrings(area.name, route.page) })),
).reduce(
  (map, route) => map.set(route.path, [...(map.get(route.path) ?? []), { page: route.page, forRoles: route.forRoles }]),
  new Map<string, AreaPage[]>(),
);

/** Of the pages on one path, the one a role sees: the first that serves it. */
export const pickPage = (pages: readonly AreaPage[], role: Role | undefined): ComponentType | undefined =>
  pages.find((p) => !p.forRoles || (role !== undefined && p.forRoles.includes(role)))?.page;

/** The page a role sees on a path, if an area built one for it. */
export const pageFor = (path: string, role: Role | undefined) => pickPage(PAGE_MAP.get(path) ?? [], role);

/** Declared resources' screens by route shape (a spec path may name its id `:userID`). */
export const RESOURCE_SCREENS: ReadonlyMap<string, ResourceRoute & { declaration: ResourceDeclaration }> = new Map(
  resourceRoutes(RESOURCES).map((route) => [
    routeShape(route.path),
    { ...route, declaration: RESOURCES.find((r) => r.name === route.resource)! },
  ]),
);

const matches = (pattern: string, path: string) => {
  const want = pattern.split('/');
  const got = path.split('/');
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
};

/**
 * The built screen's route pattern for a concrete app path ('/club_management/42' →
 * 'club_management/:clubId'), or null when that path shows no built screen.
 */
export function builtRouteFor(path: string): string | null {
  const bare = path
    .replace(/^\//, '')
    .replace(/[?#].*$/, '')
    .replace(/\/$/, '');
  for (const pattern of PAGE_MAP.keys()) if (matches(pattern, bare)) return pattern;
  for (const screen of RESOURCE_SCREENS.values()) if (matches(screen.path, bare)) return screen.path;
  return null;
}
