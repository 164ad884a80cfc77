/**
 * Every table fits its card at 1280px (no sideways scrolling inside it): each generated list a
 * role may open and each hand-written table, signed in once per role. Also the clicks that used to
 * do nothing: a notification row opens the notification, a client row opens the client; and the
 * controls that did not say what they were (the team's switch, the transactions' first column,
 * the access log's device).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { painted, screenshot, setLook, visit, PHONE, PICTURES } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { RESOURCES } from '../../src/resources/registry';
import type { Role } from '../../src/domain/roles';

const WIDE = { width: 1280, height: 800 };

const signedInPage = keptPages();
const sessions = new Map<Role, { page: Page; errors: string[] }>();

/** One signed-in page per role (the worker's: helpers/app.ts keptPages), at 1280px for every test of this file. */
async function pageOf(role: Role): Promise<Page> {
  let session = sessions.get(role);
  if (!session || session.page.isClosed()) {
    session = await signedInPage(role);
    sessions.set(role, session);
    await setLook(session.page, { viewport: WIDE });
  }
  return session.page;
}

afterAll(() => {
  for (const { errors } of sessions.values()) expectNoPageErrors(errors);
});

const SCROLLERS = '.list-table-scroll, .ant-table-content, .ant-table-body';

/** Waits for a table with its rows (or its empty text) and no loading spinner. */
async function tableReady(page: Page) {
  // antd's first body row only measures the columns.
  await page
    .locator('.list-table tbody tr, .ant-table-tbody > tr:not(.ant-table-measure-row)')
    .first()
    .waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), null, { timeout: 15_000 });
  await painted(page);
}

/** The tables on screen whose content is wider than their scroll container. */
function overflowing(page: Page) {
  return page.evaluate((selector) => {
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => {
        const heads = [...(el.querySelectorAll('th') ?? [])].map((th) => th.textContent?.trim()).join('|');
        return `${location.pathname} [${heads}] ${el.scrollWidth} > ${el.clientWidth}`;
      });
  }, SCROLLERS);
}

/** What does not fit on the page at `path` ("no table" when none showed). */
async function unfitTables(page: Page, path: string, reach?: (page: Page) => Promise<void>): Promise<string[]> {
  await visit(page, path);
  if (reach) await reach(page);
  try {
    await tableReady(page);
  } catch (error) {
    return [`${path}: no table (${String(error).split('\n')[0]})`];
  }
  return overflowing(page);
}

const openAccessLog = (page: Page) => page.getByRole('tab', { name: 'Access log' }).click();

/** The hand-written tables each role sees (the generated lists come from the declarations). */
const HAND_WRITTEN: Partial<Record<Role, { path: string; reach?: (page: Page) => Promise<void> }[]>> = {
  ADMIN: [{ path: '/profile', reach: openAccessLog }],
  CLUBOWNER: [
    { path: '/notifications' },
    { path: '/club_transaction_management' },
    { path: '/team_management' },
    { path: '/club_event_management' },
    { path: '/settings' },
    { path: '/settings/webhooks' },
    { path: '/payment_links' },
    { path: '/reservation_management' },
  ],
  USER: [{ path: '/notifications' }],
  VENUEEMPLOYEE: [{ path: '/reservation_management' }],
};

const ROLES: Role[] = ['ADMIN', 'CLUBOWNER', 'USER', 'VENUEEMPLOYEE'];

describe('tables fit their card at 1280px', () => {
  it.each(ROLES)('every generated list and hand-written table of %s', async (role) => {
    const page = await pageOf(role);
    const lists = RESOURCES.filter((r) => r.access.list.includes(role)).map((r) => `/${r.routes.list}`);
    const unfit: string[] = [];
    for (const path of lists) unfit.push(...(await unfitTables(page, path)));
    for (const { path, reach } of HAND_WRITTEN[role] ?? []) unfit.push(...(await unfitTables(page, path, reach)));
    expect(unfit).toEqual([]);
  });
});

/** The generated lists' rows that are not drawn as cards (a row of columns), and what is wider than the phone. */
function notCards(page: Page) {
  return page.evaluate((phone) => {
    const rows = [...document.querySelectorAll<HTMLElement>('.list-table tbody tr[data-row-key]')];
    const flat = rows.filter((row) => getComputedStyle(row).display !== 'flex').length;
    const wide = document.documentElement.scrollWidth > phone ? [`page ${document.documentElement.scrollWidth}px`] : [];
    return [...(flat ? [`${location.pathname}: ${flat} rows of columns`] : []), ...wide];
  }, PHONE.width);
}

describe('generated lists on a phone (390px)', () => {
  // Each role that has generated lists of its own: the admin's CRM, a mover's invoices and quotes,
  // a fleet manager's tickets and reports, a user's catalogue and settings, a venue owner's venues.
  const PHONE_ROLES: Role[] = ['ADMIN', 'MOVER', 'TRUCKER', 'USER', 'CLUBOWNER'];

  it.each(PHONE_ROLES)('every generated list of %s is a card per row, nothing scrolls sideways', async (role) => {
    const page = await pageOf(role);
    await setLook(page, { viewport: PHONE });
    try {
      const lists = RESOURCES.filter((r) => r.access.list.includes(role)).map((r) => `/${r.routes.list}`);
      const unfit: string[] = [];
      for (const path of lists) {
        const overflow = await unfitTables(page, path);
        unfit.push(...overflow);
        if (!overflow.some((line) => line.includes('no table'))) unfit.push(...(await notCards(page)));
      }
      expect(unfit).toEqual([]);
    } finally {
      await page.setViewportSize(WIDE);
    }
  });

  it('a card names each value by its column, the record first; pictures light and dark', async () => {
    for (const [role, path, name] of [
      ['ADMIN', '/contact_management', 'contacts'],
      ['MOVER', '/invoice_management', 'invoices'],
    ] as const) {
      const page = await pageOf(role);
      await setLook(page, { viewport: PHONE });
      await visit(page, path);
      await tableReady(page);
      const card = page.locator('.list-table tbody tr[data-row-key]').first();
      // The record's link heads the card; the other values carry their column's name.
      const lead = card.locator('td.list-table__lead');
      expect(await lead.evaluate((td) => td.getBoundingClientRect().top)).toBeLessThanOrEqual(
        await card
          .locator('td[data-label]')
          .first()
          .evaluate((td) => td.getBoundingClientRect().top),
      );
      expect(await card.locator('td[data-label]').count()).toBeGreaterThanOrEqual(2);
      await screenshot(page, `list-cards-${name}-phone-light`);
      if (PICTURES) {
        await setLook(page, { colorScheme: 'dark' });
        await screenshot(page, `list-cards-${name}-phone-dark`);
        await setLook(page, { colorScheme: 'light' });
      }
      // A tap on the card opens the record, as a click on a row does.
      await card.click({ position: { x: 4, y: 4 } });
      await page.waitForURL((url) => url.pathname.startsWith(`${path}/`));
      await page.setViewportSize(WIDE);
    }
  });
});

describe('rows open what they show, controls say what they are', () => {
  it('a click on a notification row opens the notification', async () => {
    const page = await pageOf('CLUBOWNER');
    await visit(page, '/notifications');
    await tableReady(page);
    const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
    const title = (await row.locator('td').nth(1).innerText()).trim();
    // The message cell: not the title link, so it is the row itself that answers.
    await row.locator('td').nth(2).click();
    const drawer = page.getByRole('dialog', { name: title });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Mark as read' }).waitFor();
    await screenshot(page, 'notification-center-detail-light');
    if (PICTURES) {
      // Only for its picture (see LOOKS).
      await setLook(page, { colorScheme: 'dark' });
      await screenshot(page, 'notification-center-detail-dark');
      await setLook(page, { colorScheme: 'light' });
    }
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    // The check box still selects, without opening anything.
    await row.locator('.ant-checkbox-input').click();
    await page.getByRole('button', { name: 'Archive' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await setLook(page, { viewport: PHONE });
    await row.click();
    await page.getByRole('dialog', { name: title }).waitFor();
    await screenshot(page, 'notification-center-detail-phone');
    await page.setViewportSize(WIDE);
  });

  it('a click on a client row opens the client', async () => {
    const page = await pageOf('ADMIN');
    await visit(page, '/client_management');
    await tableReady(page);
    const row = page.locator('.list-table tbody tr').first();
    const name = (await row.locator('td').nth(0).innerText()).trim();
    await row.locator('td').last().click();
    await page.waitForURL((url) => /^\/client_management\/[^/]+$/.test(url.pathname));
    await page.getByRole('heading', { name }).waitFor();
  });

  it('the generated lists read as a person would write them: sidebar and page agree', async () => {
    const page = await pageOf('ADMIN');
    await visit(page, '/task_management');
    await page.getByRole('heading', { name: 'Tasks', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tasks' }).waitFor();
    await visit(page, '/deal_management/create');
    await page.getByRole('heading', { name: 'New deal' }).waitFor();
    if (PICTURES) {
      // Pictures for people only: whether the list fits is asserted in the tests above.
      await page.setViewportSize({ width: 1440, height: 900 });
      await visit(page, '/deal_management');
      await tableReady(page);
      await screenshot(page, 'deals-list-1440-light');
      await setLook(page, { viewport: PHONE });
      await screenshot(page, 'deals-list-phone');
      await page.setViewportSize(WIDE);
    }
  });

  it("a chatbot's settings fit a phone: its questions' tables scroll inside their box", async () => {
    // An answer with a long link once widened the page to 1059 px at 390 (chat.css).
    const page = await pageOf('ADMIN');
    await setLook(page, { viewport: PHONE });
    await visit(page, '/support_chat/settings');
    const helpDesk = page.getByRole('region', { name: 'Help desk' });
    const question = `Where is the price list? ${Date.now()}`;
    await helpDesk.getByLabel('Question').fill(question);
    await helpDesk.getByLabel('Answer').fill(`See https://example.com/${'price-list-'.repeat(12)}2026`);
    await helpDesk.getByRole('button', { name: 'Add' }).click();
    const row = helpDesk.getByRole('row', { name: new RegExp(question.replace('?', '\\?')) });
    await row.waitFor();
    await painted(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Taken away again: other files read this bot's help desk.
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await page.setViewportSize(WIDE);
  });

  it("the team's switch has a visible label", async () => {
    const page = await pageOf('CLUBOWNER');
    await visit(page, '/team_management');
    await tableReady(page);
    // The demo venue employee is an active member.
    const label = page.locator('label', { has: page.getByRole('switch') }).first();
    expect((await label.innerText()).trim()).toBe('May sign in');
    await screenshot(page, 'team-light');
  });

  it('transactions have no unexplained first column', async () => {
    const page = await pageOf('CLUBOWNER');
    await visit(page, '/club_transaction_management');
    await tableReady(page);
    const heads = await page.locator('.ant-table-thead th').allInnerTexts();
    for (const head of heads) expect(head.trim(), heads.join('|')).not.toBe('');
    await screenshot(page, 'transactions-light');
    if (PICTURES) {
      await setLook(page, { colorScheme: 'dark' });
      await screenshot(page, 'transactions-dark');
      await setLook(page, { colorScheme: 'light' });
    }
  });

  it('the access log names the browser and system, not the raw header', async () => {
    const page = await pageOf('ADMIN');
    await visit(page, '/profile');
    await openAccessLog(page);
    await tableReady(page);
    // This run's own sign-in, from Debian's Chromium without a screen.
    await page.getByRole('cell', { name: 'Headless Chrome on Linux' }).first().waitFor();
    expect(await page.getByRole('cell', { name: /Mozilla\/5\.0/ }).count()).toBe(0);
    await screenshot(page, 'access-log-light');
  });
});
