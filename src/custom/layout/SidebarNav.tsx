import { Suspense, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../domain/roles';
import type { SidebarGroup, SidebarItem, SidebarLink } from '../../domain/sidebar';
import { links, sidebarFor, withPrivileges } from './sidebar-items';
import { useSession } from '../../providers/use-session';
import { loadSidebarIcons, SidebarIcon } from '../../ui/sidebar-icons';
import { SIDEBAR_COUNTS } from '../areas';
import './layout.css';

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

interface EntriesProps {
  items: SidebarItem[];
  role: Role;
  /** The path of the highlighted link (the current page's). */
  active: string | undefined;
  open: string[];
  onToggle: (key: string) => void;
  onNavigate?: () => void;
  /** Unique per sidebar drawn, for the ids that tie a group's heading or button to its list. */
  idPrefix: string;
}

function LinkEntry({ link, role, active, onNavigate }: { link: SidebarLink } & Omit<EntriesProps, 'items'>) {
  const { t } = useTranslation();
  const Count = SIDEBAR_COUNTS.find((c) => c.path === link.path && c.roles.includes(role))?.count;
  const current = link.path === active;
  return (
    <li className={current ? 'sidebar-entry sidebar-entry--active' : 'sidebar-entry'}>
      <Link to={link.path} className="sidebar-link" aria-current={current ? 'page' : undefined} onClick={onNavigate}>
        <SidebarIcon name={link.icon} />
        {/* Declared resources bring their own label key (src/custom/layout/sidebar-items.ts). */}
        <span className="sidebar-label">{t('labelKey' in link ? String(link.labelKey) : `sidebar.${link.key}`)}</span>
      </Link>
      {/* A live count sits beside the link, not in it: the link's name stays the page's name. */}
      {Count && (
        <Suspense fallback={null}>
          <Count />
        </Suspense>
      )}
    </li>
  );
}

/** A collapsible group: a button that shows or hides its links, coloured while it holds the current page. */
function Submenu({ group, ...props }: { group: SidebarGroup } & Omit<EntriesProps, 'items'>) {
  const { t } = useTranslation();
  const expanded = props.open.includes(group.key);
  const holdsActive = links(group.children).some((link) => link.path === props.active);
  const listId = `${props.idPrefix}-${group.key}`;
  return (
    <li className="sidebar-submenu">
      <button
        type="button"
        className={
          holdsActive ? 'sidebar-entry sidebar-toggle sidebar-toggle--holds-active' : 'sidebar-entry sidebar-toggle'
        }
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => props.onToggle(group.key)}
      >
        <span className="sidebar-label">{t(`sidebar.groups.${group.key}`)}</span>
        <span className="sidebar-arrow" aria-hidden />
      </button>
      <ul id={listId} className="sidebar-list sidebar-list--sub" hidden={!expanded}>
        <Entries {...props} items={group.children} />
      </ul>
    </li>
  );
}

/** A titled section: a heading and its links, always shown. */
function Section({ group, ...props }: { group: SidebarGroup } & Omit<EntriesProps, 'items'>) {
  const { t } = useTranslation();
  const headingId = `${props.idPrefix}-${group.key}`;
  return (
    <li className="sidebar-section">
      <h2 id={headingId} className="sidebar-heading">
        {t(`sidebar.groups.${group.key}`)}
      </h2>
      <ul className="sidebar-list" aria-labelledby={headingId}>
        <Entries {...props} items={group.children} />
      </ul>
    </li>
  );
}

function Entries({ items, ...props }: EntriesProps) {
  return items.map((item) =>
    item.kind === 'link' ? (
      <LinkEntry key={item.path} link={item} {...props} />
    ) : item.collapsible ? (
      <Submenu key={item.key} group={item} {...props} />
    ) : (
      <Section key={item.key} group={item} {...props} />
    ),
  );
}

/**
 * The role's sidebar of product brief section 2: a list of real links (the current page's marked
 * `aria-current="page"` and highlighted), section headings, collapsible groups as buttons, and the
 * live counts beside their links. Plain elements styled from the theme's tokens (layout.css)
 * rather than antd's Menu, which with rc-menu and its tooltips cost every signed-in first load
 * ~20 KB gzip (docs/architecture.md, "The design card's packages").
 */
export function SidebarNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const idPrefix = `sidebar${useId()}`;
  const privileges = useSession()?.userData.privileges;
  const sidebar = useMemo(() => withPrivileges(sidebarFor(role), role, privileges), [role, privileges]);
  const active = activeLink(links(sidebar), pathname)?.path;
  // The groups the user opened stay open; arriving on a page (a link in a page, Back) also opens
  // the group that holds it, so the highlighted entry is always in sight.
  const [open, setOpen] = useState(() => groupsHolding(sidebar, active));
  const [openedFor, setOpenedFor] = useState(active);
  if (openedFor !== active) {
    setOpenedFor(active);
    const holding = groupsHolding(sidebar, active).filter((key) => !open.includes(key));
    if (holding.length) setOpen([...open, ...holding]);
  }
  // Only this role's icons are fetched (src/ui/sidebar-icons.tsx), all at once.
  useEffect(() => void loadSidebarIcons(links(sidebar).map((link) => link.icon)), [sidebar]);

  const toggle = (key: string) =>
    setOpen((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  return (
    <nav id="main-navigation" aria-label={t('layout.mainNavigation')} className="sidebar">
      <ul className="sidebar-list">
        <Entries
          items={sidebar}
          role={role}
          active={active}
          open={open}
          onToggle={toggle}
          onNavigate={onNavigate}
          idPrefix={idPrefix}
        />
      </ul>
    </nav>
  );
}
