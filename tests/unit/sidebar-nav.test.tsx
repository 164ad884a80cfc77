import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useNavigate } from 'react-router';
import { SidebarNav } from '../../src/custom/layout/SidebarNav';
import { sidebarLinksFor } from '../../src/custom/layout/sidebar-items';
import { SIDEBAR_ICONS } from '../../src/ui/sidebar-icons';
import type { Role } from '../../src/domain/roles';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(to)}>Go {to}</button>;
}

function renderAt(path: string, role: Role = 'ADMIN', onNavigate?: () => void) {
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={[path]}>
        <SidebarNav role={role} onNavigate={onNavigate} />
        <GoTo to="/task_management" />
        <GoTo to="/client_management" />
      </MemoryRouter>
    </ConfigProvider>,
  );
}

/** Every link's icon is drawn (its code arrived): nothing is left loading when the test ends. */
async function iconsDrawn() {
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  await waitFor(() => expect(nav.querySelector('.sidebar-icon-pending')).toBeNull());
}

it('arriving on a page inside a closed group opens that group', async () => {
  renderAt('/client_management');
  expect(screen.queryByRole('link', { name: 'Tasks' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Go /task_management' }));
  await waitFor(() => expect(screen.getByRole('link', { name: 'Tasks' })).toBeTruthy());
  await iconsDrawn();
});

it('is a list of links, the current page marked, under section headings', async () => {
  renderAt('/contact_management/abc');
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  expect(within(nav).queryAllByRole('menuitem')).toEqual([]);
  // A record's page is under its list: the list's link is the current one.
  const contacts = within(nav).getByRole('link', { name: 'Contacts' });
  expect(contacts.getAttribute('href')).toBe('/contact_management');
  expect(contacts.getAttribute('aria-current')).toBe('page');
  expect(nav.querySelectorAll('[aria-current]')).toHaveLength(1);
  expect(contacts.closest('li')?.className).toContain('sidebar-entry--active');
  // Each section is a heading naming its list.
  const crm = within(nav).getByRole('heading', { name: 'CRM', level: 2 });
  const list = within(nav).getByRole('list', { name: 'CRM' });
  expect(list.getAttribute('aria-labelledby')).toBe(crm.id);
  expect(within(list).getByRole('link', { name: 'Companies' })).toBeTruthy();
  await iconsDrawn();
});

it('opens and closes a collapsible group with its button; an opened group stays open across pages', async () => {
  renderAt('/client_management');
  const deals = screen.getByRole('button', { name: 'Deals Management' });
  expect(deals.getAttribute('aria-expanded')).toBe('false');
  const list = document.getElementById(deals.getAttribute('aria-controls')!)!;
  expect(list.hidden).toBe(true);
  fireEvent.click(deals);
  expect(deals.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('link', { name: 'Deals' })).toBeTruthy();
  // Another page outside the group: it stays open, the user opened it.
  fireEvent.click(screen.getByRole('button', { name: 'Go /task_management' }));
  fireEvent.click(screen.getByRole('button', { name: 'Go /client_management' }));
  await waitFor(() => expect(screen.getByRole('link', { name: 'Clients' }).getAttribute('aria-current')).toBe('page'));
  expect(deals.getAttribute('aria-expanded')).toBe('true');
  fireEvent.click(deals);
  expect(screen.queryByRole('link', { name: 'Deals' })).toBeNull();
  await iconsDrawn();
});

it('tells the drawer a link was followed, so it closes', async () => {
  const onNavigate = vi.fn();
  renderAt('/client_management', 'ADMIN', onNavigate);
  fireEvent.click(screen.getByRole('link', { name: 'Markets' }));
  expect(onNavigate).toHaveBeenCalledTimes(1);
  await iconsDrawn();
});

it("fetches only the role's own icons", async () => {
  const asked = new Set<string>();
  for (const name of Object.keys(SIDEBAR_ICONS)) {
    const load = SIDEBAR_ICONS[name]!;
    vi.spyOn(SIDEBAR_ICONS, name).mockImplementation(() => {
      asked.add(name);
      return load();
    });
  }
  renderAt('/', 'USER');
  await iconsDrawn();
  const own = new Set(sidebarLinksFor('USER').map((link) => link.icon));
  // What an earlier test of this worker fetched is not fetched again; nothing else is fetched.
  expect([...asked].filter((name) => !own.has(name))).toEqual([]);
  const links = screen.getAllByRole('link');
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.querySelector('svg'), link.textContent ?? '').toBeTruthy();
});
