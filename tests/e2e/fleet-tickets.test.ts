import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newContext, screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, signInAs, keptPages } from './helpers/app';
import { selectLabelled } from './helpers/select';

/**
 * The fleet manager's service tickets (ticket_management for TRUCKER): opening a ticket for a
 * customer with two employees, scheduling it (a date first), starting it, a comment and an
 * attachment, marking it done (then read-only); light, dark and phone screenshots. IT on the same
 * path never sees service tickets.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const signedInPage = keptPages();

const RUN = `e2e${Date.now().toString(36)}`;
const TITLE = `Deliver pallet racks ${RUN}`;
// A comment with a tracking link pasted whole: one word far wider than a phone.
const COMMENT = `Forklift on site; customer signs at dock 3. Tracking: https://tracking.example.com/${'a1b2c3d4'.repeat(12)}`;
const rows = (page: Page) => page.locator('.list-table tbody tr[data-row-key]');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks an option of a select (single or multiple) by its visible label, typing to search it first. */
async function pick(page: Page, label: string, option: string, search?: string) {
  const box = page.getByRole('combobox', { name: label });
  const choice = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`);
  // A click that only closed another popup (a date picker) is made again until the list opens.
  // The select itself is clicked, not its input with `force` (see helpers/select.ts).
  for (let tries = 0; tries < 3 && !(await choice.isVisible()); tries++) {
    await selectLabelled(page, label).click();
    if (search) await box.fill(search);
    await choice.waitFor({ timeout: 10_000 }).catch(() => undefined);
  }
  await choice.click();
}

/** The value the show page lists for a field. */
const shown = (page: Page, label: string) =>
  page
    .locator('.ant-descriptions-row', { has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) })
    .locator('td');

describe('fleet manager: service tickets', () => {
  let ticketPath = '';

  it('opens a ticket, assigns two employees, schedules, starts, comments, attaches and closes it', async () => {
    const { page, errors } = await signedInPage('TRUCKER');

    await page.getByRole('navigation').getByRole('link', { name: 'Tickets', exact: true }).click();
    await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
    await rows(page).filter({ hasText: 'Reefer trailer pickup and return' }).waitFor();
    await screenshot(page, 'fleet-tickets-list-light');

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/ticket_management/create');
    await page.getByLabel('What').fill(TITLE);
    await pick(page, 'Customer', 'Harbor Foods Inc.', 'Harbor');
    await page.getByLabel('Address').fill('400 Pier Rd, Newark NJ 07105');
    await pick(page, 'Priority', 'High');
    await pick(page, 'Assigned employees', 'Alvarez', 'Alv');
    await pick(page, 'Assigned employees', 'Carter', 'Car');
    await page.keyboard.press('Escape');
    // Each list closed before the next click: a click while one is still closing may land on it.
    const openLists = page.locator('.ant-select-dropdown:visible');
    await expect.poll(() => openLists.count()).toBe(0);
    // A new ticket starts open or scheduled only.
    await selectLabelled(page, 'Status').click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => offered.allInnerTexts()).toEqual(['Open', 'Scheduled']);
    await page.keyboard.press('Escape');
    await expect.poll(() => openLists.count()).toBe(0);
    await expect.poll(() => selectLabelled(page, 'Status').innerText()).toContain('Open');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Service ticket created').waitFor();
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    ticketPath = new URL(page.url()).pathname;
    expect(ticketPath).toMatch(/^\/ticket_management\/[0-9a-f-]{36}$/);
    await shown(page, 'Assigned employees').getByText('Alvarez').waitFor();
    await shown(page, 'Assigned employees').getByText('Carter').waitFor();
    await shown(page, 'Status').getByText('Open').waitFor();

    // Scheduling without a date is refused with the rule's message; the edit form sets both.
    await page.getByRole('button', { name: 'Schedule' }).click();
    await page.getByText('Choose the date to schedule this ticket').first().waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL((url) => url.pathname === `${ticketPath}/edit`);
    await pick(page, 'Status', 'Scheduled');
    await page.getByLabel('From').fill('08:00');
    await page.getByLabel('Until').fill('11:30');
    // Enter in the date confirms the typed day only; Save sends the form.
    const day = dayjs().add(3, 'day');
    const date = page.getByLabel('Date');
    await date.click();
    await date.fill(day.format('MM/DD/YYYY'));
    await date.press('Enter');
    await expect.poll(() => date.inputValue()).toBe(day.format('MM/DD/YYYY'));
    expect(new URL(page.url()).pathname).toBe(`${ticketPath}/edit`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Service ticket saved').waitFor();
    await page.waitForURL((url) => url.pathname === ticketPath);
    await shown(page, 'Status').getByText('Scheduled').waitFor();
    await shown(page, 'Date').getByText(day.format('MM/DD/YYYY')).waitFor();

    await page.getByRole('button', { name: 'Start work' }).click();
    await shown(page, 'Status').getByText('In progress').waitFor();

    const comments = page.getByRole('region', { name: 'Comments' });
    await comments.getByLabel('New comment').fill(COMMENT);
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await comments.getByText('Forklift on site; customer signs at dock 3.', { exact: false }).waitFor();
    await comments.getByText(/^Tom Fleet · \d{2}\/\d{2}\/\d{4}/).waitFor();

    const files = page.getByRole('region', { name: 'Attachments' });
    await files
      .locator('input[type=file]')
      .setInputFiles({ name: 'dock-photo.png', mimeType: 'image/png', buffer: PNG });
    await files.getByRole('button', { name: 'Download dock-photo.png' }).waitFor();
    // Both are on the ticket's history.
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('dock-photo.png').waitFor();
    // A reference reads as the customer a person knows, not its id.
    await history.getByText('Customer: (empty) → Harbor Foods Inc.').waitFor();
    await screenshot(page, 'fleet-ticket-show-light');

    await page.getByRole('button', { name: 'Mark done' }).click();
    await shown(page, 'Status').getByText('Done').waitFor();
    // Closed: no new comment or file; only reopening is offered.
    await comments.getByText('This ticket is closed', { exact: false }).waitFor();
    expect(await files.getByRole('button', { name: 'Attach a file' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    // Nor deleted while closed (the server answers 409 too).
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'fleet-ticket-done-light');

    // In the list, found by its title, done.
    await visit(page, `/ticket_management?query=${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByText('Done', { exact: true }).waitFor();
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    // One sign-in; each look is switched on the same page, and the page is opened again in it.
    const { page, errors } = await signedInPage('TRUCKER', { at: '/ticket_management' });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/ticket_management');
      await page.getByRole('heading', { name: 'Tickets', level: 1 }).waitFor();
      await rows(page).first().waitFor();
      await screenshot(page, `fleet-tickets-list-${name}`);
      await visit(page, ticketPath);
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      await page.getByRole('region', { name: 'Comments' }).getByText('Forklift on site', { exact: false }).waitFor();
      // The pasted link wraps inside its card: the page never scrolls sideways (it ran 559 px past a phone's width).
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await screenshot(page, `fleet-ticket-show-${name}`);
    }
    expectNoPageErrors(errors);
  });

  it('IT on ticket_management never sees service tickets', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInAs(page, 'IT', { at: '/ticket_management' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The support desk (or 'not built yet' before it lands), never the fleet's jobs.
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Reefer trailer pickup and return').count()).toBe(0);
    expect(await page.getByText(TITLE).count()).toBe(0);
    // A service ticket's own page is not theirs either.
    await visit(page, ticketPath);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(TITLE).count()).toBe(0);
    await screenshot(page, 'fleet-tickets-it-light');
    await context.close();
  });
});
