/**
 * The app's one set of main-layout route rules: the brief's matrix (src/domain/access.ts), the
 * routes of our own that areas add (their manifests, src/custom/areas.ts), and the declared
 * resources' list / create / edit / show routes (src/resources/route-rules.ts). A brief path keeps
 * the brief's roles; unit tests check that manifests and declarations agree with them. The
 * guards, the access-control provider, the sidebar and the router all read these.
 */
import { ROUTE_RULES, routeAccess, type RouteRule } from '../domain/access';
import { makeMainLayoutGuard } from '../domain/guards';
import { RESOURCES } from '../resources/registry';
import { resourceRoutes, routeShape } from '../resources/route-rules';
import { AREAS } from './areas';

const known = (rules: readonly RouteRule[], path: string) =>
  rules.some((rule) => routeShape(rule.path) === routeShape(path));

/** Area routes that the brief does not list, with the roles their manifest gives. */
export const AREA_RULES: readonly RouteRule[] = AREAS.flatMap((area) =>
  area.routes.flatMap((route) =>
    route.roles && !known(ROUTE_RULES, route.path) ? [{ path: route.path, roles: route.roles }] : [],
  ),
);

const RESOURCE_RULES = resourceRoutes(RESOURCES);

/**
 * An area's own route and a resource's route of the same shape serve different roles (IT's desk
 * ticket page and a fleet manager's service ticket on `ticket_management/:id`): the one rule
 * lets in the roles of both, and the page shown is the one for the role (main-routes.tsx).
 */
const withResourceRoles = (rule: RouteRule): RouteRule => {
  const same = RESOURCE_RULES.filter((r) => routeShape(r.path) === routeShape(rule.path));
  if (!same.length || rule.roles === 'any') return rule;
  return { ...rule, roles: [...new Set([...rule.roles, ...same.flatMap((r) => r.roles)])] };
};

const BRIEF_AND_AREAS: readonly RouteRule[] = [...ROUTE_RULES, ...AREA_RULES.map(withResourceRoles)];

export const MAIN_ROUTE_RULES: readonly RouteRule[] = [
  ...BRIEF_AND_AREAS,
  ...RESOURCE_RULES.filter((route) => !known(BRIEF_AND_AREAS, route.path)),
];

export const { findRouteRule, canAccessPath, homeFor } = routeAccess(MAIN_ROUTE_RULES);

export const mainLayoutGuard = makeMainLayoutGuard(canAccessPath);
