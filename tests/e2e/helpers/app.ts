/** Steps a person takes in the app, shared by the browser tests. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '../../../public/locales/en/translation.json';
import { HOME_BY_ROLE } from '../../../src/domain/access';
import { API } from '../../../src/domain/api-paths';
import { STORAGE_KEYS } from '../../../src/domain/constants';
import { sidebarLinksFor } from '../../../src/custom/layout/sidebar-items';
import type { Role } from '../../../src/domain/roles';
import { BASE_URL, DESKTOP, launch, newContext, parked, setLook, trackErrors, visit } from './browser';

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

/**
 * Signs `page` in as the demo account of `role` and waits on its home. A role's session is
 * signed in through the login form once and then reused by the files after it (the way a person
 * keeps one browser signed in), stored in E2E_SESSION_DIR per server (global-setup.ts): a file
 * that needs no sign-in of its own skips the login page, the password hashing and the redirect.
 * A stored session older than SESSION_REUSE_MS, or one the server no longer accepts (signed
 * out, its password changed), is replaced by a new sign-in. `fresh` always signs in through
 * the form: for tests that count sign-ins or sessions, or that end the session.
 */
export async function signInAs(
  page: Page,
  role: Role,
  { fresh = false, at }: { fresh?: boolean; /** A page to open instead of the role's home. */ at?: string } = {},
): Promise<SignedIn> {
  const stored = fresh ? null : await usableSession(page, role);
  if (stored) {
    // The session lives in localStorage (src/providers/session.ts: the user and the selected
    // business): put back what the sign-in left there, from a light page of the same origin.
    await page.goto('/favicon.svg');
    await page.evaluate((entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, stored.entries);
    // Straight to `at` when given: a test that starts elsewhere skips drawing the home (~0.7 s).
    await page.goto(at ?? '/dashboards');
    await waitForSignedIn(page, at ? new URL(at, page.url()).pathname : HOME_BY_ROLE[role]);
    return { signedInAt: stored.savedAt, storage: stored.entries };
  }
  await page.goto('/');
  await signIn(page, ACCOUNTS[role]);
  await waitForSignedIn(page, HOME_BY_ROLE[role]);
  const signedIn = { signedInAt: Date.now(), storage: await page.evaluate(() => Object.entries(localStorage)) };
  // A fresh session is the test's own (it may refresh or end it): only a plain sign-in is kept.
  if (!fresh && process.env.E2E_SESSION_DIR)
    writeFileSync(sessionFile(role), JSON.stringify({ savedAt: signedIn.signedInAt, entries: signedIn.storage }));
  if (at) await visit(page, at);
  return signedIn;
}

/** A sign-in: when its session was made, and what it left in localStorage (the session and the business). */
interface SignedIn {
  signedInAt: number;
  storage: [string, string][];
}

/**
 * A file's signed-in pages, one per role, kept open from one test to the next: the looks test
 * takes the page the journey left instead of a new context and a second load of the app (about
 * 3 s of Chromium's CPU each, the most expensive thing a browser test does). A page comes back
 * in the default look (light, desktop), on `at` (else the role's home), with `errors` collecting this test's
 * uncaught page errors (from before the load when the page is new to the file). A test that fails
 * leaves its page to be printed and closed, so the next test (or the retry) starts from a new one;
 * the file's last failed page is closed when the file ends.
 *
 * The pages are the worker's, lent to one file after another (lendPage): a file's first call for a
 * role takes the page the files before it used, set back and loaded anew, instead of a context and
 * a cold start of its own. When the file ends they are parked (parkPage) for the next file.
 */
export function keptPages() {
  const kept = new Map<Role, Page>();
  /** Pages of failed tests, closed at the next call: see onTestFailed below. */
  const failed: Page[] = [];
  const closeFailed = async () => {
    for (const old of failed.splice(0))
      await old
        .context()
        .close()
        .catch(() => undefined);
  };
  afterAll(async () => {
    await closeFailed();
    for (const page of kept.values()) await parkPage(page);
  });
  return async function signedInPage(role: Role, { at }: { at?: string } = {}) {
    await closeFailed();
    let page = kept.get(role);
    let errors: string[];
    if (page && !page.isClosed()) {
      errors = trackErrors(page);
      await setLook(page, { colorScheme: 'light', viewport: DESKTOP });
      // Where a new sign-in would land: `at`, else the role's home.
      const to = at ?? HOME_BY_ROLE[role];
      await visit(page, to);
      await waitForPath(page, new URL(to, page.url()).pathname);
    } else {
      ({ page, errors } = await lendPage(role, at));
      kept.set(role, page);
    }
    const mine = page;
    // Not closed here: a test's failure handlers run last registered first, so closing it now
    // came before explain-failures.ts printed what it showed (a CI failure printed only another
    // test's page). It is closed at the next call, or when the file ends; no later file gets it.
    onTestFailed(() => {
      kept.delete(role);
      if (lent.get(role)?.page === mine) lent.delete(role);
      failed.push(mine);
    });
    return { page, errors };
  };
}

/**
 * The worker's signed-in pages, one per role, each with when its session was made and what the
 * sign-in left in the browser's storage. The e2e project runs with isolate: false, so this module
 * outlives a file. Before, each file opened a context per role and started the app cold in it (a
 * new renderer, every script fetched and compiled again, the stored session put back from a page
 * of its own). The pages go with the worker: its connection to the browser ends with it.
 */
const lent = new Map<Role, { page: Page; signedInAt: number; storage: [string, string][] }>();

/** The worker's own connection to the run's browser, for the pages it lends (a file's closes with the file). */
let lender: Promise<Browser> | undefined;

/**
 * The role's page for a file, loaded on `at` (else the role's home). A page a file before used
 * is set back first: its other pages closed, its routes and permissions dropped, the storage the
 * sign-in left put back (a venue, business, domain, language or theme a file chose does not follow
 * it) and the app loaded anew, so the file starts from a fresh load as in a context of its own, on
 * a warm cache. A session older than SESSION_REUSE_MS
 * (the same rule as the stored sessions, below) or one the server no longer accepts (signed out
 * everywhere by a password change) gets a new context and sign-in.
 */
async function lendPage(role: Role, at: string | undefined): Promise<{ page: Page; errors: string[] }> {
  const held = lent.get(role);
  lent.delete(role);
  if (held && !held.page.isClosed() && Date.now() - held.signedInAt < SESSION_REUSE_MS) {
    const { page } = held;
    parked.delete(page);
    const context = page.context();
    for (const other of context.pages()) if (other !== page) await other.close();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearPermissions();
    if (!new URL(page.url(), BASE_URL()).href.startsWith(BASE_URL())) await page.goto(PARKING);
    const session = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user);
    if (session && (await accepted(page, session))) {
      // As a file's own context starts: with the sign-in's storage, unless the app has renewed the
      // tokens since (it does on a 401 only), whose new pair must be kept.
      const signedIn = held.storage.find(([key]) => key === STORAGE_KEYS.user)?.[1];
      const renewed = !signedIn || tokenOf(signedIn) !== tokenOf(session);
      await page.evaluate(
        ([storage, key, kept]) => {
          localStorage.clear();
          sessionStorage.clear();
          for (const [name, value] of storage) localStorage.setItem(name, value);
          if (kept) localStorage.setItem(key, kept);
        },
        [held.storage, STORAGE_KEYS.user, renewed ? session : null] as const,
      );
      // The default look, set before the load (setLook waits on the app, which the parked page is not).
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(DESKTOP);
      const errors = trackErrors(page);
      await page.goto(at ?? '/dashboards');
      await waitForSignedIn(page, at ? new URL(at, page.url()).pathname : HOME_BY_ROLE[role]);
      lent.set(role, held);
      return { page, errors };
    }
  }
  if (held)
    await held.page
      .context()
      .close()
      .catch(() => undefined);
  lender ??= launch();
  const page = await (await newContext(await lender)).newPage();
  const errors = trackErrors(page);
  const { signedInAt, storage } = await signInAs(page, role, { at });
  lent.set(role, { page, signedInAt, storage });
  return { page, errors };
}

/** A light page of the app's origin: a parked page keeps its storage but runs none of the app. */
const PARKING = '/favicon.svg';

/**
 * Puts a lent page aside when its file ends: on a light page of the origin, so it neither holds
 * the app's live connection nor redraws for the files after it until one takes it.
 */
async function parkPage(page: Page) {
  if (page.isClosed()) return;
  for (const other of page.context().pages()) if (other !== page) await other.close();
  await page.goto(PARKING).catch(() => undefined);
  parked.add(page);
}

/** The access token of a stored session (the `user` entry of localStorage). */
const tokenOf = (session: string) => (JSON.parse(session) as { auth?: { authorization?: string } }).auth?.authorization;

/** Whether the server still accepts a stored session. */
async function accepted(page: Page, session: string): Promise<boolean> {
  const token = tokenOf(session);
  if (!token) return false;
  return (await page.request.get(API.me, { headers: { authorization: token } })).ok();
}

/**
 * Reused for 5 minutes: well inside the access token's 15 (server/config.ts), so no page that
 * reuses it ever refreshes it, and two pages holding the same refresh token never race to spend
 * it (the second would be taken for a thief and end the session).
 */
const SESSION_REUSE_MS = 5 * 60_000;

const sessionFile = (role: Role) => join(process.env.E2E_SESSION_DIR!, `${role}.json`);

/** The stored session of `role` (localStorage entries) if it is young enough and the server still accepts it. */
async function usableSession(page: Page, role: Role): Promise<{ savedAt: number; entries: [string, string][] } | null> {
  if (!process.env.E2E_SESSION_DIR || !existsSync(sessionFile(role))) return null;
  const stored = JSON.parse(readFileSync(sessionFile(role), 'utf8')) as {
    savedAt: number;
    entries: [string, string][];
  };
  const user = stored.entries.find(([key]) => key === STORAGE_KEYS.user)?.[1];
  if (!user || Date.now() - stored.savedAt > SESSION_REUSE_MS) return null;
  return (await accepted(page, user)) ? stored : null;
}

/** The sidebar's links as (label, href) in display order, with collapsible groups opened. */
export async function sidebarContent(page: Page) {
  const nav = page.getByRole('navigation', { name: en.layout.mainNavigation });
  await nav.waitFor();
  for (const group of await nav.getByRole('button', { name: en.sidebar.groups.dealsManagement }).all()) {
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  }
  // One read of the whole list (a round trip per link cost a second or two for a long sidebar).
  return nav.evaluate((root) =>
    [...root.querySelectorAll<HTMLAnchorElement>('a[href]')].map((link) => ({
      label: link.innerText.trim(),
      href: link.getAttribute('href'),
    })),
  );
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
