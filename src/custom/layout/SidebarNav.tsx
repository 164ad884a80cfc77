import { Suspense, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Role } from '../../domain/roles';
import type { SidebarItem, SidebarLink } from '../../domain/sidebar';
import { links, sidebarFor, withPrivileges } from './sidebar-items';
import { useSession } from '../../providers/use-session';
import { SidebarIcon } from '../../ui/sidebar-icons';
import { SIDEBAR_COUNTS } from '../areas';
import './layout.css';

type MenuItem = NonNullable<MenuProps['items']>[number];

function toMenuItems(items: SidebarItem[], t: TFunction, role: Role): MenuItem[] {
  return items.map((item): MenuItem => {
    if (item.kind === 'link') {
      const Count = SIDEBAR_COUNTS.find((c) => c.path === item.path && c.roles.includes(role))?.count;
      return {
        key: item.path,
        icon: <SidebarIcon name={item.icon} />,
        // Declared resources bring their own label key (src/custom/layout/sidebar-items.ts).
        // A live count sits beside the link, not in it: the link's name stays the page's name.
        label: (
          <>
            <Link to={item.path}>{t('labelKey' in item ? String(item.labelKey) : `sidebar.${item.key}`)}</Link>
            {Count && (
              <Suspense fallback={null}>
                <Count />
              </Suspense>
            )}
          </>
        ),
      };
    }
    const label = t(`sidebar.groups.${item.key}`);
    const children = toMenuItems(item.children, t, role);
    return item.collapsible ? { key: item.key, label, children } : { type: 'group', key: item.key, label, children };
  });
}

/** The sidebar link that the current path is, or is under (longest match wins). */
export function activeLink(links: SidebarLink[], pathname: string): SidebarLink | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return links
    .filter((link) => {
      const target = link.path.toLowerCase();
      return path === target || path.startsWith(`${target}/`);
    })
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** Keys of the collapsible groups that hold the given link, to open them on arrival. */
function groupsHolding(items: SidebarItem[], path: string | undefined, trail: string[] = []): string[] {
  for (const item of items) {
    if (item.kind === 'link' && item.path === path) return trail;
    if (item.kind === 'group') {
      const found = groupsHolding(item.children, path, item.collapsible ? [...trail, item.key] : trail);
      if (found.length) return found;
    }
  }
  return [];
}

/** The role's sidebar of product brief section 2, with the current route highlighted. */
export function SidebarNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const privileges = useSession()?.userData.privileges;
  const sidebar = useMemo(() => withPrivileges(sidebarFor(role), role, privileges), [role, privileges]);
  const items = useMemo(() => toMenuItems(sidebar, t, role), [sidebar, t, role]);
  const selected = activeLink(links(sidebar), pathname)?.path;
  // The groups the user opened stay open; arriving on a page (a link in a page, Back) also opens
  // the group that holds it, so the highlighted entry is always in sight.
  const [openKeys, setOpenKeys] = useState(() => groupsHolding(sidebar, selected));
  const [openedFor, setOpenedFor] = useState(selected);
  if (openedFor !== selected) {
    setOpenedFor(selected);
    const holding = groupsHolding(sidebar, selected).filter((key) => !openKeys.includes(key));
    if (holding.length) setOpenKeys([...openKeys, ...holding]);
  }

  return (
    <nav id="main-navigation" aria-label={t('layout.mainNavigation')}>
      <Menu
        mode="inline"
        items={items}
        selectedKeys={selected ? [selected] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
        onClick={onNavigate}
      />
    </nav>
  );
}
