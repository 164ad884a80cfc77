/**
 * A role's sidebar: spec section 2's (src/domain/sidebar.ts) plus every declared resource the
 * role may list and does not already have a link to. The link goes into the declaration's
 * `menu.group` when the role's sidebar has that group, else at the end.
 */
import type { Role } from '../domain/roles';
import { canAccessPath } from './route-access';
import { SIDEBAR, type SidebarItem, type SidebarLink } from '../domain/sidebar';
import type { ResourceDeclaration } from '../domain/resources/types';
import { RESOURCES } from './registry';

/** A sidebar link whose label is an i18n key of its own (`resources.<name>.name`). */
export interface ResourceSidebarLink extends SidebarLink {
  labelKey: string;
}

/** Every link of a sidebar tree, in display order. */
export function links(items: SidebarItem[]): SidebarLink[] {
  return items.flatMap((item) => (item.kind === 'link' ? [item] : links(item.children)));
}

function withLink(items: SidebarItem[], group: string | undefined, link: SidebarLink): SidebarItem[] | null {
  let placed = false;
  const next = items.map((item) => {
    if (placed || item.kind !== 'group') return item;
    if (item.key === group) {
      placed = true;
      return { ...item, children: [...item.children, link] };
    }
    const inner = withLink(item.children, group, link);
    if (!inner) return item;
    placed = true;
    return { ...item, children: inner };
  });
  return placed ? next : null;
}

export function sidebarFor(role: Role, resources: readonly ResourceDeclaration[] = RESOURCES): SidebarItem[] {
  let items = SIDEBAR[role];
  for (const resource of resources) {
    const path = `/${resource.routes.list}`;
    if (!resource.access.list.includes(role) || links(items).some((l) => l.path === path)) continue;
    const link: ResourceSidebarLink = {
      kind: 'link',
      key: `resource-${resource.name}`,
      path,
      icon: resource.menu?.icon ?? 'appstore',
      labelKey: `resources.${resource.name}.name`,
    };
    items = withLink(items, resource.menu?.group, link) ?? [...items, link];
  }
  return items;
}

/** Every link of the role's sidebar, in display order. */
export const sidebarLinksFor = (role: Role): SidebarLink[] => links(sidebarFor(role));

/** Drops the links a venue employee's privileges do not open (and groups left empty). */
export function withPrivileges(items: SidebarItem[], role: Role, privileges: readonly string[] = []): SidebarItem[] {
  return items.flatMap((item): SidebarItem[] => {
    if (item.kind === 'link') return canAccessPath(role, item.path, privileges) ? [item] : [];
    const children = withPrivileges(item.children, role, privileges);
    return children.length ? [{ ...item, children }] : [];
  });
}
