// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ROUTE_RULES } from '../../src/domain/access';
import { canAccessPath, findRouteRule, MAIN_ROUTE_RULES } from '../../src/custom/route-access';
import { ROLES } from '../../src/domain/roles';
import { defineResource } from '../../src/domain/resources/types';
import { resources, toRefineResource } from '../../src/resources';
import { RESOURCES } from '../../src/resources/registry';
import { resourceRoutes, routeShape } from '../../src/resources/route-rules';
import { sidebarFor, sidebarLinksFor } from '../../src/custom/layout/sidebar-items';
import { SIDEBAR_ICONS } from '../../src/ui/sidebar-icons';

const throwaway = defineResource({
  name: 'gadgets',
  table: { name: 'gadgets' },
  routes: {
    list: 'gadget_management',
    create: 'gadget_management/create',
    edit: 'gadget_management/:id/edit',
    show: 'gadget_management/:id',
  },
  menu: { group: 'crm', icon: 'tags' },
  api: { base: '/api/gadgets' },
  access: { list: ['ADMIN', 'IT'], show: ['ADMIN', 'IT'], create: ['ADMIN'], update: ['ADMIN'], delete: ['ADMIN'] },
  titleField: 'name',
  fields: { name: { type: 'string', required: true } },
});

describe('declared resources in the route matrix', () => {
  it('agree with the product brief roles wherever a resource route is a spec path', () => {
    for (const route of resourceRoutes(RESOURCES)) {
      const spec = ROUTE_RULES.find((rule) => routeShape(rule.path) === routeShape(route.path));
      if (!spec) continue;
      const briefRoles = spec.roles === 'any' ? [...ROLES] : [...spec.roles];
      // A path the brief shares between roles may be a resource for some of them only (a fleet
      // manager's service tickets on ticket_management; IT's desk is an area's page there).
      expect(route.roles.length, route.path).toBeGreaterThan(0);
      for (const role of route.roles) expect(briefRoles, route.path).toContain(role);
    }
  });

  it('derives list / create / edit / show roles from access list / create / update / show', () => {
    const routes = resourceRoutes([throwaway]);
    expect(routes.map((r) => [r.kind, r.path, r.roles])).toEqual([
      ['list', 'gadget_management', ['ADMIN', 'IT']],
      ['create', 'gadget_management/create', ['ADMIN']],
      ['edit', 'gadget_management/:id/edit', ['ADMIN']],
      ['show', 'gadget_management/:id', ['ADMIN', 'IT']],
    ]);
  });

  it('puts every resource route in the matrix the guards and the access-control provider read', () => {
    for (const route of resourceRoutes(RESOURCES)) {
      expect(
        MAIN_ROUTE_RULES.some((rule) => routeShape(rule.path) === routeShape(route.path)),
        route.path,
      ).toBe(true);
    }
    const contacts = RESOURCES.find((r) => r.name === 'contacts')!;
    for (const role of ROLES) {
      expect(canAccessPath(role, '/contact_management/create'), role).toBe(contacts.access.create.includes(role));
      expect(canAccessPath(role, '/contact_management/0b7c/edit'), role).toBe(contacts.access.update.includes(role));
      expect(canAccessPath(role, '/contact_management/0b7c'), role).toBe(contacts.access.show.includes(role));
    }
  });

  it('reads "create" as the create route, not as the id of a show route', () => {
    expect(findRouteRule('/contact_management/create')?.path).toBe('contact_management/create');
    expect(findRouteRule('/contact_management/abc')?.path).toBe('contact_management/:id');
  });

  it('gives Refine one resource per declaration with its routes, label key and icon', () => {
    expect(resources.map((r) => r.name)).toEqual(RESOURCES.map((r) => r.name));
    const refine = toRefineResource(throwaway);
    expect(refine).toMatchObject({
      name: 'gadgets',
      list: '/gadget_management',
      create: '/gadget_management/create',
      edit: '/gadget_management/:id/edit',
      show: '/gadget_management/:id',
      meta: { label: 'resources.gadgets.name' },
    });
    for (const r of RESOURCES) if (r.menu) expect(SIDEBAR_ICONS[r.menu.icon], r.name).toBeTruthy();
  });
});

describe('declared resources in the sidebar', () => {
  it('adds a resource for each role that may list it, once, into its menu group when the role has one', () => {
    const admin = sidebarFor('ADMIN', [throwaway]);
    const crm = admin.find((item) => item.kind === 'group' && item.key === 'crm');
    expect(crm?.kind === 'group' && crm.children.at(-1)).toMatchObject({
      path: '/gadget_management',
      labelKey: 'resources.gadgets.name',
    });
    // IT has no 'crm' group: the link goes at the end.
    expect(sidebarFor('IT', [throwaway]).at(-1)).toMatchObject({ path: '/gadget_management', icon: 'tags' });
    expect(JSON.stringify(sidebarFor('USER', [throwaway]))).not.toContain('gadget_management');
  });

  it('keeps spec links where they are and gives club owners their contacts', () => {
    const admin = sidebarLinksFor('ADMIN').map((l) => l.path);
    expect(admin.filter((p) => p === '/contact_management')).toHaveLength(1);
    expect(sidebarLinksFor('CLUBOWNER').map((l) => l.path)).toContain('/contact_management');
    for (const role of ROLES) {
      // The resource links (spec links and privileges are checked by access-matrix.test.ts).
      for (const link of sidebarLinksFor(role).filter((l) => 'labelKey' in l)) {
        expect(canAccessPath(role, link.path), `${role} ${link.path}`).toBe(true);
      }
    }
  });
});
