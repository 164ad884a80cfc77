import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newContext, painted, screenshot, setLook, trackErrors, visit, LOOKS } from './helpers/browser';
import { hubConnected } from './helpers/live';
import { expectNoPageErrors, openFromAccountMenu, signInAs } from './helpers/app';
import { pickOption } from './helpers/select';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const RUN = Date.now().toString(36);

/** The unread count the bell's badge shows (0 when there is no badge). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.locator('header .bell-count');
  if ((await badge.count()) === 0) return 0;
  const title = await badge.first().getAttribute('title');
  return Number(title ?? (await badge.first().innerText())) || 0;
}

/** The stored bearer value of the signed-in user of this page. */
function authorizationOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').auth.authorization as string);
}

/** The signed-in user's unread count as the server answers it (what the bell should show). */
async function unreadOnServer(page: Page): Promise<number> {
  const authorization = await authorizationOf(page);
  return page.evaluate(async (authorization) => {
    const res = await fetch('/api/Notification/latest_notifications', { headers: { Authorization: authorization } });
    const body = await res.json();
    return Number((body.result ?? body).count ?? 0);
  }, authorization);
}

async function announceThroughApi(admin: Page, title: string, message: string) {
  const authorization = await authorizationOf(admin);
  const status = await admin.evaluate(
    async ({ authorization, title, message }) => {
      const res = await fetch('/api/Notification/announcement', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: authorization },
        body: JSON.stringify({ title, message, audience: 'role', role: 'USER' }),
      });
      return res.status;
    },
    { authorization, title, message },
  );
  expect(status).toBeLessThan(300);
}

/** The centre's date cells: each one's text and how many lines it and each of its parts take. */
function dateCells(page: Page) {
  return page.locator('td time.moment-cell').evaluateAll((cells) => {
    // An inline element has a box per line it is on (and per child on one line): count their tops.
    const lines = (el: Element) => new Set([...el.getClientRects()].map((box) => Math.round(box.top))).size;
    return cells.map((cell) => ({
      text: cell.textContent,
      lines: lines(cell),
      partLines: [...cell.children].map(lines),
    }));
  });
}

/** Whether the centre's table is drawn without a sideways scroll (its scroller, or the page's). */
function tableFits(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector('.ant-table-content, .ant-table-body') ?? document.documentElement;
    return scroller.scrollWidth <= scroller.clientWidth + 1 && document.documentElement.scrollWidth <= innerWidth;
  });
}

/** The words of the centre's titles that are split over two lines ("Maintenanc" / "e"). */
function brokenTitleWords(page: Page) {
  return page.locator('td .notifications-title').evaluateAll((links) =>
    links.flatMap((link) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const word of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
          if (tops.size > 1) broken.push(word[0]);
        }
      }
      return broken;
    }),
  );
}

/** The centre's column heads and how many status tags show under a title (a phone's layout). */
function statusPlaces(page: Page) {
  return page.evaluate(() => ({
    heads: [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).filter(Boolean),
    under: [...document.querySelectorAll('td .notifications-status-under .ant-tag')].filter(
      (tag) => (tag as HTMLElement).offsetParent !== null,
    ).length,
  }));
}

const DATE_TIME = /^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M( [A-Z][A-Za-z0-9+:-]*)?$/;

async function openBell(page: Page) {
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await page.locator('.ant-popover').last().waitFor();
}

describe('live notifications', () => {
  it('an announcement reaches a signed-in USER live: bell, detail, mark as read, archive, centre', async () => {
    const userContext = await newContext(browser);
    const user = await userContext.newPage();
    const userErrors = trackErrors(user);
    const connected = hubConnected(user);
    await signInAs(user, 'USER');
    // Mark the page once its live channel is up, to prove no reload.
    await user.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await connected;
    await user.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    // Other files leave this user unread notifications (a support desk reply): wait until the badge
    // shows the server's count, not a read taken before the bell had its data.
    const before = await unreadOnServer(user);
    await expect.poll(() => badgeCount(user)).toBe(before);

    // The admin sends one through the form, reached from the user menu.
    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signInAs(admin, 'ADMIN');
    await openFromAccountMenu(admin, 'Send announcement', '/announcements');
    const first = `Maintenance ${RUN}`;
    await admin.getByLabel('Title').fill(first);
    await admin
      .getByLabel('Message', { exact: true })
      .fill('The platform will be down tonight from 10 PM to 11 PM for maintenance.');
    await admin.getByRole('radio', { name: 'A role' }).check();
    await pickOption(admin, 'Role', 'User');
    await admin.getByRole('button', { name: 'Send announcement' }).click();
    await admin.getByText('Announcement sent').waitFor();
    await screenshot(admin, 'announcement-form-light');

    // The user sees the count go up and the item appear, without a reload.
    await expect.poll(() => badgeCount(user), { timeout: 10_000 }).toBe(before + 1);
    await openBell(user);
    const row = user.getByRole('button', { name: first, exact: true });
    await row.waitFor();
    expect(await user.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await screenshot(user, 'bell-popover-light');

    // Detail pane and Mark as read (a 500 ms toast).
    await row.click();
    await user.getByRole('heading', { name: first }).waitFor();
    // On the business's clock, with its zone's short name when the browser's zone is another.
    await user
      .locator('.ant-popover')
      .last()
      .getByText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)( [A-Z]{2,5}| GMT[+-][\d:]+)?$/)
      .waitFor();
    await screenshot(user, 'bell-detail-light');
    await user.getByRole('button', { name: 'Mark as read' }).click();
    await user.getByText('Notification Marked as Read').waitFor({ timeout: 3000 });
    await expect.poll(() => badgeCount(user)).toBe(before);

    // A second one, sent through the API, archived from the popover.
    const second = `Billing ${RUN}`;
    await announceThroughApi(admin, second, 'Invoices for this month are ready.');
    const secondRow = user.getByRole('button', { name: second, exact: true });
    await secondRow.waitFor({ timeout: 10_000 });
    await secondRow.click();
    await user.getByRole('button', { name: 'Archive' }).click();
    await user.getByText('Archived Notification').waitFor({ timeout: 3000 });
    await expect.poll(() => badgeCount(user)).toBe(before);

    // The centre: status=archived shows the archived one, not the read one. (exact: the row's check
    // box cell is named 'Select “<title>”' too.)
    await visit(user, `/notifications?status=archived&query=${RUN}`);
    await user.getByRole('cell', { name: second, exact: true }).waitFor();
    expect(await user.getByRole('cell', { name: first, exact: true }).count()).toBe(0);
    // The status filter in the page: Read shows the first one; a bulk Archive moves it.
    await pickOption(user, 'Status', 'Read');
    await user.waitForURL((url) => url.searchParams.get('status') === 'read');
    await user.getByRole('cell', { name: first, exact: true }).waitFor();
    await painted(user);
    await screenshot(user, 'notification-centre-light');
    await user
      .getByRole('row', { name: new RegExp(first) })
      .getByRole('checkbox')
      .check();
    await user.getByRole('button', { name: 'Archive' }).click();
    await user.getByText('Archived Notification').waitFor({ timeout: 3000 });
    await user.getByText('No notifications match these filters').waitFor();
    await visit(user, `/notifications?status=archived&query=${RUN}`);
    await user.getByRole('cell', { name: first, exact: true }).waitFor();
    await user.getByRole('cell', { name: second, exact: true }).waitFor();

    expectNoPageErrors(userErrors);
    await adminContext.close();
    await userContext.close();
  });

  // The bell's first fetch and the hub race for the refresh; either way the one shared refresh
  // renews the token and the hub (re)connects with it (a run showed one hub refusal, then live).
  it('a stale token: the hub refuses it, the shared refresh renews it, and delivery stays live', async () => {
    const context = await newContext(browser);
    const user = await context.newPage();
    const errors = trackErrors(user);
    // Its own session: the refresh below spends the refresh token a reused one would share.
    await signInAs(user, 'USER', { fresh: true });
    // Spoil the stored access token (the refresh token stays good) and load the app again.
    await user.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('user') ?? '{}');
      stored.auth.authorization = 'Bearer not-a-valid-token';
      localStorage.setItem('user', JSON.stringify(stored));
    });
    const connected = hubConnected(user);
    // Rarely this page ended on the login page: say what the refresh answered if it does again.
    const refreshes: string[] = [];
    user.on('response', (response) => {
      if (/refresh-token/i.test(response.url()))
        void response.text().then(
          (body) => refreshes.push(`${response.status()} ${body.slice(0, 200)}`),
          () => refreshes.push(`${response.status()}`),
        );
    });
    await user.reload();
    await user
      .getByRole('button', { name: 'Notifications', exact: true })
      .waitFor()
      .catch((error: Error) => {
        throw new Error(`${error.message}\nRefresh answers: ${refreshes.join(' | ') || 'none'}`);
      });
    await expect.poll(() => authorizationOf(user), { timeout: 10_000 }).not.toBe('Bearer not-a-valid-token');
    await connected;
    // The badge shows the server's count once the bell has its data.
    const before = await unreadOnServer(user);
    await expect.poll(() => badgeCount(user)).toBe(before);

    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await signInAs(admin, 'ADMIN');
    const title = `After refresh ${RUN}`;
    await announceThroughApi(admin, title, 'Delivered over a renewed connection.');
    await expect.poll(() => badgeCount(user), { timeout: 10_000 }).toBe(before + 1);
    await openBell(user);
    await user.getByRole('button', { name: title, exact: true }).waitFor();
    // Still signed in (the refresh did not end the session).
    expect(new URL(user.url()).pathname).not.toBe('/login');
    expectNoPageErrors(errors);
    await adminContext.close();
    await context.close();
  });

  it('the bell popover and centre render in dark and on a phone', async () => {
    // One sign-in; each look is switched on the same page, and the home opened again in it.
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signInAs(page, 'USER');
    // The centre's dates on a desktop: date, time and the business's zone name (this browser's
    // zone is not New York's) on one line, never the zone's name alone under them.
    await visit(page, '/notifications');
    await page.locator('td time.moment-cell').first().waitFor();
    for (const cell of await dateCells(page)) {
      expect(cell.text).toMatch(DATE_TIME);
      expect(cell.lines).toBe(1);
    }
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/');
      await page.getByRole('button', { name: /^Account menu for / }).waitFor();
      await openBell(page);
      // The popover stays on screen, phone included (polled: antd places it a frame or two after
      // it opens, off screen until then).
      const width = page.viewportSize()?.width ?? 0;
      await expect
        .poll(async () => {
          const box = await page.locator('.ant-popover-inner').last().boundingBox();
          return {
            left: Math.round(box?.x ?? -1) >= 0,
            right: Math.round((box?.x ?? 0) + (box?.width ?? 0)) <= width,
          };
        })
        .toEqual({ left: true, right: true });
      await screenshot(page, `bell-popover-${name}`);
      await visit(page, '/notifications');
      await page.getByRole('table').waitFor();
      await page.locator('td time.moment-cell').first().waitFor();
      await painted(page);
      // On a phone the time may go under the date, each part whole, and the table still fits.
      for (const cell of await dateCells(page)) expect(cell.partLines).toEqual([1, 1]);
      expect(await tableFits(page)).toBe(true);
      // Every title word whole, on a phone too (the seeded "Scheduled maintenance" used to break).
      expect(await brokenTitleWords(page)).toEqual([]);
      // On a phone the status is a tag under each title, not a column of its own; on a desktop
      // the column, and no tag under the title.
      const rows = await page.locator('td .notifications-title').count();
      const places = await statusPlaces(page);
      if (name === 'phone') {
        expect(places.heads).toEqual(['Title', 'Date']);
        expect(places.under).toBe(rows);
      } else {
        expect(places.heads).toEqual(['Title', 'Message', 'Type', 'Status', 'Date']);
        expect(places.under).toBe(0);
      }
      await screenshot(page, `notification-centre-${name}`);
    }
    expectNoPageErrors(errors);
    await context.close();
  });

  it("in Spanish, what the system wrote reads in Spanish and an administrator's announcement as typed", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    // The switch is saved on the account, which the files beside this one share: kept from the
    // server here, as in public-pages.test.ts (the save is tested in tests/api/mail-language.test.ts).
    await page.route('**/api/User/profile/language', (route) => route.abort());
    await signInAs(page, 'USER');
    await page.getByRole('radiogroup', { name: 'Language' }).getByRole('radio', { name: 'Español' }).click();
    await page.getByRole('button', { name: 'Notificaciones', exact: true }).waitFor();
    // The seeded notices are stored as codes (their English text the fallback): the screen writes
    // them. Filtered, so what other files announce meanwhile cannot push them off the page.
    await visit(page, '/notifications?type=system');
    const payouts = page.getByRole('cell', { name: 'Configura tus pagos', exact: true });
    await payouts.waitFor();
    await page
      .getByRole('cell', { name: 'Conecta una cuenta de cobro en tu Panel para recibir pagos con tarjeta.' })
      .waitFor();
    expect(await page.getByText('Set up your payouts').count()).toBe(0);
    await screenshot(page, 'notification-centre-es');
    await payouts.getByText('Configura tus pagos').click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('.ant-drawer-title').getByText('Configura tus pagos', { exact: true }).waitFor();
    await drawer.getByText('Conecta una cuenta de cobro en tu Panel para recibir pagos con tarjeta.').waitFor();
    await screenshot(page, 'notification-detail-es');
    // The administrator's announcement, typed by a person, as typed.
    await visit(page, `/notifications?query=${encodeURIComponent('Scheduled maintenance')}`);
    await page.getByRole('cell', { name: 'Scheduled maintenance', exact: true }).waitFor();
    expectNoPageErrors(errors);
    await context.close();
  });
});
