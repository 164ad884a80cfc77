/**
 * A role's sidebar: the brief's (section 2, src/domain/sidebar.ts), then the links areas add in
 * their manifests (src/custom/areas.ts), then every declared resource the role may list and does
 * not already have a link to. An added link goes into its `group` when the role's sidebar has
 * that group, else at the end.
 */
import type { Role } from '../../domain/roles';
import { canAccessPath } from '../route-access';
import { SIDEBAR, type SidebarItem, type SidebarLink } from '../../domain/sidebar';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { RESOURCES } from '../../resources/registry';
import type { AreaManifest } from '../area';
import { AREAS } from '../areas';

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

export function sidebarFor(
  role: Role,
  resources: readonly ResourceDeclaration[] = RESOURCES,
  areas: readonly AreaManifest[] = AREAS,
): SidebarItem[] {
  let items = SIDEBAR[role];
  const place = (link: SidebarLink, group: string | undefined) => {
    if (links(items).some((l) => l.path === link.path)) return;
    items = withLink(items, group, link) ?? [...items, link];
  };
  for (const area of areas) {
    for (const { key, path, icon, roles, group } of area.sidebar ?? []) {
      if (roles.includes(role)) place({ kind: 'link', key, path, icon }, group);
    }
  }
  for (const resource of resources) {
    if (!resource.access.list.includes(role)) continue;
    const link: ResourceSidebarLink = {
      kind: 'link',
      key: `resource-${resource.name}`,
      path: `/${resource.routes.list}`,
      icon: resource.menu?.icon ?? 'appstore',
      labelKey: `resources.${resource.name}.name`,
    };
    place(link, resource.menu?.group);
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
