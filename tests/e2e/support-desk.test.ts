import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launch, newContext, screenshot, setLook, trackErrors, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, signInAs } from './helpers/app';
import { expectSameDocument, hubConnected, markDocument } from './helpers/live';
import { openSelect } from './helpers/select';
import { SUPPORT_API } from '../../src/domain/support/tickets';

/**
 * The support desk: a user opens a support ticket (after the form refuses an empty one with the
 * server's messages) with a screenshot; it appears live on IT's desk; IT writes an internal note
 * and a reply and asks the user for more; the user, watching, sees the reply and the new status
 * appear without a reload, the bell counts it, and the note never shows. Screenshots of the
 * user's page and the desk, light, dark and phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const RUN = Date.now().toString(36);
const SUBJECT = `Export button does nothing ${RUN}`;

/** The unread count the bell's badge shows (0 when there is no badge). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.locator('header .bell-count');
  if ((await badge.count()) === 0) return 0;
  const title = await badge.first().getAttribute('title');
  return Number(title ?? (await badge.first().innerText())) || 0;
}

/** Opens a page of the app with the live channel connected for this document. */
/** IT's open tickets as its sidebar shows them beside Tickets (no count shown: 0). */
async function sidebarOpenCount(page: Page): Promise<number> {
  const badge = page.locator('#main-navigation .sidebar-count');
  if (!(await badge.count())) return 0;
  return Number((await badge.getAttribute('aria-label'))?.match(/\d+/)?.[0]);
}

/** The open tickets the desk's API counts for the signed-in IT user of this page. */
function openOnServer(page: Page): Promise<number> {
  return page.evaluate(async (desk) => {
    const { authorization } = JSON.parse(localStorage.getItem('user') ?? '{}').auth;
    const res = await fetch(`${desk}?status=open&page=1&perPage=1`, { headers: { authorization } });
    return JSON.parse(res.headers.get('paging-data') ?? '{}').totalCount as number;
  }, SUPPORT_API.desk);
}

async function openLive(page: Page, path: string, heading: string) {
  const connected = hubConnected(page);
  await page.goto(path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  await connected;
}

/** Picks an option of an antd Select by the select's label. */
async function choose(page: Page, label: string, option: string, scope: Page | Locator = page) {
  await openSelect(scope, label);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/**
 * The reply box ends left of the support chat's launcher's column, so no scroll position puts the
 * launcher over it (on a 390 px phone it sat over the box's right edge), as a list's pager does.
 */
async function expectReplyClearOfLauncher(page: Page, look: string) {
  const reply = (await page.getByTestId('ticket-conversation').getByLabel('Your reply').boundingBox())!;
  const launcher = (await page.getByRole('button', { name: 'Support chat', exact: true }).boundingBox())!;
  expect(reply.x + reply.width, look).toBeLessThanOrEqual(launcher.x);
  expect(reply.width, look).toBeGreaterThan(200);
}

describe('support desk', () => {
  it('a user opens a ticket and sees IT answer it live; the note never reaches them', async () => {
    const userContext = await newContext(browser);
    const user = await userContext.newPage();
    const userErrors = trackErrors(user);
    await signInAs(user, 'USER');
    await openLive(user, '/tickets', 'Support Tickets');

    const itContext = await newContext(browser);
    const it = await itContext.newPage();
    const itErrors = trackErrors(it);
    await signInAs(it, 'IT');
    await openLive(it, '/ticket_management', 'Tickets');
    await markDocument(it);
    // IT's Tickets link counts the open tickets, as the desk's API does.
    const openBefore = await openOnServer(it);
    await expect.poll(() => sidebarOpenCount(it)).toBe(openBefore);

    // An empty ticket is refused with the server's own messages.
    await user.getByRole('button', { name: 'New ticket' }).click();
    const dialog = user.getByRole('dialog', { name: 'Open a support ticket' });
    await dialog.getByRole('button', { name: 'Open ticket' }).click();
    const fieldErrors = dialog.locator('.ant-form-item-explain-error');
    await fieldErrors.filter({ hasText: 'Enter a subject' }).waitFor();
    await fieldErrors.filter({ hasText: 'Choose a category' }).waitFor();
    await fieldErrors.filter({ hasText: /^Describe the problem$/ }).waitFor();
    await dialog.getByLabel('Subject').fill(SUBJECT);
    await choose(user, 'Category', 'Something is broken');
    await choose(user, 'Priority', 'High');
    await dialog.getByLabel('Description').fill('Short');
    await dialog.getByLabel('Subject').click();
    await fieldErrors.filter({ hasText: 'Describe the problem in at least 10 characters' }).waitFor();
    await dialog
      .getByLabel('Description')
      .fill('Clicking Export on the reports page does nothing, no file and no message.');
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#d4380d' } })
      .png()
      .toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
    await dialog.getByTestId('chosen-file').filter({ hasText: 'screen.png' }).waitFor();
    await screenshot(user, 'support-new-ticket-light');
    await dialog.getByRole('button', { name: 'Open ticket' }).click();
    await user.getByText(/Ticket #\d+ opened/).waitFor();
    const conversation = user.getByTestId('ticket-conversation');
    await conversation.getByRole('heading', { name: new RegExp(SUBJECT) }).waitFor();
    await conversation.getByRole('button', { name: /screen\.png/ }).waitFor({ timeout: 10_000 });
    await markDocument(user);
    const before = await badgeCount(user);

    // The ticket appears on IT's desk without a reload.
    const row = it.getByTestId('desk-row').filter({ hasText: SUBJECT });
    await row.waitFor({ timeout: 15_000 });
    await expectSameDocument(it);
    // … and the count beside its Tickets link went up with it, live.
    await expect.poll(() => sidebarOpenCount(it)).toBe(openBefore + 1);
    await row.getByText(SUBJECT).click();
    const drawer = it.getByTestId('ticket-conversation');
    await drawer.getByRole('heading', { name: new RegExp(SUBJECT) }).waitFor();
    await drawer.getByRole('button', { name: /screen\.png/ }).waitFor();

    // An internal note, then a public reply, then "waiting on user".
    await drawer.getByRole('checkbox', { name: 'Internal note: the user does not see it' }).check();
    await drawer.getByLabel('Internal note (only IT support sees it)').fill(`Reports export worker ${RUN} is stuck`);
    await drawer.getByRole('button', { name: 'Add note' }).click();
    await it.getByText('Note added').waitFor();
    await drawer.getByTestId('ticket-note').waitFor();
    await drawer
      .getByLabel('Your reply')
      .fill('Thanks! Which browser are you using? We are checking the export service.');
    await drawer.getByRole('button', { name: 'Send reply' }).click();
    await it.getByText('Reply sent').waitFor();
    await choose(it, 'Status', 'Waiting on user', drawer);
    await it.getByText('Ticket updated').waitFor();
    await drawer.getByTestId('ticket-status').filter({ hasText: 'Waiting on user' }).waitFor();
    await screenshot(it, 'support-desk-light');

    // The user, watching, sees the reply and the new status; the bell counts one more.
    await conversation.getByText('Which browser are you using?').waitFor({ timeout: 15_000 });
    await conversation.getByTestId('ticket-status').filter({ hasText: 'Waiting on user' }).waitFor();
    await expect.poll(() => badgeCount(user), { timeout: 15_000 }).toBe(before + 1);
    expect(await conversation.getByText(`export worker ${RUN}`).count()).toBe(0);
    expect(await conversation.getByTestId('ticket-note').count()).toBe(0);
    await expectSameDocument(user);
    await user.getByRole('button', { name: 'Notifications', exact: true }).click();
    await user.locator('.ant-popover').last().getByText('New reply to your support ticket').first().waitFor();
    await user.keyboard.press('Escape');
    await screenshot(user, 'support-tickets-light');

    // The user answers; the ticket goes back to open on the desk, live.
    await conversation.getByLabel('Your reply').fill('Chrome 131 on Windows.');
    await conversation.getByRole('button', { name: 'Send reply' }).click();
    await user.getByText('Reply sent').waitFor();
    await drawer.getByText('Chrome 131 on Windows.').waitFor({ timeout: 15_000 });
    await drawer.getByTestId('ticket-status').filter({ hasText: 'Open' }).waitFor();

    expectNoPageErrors(userErrors);
    expectNoPageErrors(itErrors);
    await userContext.close();
    await itContext.close();
  });

  it('looks right in dark mode and on a phone (user page, desk, business lookup)', async () => {
    // The user's browser, signed in once, switched from one look to the next.
    const userContext = await newContext(browser);
    const user = await userContext.newPage();
    const userErrors = trackErrors(user);
    await signInAs(user, 'USER', { at: '/tickets' });
    for (const [name, look] of LOOKS) {
      await setLook(user, look);
      await visit(user, '/tickets');
      await user.getByRole('heading', { name: 'Support Tickets', level: 1 }).waitFor();
      await user.getByTestId('my-ticket').filter({ hasText: SUBJECT }).click();
      await user.getByTestId('ticket-conversation').getByText('Which browser are you using?').waitFor();
      await expectReplyClearOfLauncher(user, name);
      await screenshot(user, `support-tickets-${name}`);
    }
    expectNoPageErrors(userErrors);
    await userContext.close();

    // IT's browser, the same way.
    const itContext = await newContext(browser);
    const it = await itContext.newPage();
    const itErrors = trackErrors(it);
    await signInAs(it, 'IT');
    for (const [name, look] of LOOKS) {
      await setLook(it, look);
      await visit(it, '/ticket_management');
      await it.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
      await it.getByTestId('desk-row').first().waitFor();
      await screenshot(it, `support-desk-list-${name}`);
      await it.getByTestId('desk-row').filter({ hasText: SUBJECT }).getByText(SUBJECT).click();
      await it.getByTestId('ticket-conversation').getByText('Chrome 131 on Windows.').waitFor();
      await screenshot(it, `support-desk-${name}`);
      await visit(it, '/business_management');
      await it.getByRole('heading', { name: 'Business', level: 1 }).waitFor();
      await it.getByRole('searchbox', { name: 'Business name or owner email' }).fill('Bright');
      await it.getByRole('searchbox', { name: 'Business name or owner email' }).press('Enter');
      await it.getByRole('link', { name: 'Bright Studio' }).click();
      const summary = it.getByTestId('business-summary');
      await summary.getByText('user@demo.test', { exact: false }).waitFor();
      await summary.getByRole('link', { name: new RegExp(SUBJECT) }).waitFor();
      await screenshot(it, `support-business-${name}`);
    }
    expectNoPageErrors(itErrors);
    await itContext.close();
  });
});
