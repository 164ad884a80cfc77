/** Steps a person takes in the app, shared by the browser tests. */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../../public/locales/en/translation.json';
import { HOME_BY_ROLE } from '../../../src/domain/access';
import { sidebarLinksFor } from '../../../src/custom/layout/sidebar-items';
import type { Role } from '../../../src/domain/roles';

export const PASSWORD = 'Demo1234!';

export const ACCOUNTS: Record<Role, string> = {
  ADMIN: 'admin@demo.test',
  IT: 'it@demo.test',
  MOVER: 'mover@demo.test',
  TRUCKER: 'trucker@demo.test',
  CLUBOWNER: 'clubowner@demo.test',
  VENUEEMPLOYEE: 'venueemployee@demo.test',
  USER: 'user@demo.test',
};

export async function signIn(page: Page, email: string, password = PASSWORD) {
  if (!['/', '/login'].includes(new URL(page.url()).pathname) || page.url() === 'about:blank') await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function waitForPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/** Signed in and inside the main layout (the login page and some homes share the path /). */
export async function waitForSignedIn(page: Page, home: string) {
  await page.getByRole('button', { name: /^Account menu for / }).waitFor({ timeout: 15_000 });
  await waitForPath(page, home);
}

/** Opens a page from the user menu. */
export async function openFromAccountMenu(page: Page, item: string, path: string) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await waitForPath(page, path);
}

export async function signInAs(page: Page, role: Role) {
  await page.goto('/');
  await signIn(page, ACCOUNTS[role]);
  await waitForSignedIn(page, HOME_BY_ROLE[role]);
}

/** The sidebar's links as (label, href) in display order, with collapsible groups opened. */
export async function sidebarContent(page: Page) {
  const nav = page.getByRole('navigation', { name: en.layout.mainNavigation });
  await nav.waitFor();
  for (const group of await nav.getByRole('menuitem', { name: en.sidebar.groups.dealsManagement }).all()) {
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  }
  await page.waitForTimeout(300);
  const links = nav.getByRole('link');
  const out: { label: string; href: string | null }[] = [];
  for (const link of await links.all()) {
    out.push({ label: (await link.innerText()).trim(), href: await link.getAttribute('href') });
  }
  return out;
}

/** What product brief section 2 lists for the role, plus the declared resources it may list, in English. */
export function expectedSidebar(role: Role) {
  const lookup = (key: string) =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return sidebarLinksFor(role).map((l) => ({
    label: String('labelKey' in l ? lookup(String(l.labelKey)) : lookup(`sidebar.${l.key}`)),
    href: l.path,
  }));
}

export function expectNoPageErrors(errors: string[]) {
  expect(errors, errors.join('\n')).toEqual([]);
}
