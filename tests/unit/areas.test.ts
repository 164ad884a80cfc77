// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ROUTE_RULES } from '../../src/domain/access';
import { AREAS } from '../../src/custom/areas';
import { links, sidebarFor } from '../../src/custom/layout/sidebar-items';
import { canAccessPath, MAIN_ROUTE_RULES } from '../../src/custom/route-access';
import { routeShape } from '../../src/resources/route-rules';
import { ROLES } from '../../src/domain/roles';
import { PRIVILEGE_KEYS } from '../../src/domain/team';
import type { AreaManifest } from '../../src/custom/area';

const inBrief = (path: string) => ROUTE_RULES.some((rule) => routeShape(rule.path) === routeShape(path));

describe('area manifests', () => {
  it('give each main-layout path one page per role, across all areas', () => {
    // A path several areas declare (business_management: IT's desk lookup, owners' businesses) is
    // split by role: each declares `forRoles`, and no role is served twice.
    const routes = AREAS.flatMap((area) => area.routes);
    const claims = routes.flatMap((r) => (r.forRoles ?? ['every role']).map((role) => `${routeShape(r.path)} ${role}`));
    expect(new Set(claims).size).toBe(claims.length);
    for (const r of routes) {
      const shared = routes.filter((o) => routeShape(o.path) === routeShape(r.path)).length > 1;
      if (shared) expect(r.forRoles, `${r.path} is shared, so says forRoles`).toBeDefined();
    }
    expect(new Set(AREAS.map((a) => a.name)).size).toBe(AREAS.length);
  });

  it("take a brief route's roles from the brief, and state roles only for routes of their own", () => {
    for (const area of AREAS) {
      for (const route of area.routes) {
        if (inBrief(route.path))
          expect(route.roles, `${area.name}: ${route.path} restates the brief's roles`).toBe(undefined);
        else expect(route.roles, `${area.name}: ${route.path} needs roles`).toBeDefined();
      }
    }
  });

  it('put every area route into the one rule set the router, guards and sidebar read', () => {
    for (const route of AREAS.flatMap((a) => a.routes)) {
      expect(
        MAIN_ROUTE_RULES.some((rule) => routeShape(rule.path) === routeShape(route.path)),
        route.path,
      ).toBe(true);
    }
    // an area's own route opens for exactly its roles
    for (const role of ROLES) {
      expect(canAccessPath(role, '/team_management', PRIVILEGE_KEYS), role).toBe(role === 'CLUBOWNER');
      expect(canAccessPath(role, '/announcements', PRIVILEGE_KEYS), role).toBe(role === 'ADMIN');
    }
  });

  it("add their sidebar links for their roles only, into the named group when the role's sidebar has it", () => {
    const extra: AreaManifest = {
      name: 'gadgets',
      routes: [],
      sidebar: [{ key: 'gadgets', path: '/gadget_management', icon: 'tags', roles: ['ADMIN', 'IT'], group: 'crm' }],
    };
    const adminCrm = sidebarFor('ADMIN', [], [extra]).find((i) => i.kind === 'group' && i.key === 'crm');
    expect(adminCrm && adminCrm.kind === 'group' && adminCrm.children.at(-1)).toMatchObject({
      path: '/gadget_management',
    });
    // IT has no 'crm' group: the link goes last
    expect(links(sidebarFor('IT', [], [extra])).at(-1)?.path).toBe('/gadget_management');
    expect(links(sidebarFor('USER', [], [extra])).some((l) => l.path === '/gadget_management')).toBe(false);
  });
});
