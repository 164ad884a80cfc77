import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  downloaded,
  launch,
  newContext,
  screenshot,
  artifactPath,
  setLook,
  trackErrors,
  visit,
  LOOKS,
  PHONE,
  SMALL_PHONE,
  BASE_URL,
  DESKTOP,
  PICTURES,
} from './helpers/browser';
import { ACCOUNTS, expectNoPageErrors, keptPages, PASSWORD } from './helpers/app';
import { expectPickerPopupOnScreen } from './helpers/picker';

/**
 * Quotes: the mover writes a quote (inventory line, binding total) and sends it; the customer
 * opens the link in a fresh browser without signing in and accepts; the mover's page turns
 * Accepted by itself (live) and links the booking and the invoice; the mover sends the invoice,
 * downloads its PDF (first page rendered with pdftoppm, its text checked) and marks it paid.
 * The customer's page shows the mover's contact. The dead end from the mover's side: the new-quote
 * form shows all its errors at once and only the money its pricing uses, warns of a move across
 * the break with the times that fit, and sending it is refused with them. Dark and phone
 * screenshots. A sent quote the mover edits while the customer reads it: the edit form says what
 * saving does, the customer's Accept of the version they read shows the new one with what changed
 * (on a phone, at the top of the page, where it is scrolled to), and their second Accept takes it.
 * The rules (bad input, refusals, expiry, a taken slot and the mover told, accepting twice, the
 * send refusal, the versions an answer names) are proved by tests/api/quotes.test.ts and
 * quotes-versions.test.ts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const signedInPage = keptPages();

/**
 * The customers' browser: signed out, never signed in, each quote opened by its link (a load, warm
 * after the first: a new context loads the app cold, the costliest step of a browser test).
 */
let customerPage: Page | undefined;
async function customer(look: { viewport: { width: number; height: number } }): Promise<Page> {
  if (!customerPage || customerPage.isClosed()) customerPage = await (await newContext(browser)).newPage();
  await setLook(customerPage, { colorScheme: 'light', ...look });
  return customerPage;
}

const CUSTOMER = `Robin Mover ${Date.now().toString(36)}`;
let quotePath = '';
let customerLink = '';
let deadEndPath = '';

/** A weekday at least 15 days ahead (the demo mover is open Mon–Fri; the demo's day off is in 14 days). */
function moveDay() {
  let day = dayjs().add(15, 'day');
  while (day.day() === 0 || day.day() === 6) day = day.add(1, 'day');
  return day;
}

/** The value the show page lists for a field. */
const shownValue = (page: Page, label: string) =>
  page
    .locator('.ant-descriptions-row')
    .filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) })
    .locator('td')
    .first();

/** The mover's own API call (the app's session is the page's; this is the test's). */
async function moverApi(method: string, path: string, body?: object): Promise<Record<string, unknown>> {
  const login = await fetch(`${BASE_URL()}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ACCOUNTS.MOVER, password: PASSWORD }),
  });
  const res = await fetch(`${BASE_URL()}${path}`, {
    method,
    headers: { authorization: login.headers.get('authorization')!, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { result: Record<string, unknown> };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.result;
}

async function typeDate(page: Page, label: string, day: dayjs.Dayjs) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day.format('MM/DD/YYYY'));
  // Enter confirms the typed day and nothing more (it does not submit the form).
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(day.format('MM/DD/YYYY'));
}

describe('mover: quotes', () => {
  it('writes and sends a quote; the customer accepts it; the mover gets the invoice, its PDF, and marks it paid', async () => {
    const { page, errors } = await signedInPage('MOVER');

    await page.getByRole('navigation').getByRole('link', { name: 'Quotes' }).click();
    await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor();
    await page.locator('.list-table tbody tr[data-row-key]').nth(1).waitFor();
    await screenshot(page, 'quotes-list-light');

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/quote_management/add');
    await page.getByLabel('Customer', { exact: true }).fill(CUSTOMER);
    await page.getByLabel('Customer email').fill('robin@example.com');
    await page.getByLabel('Start time').fill('15:00');
    await page.getByLabel('From (origin)').fill('12 Elm St, Brooklyn, NY');
    await page.getByLabel('To (destination)').fill('400 Park Ave, New York, NY');
    // A binding quote asks for its fixed price (before tax: the demo's rate is 0 %), not for a rate.
    await page.getByLabel('Fixed price before tax').fill('1250');
    expect(await page.getByLabel('Rate per hour').count()).toBe(0);
    await page.getByLabel('Estimated hours').fill('2');
    await page.getByLabel('Crew size').fill('3');
    await page.getByLabel('Truck').fill('26 ft box truck');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel('Inventory, line 1: Item', { exact: true }).fill('Sofa');
    await page.getByLabel('Inventory, line 1: Quantity', { exact: true }).fill('2');
    await screenshot(page, 'quote-form-light');
    await typeDate(page, 'Valid until', dayjs().add(10, 'day'));
    await typeDate(page, 'Move date', moveDay());
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await page.waitForURL((url) => /^\/quote_management\/[0-9a-f-]{36}$/.test(url.pathname));
    quotePath = new URL(page.url()).pathname;
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText()).toMatch(/^Q-\d{4}$/);
    await expect.poll(() => shownValue(page, 'Quoted total').innerText()).toBe('$1,250.00');

    await page.getByRole('button', { name: 'Send to customer' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Send to customer' }).click();
    await expect.poll(() => shownValue(page, 'Status').innerText()).toBe('Sent');
    customerLink = (await page.getByTestId('quote-customer-link').getAttribute('href'))!;
    expect(customerLink).toMatch(/\/quote\/[\w-]{32}$/);
    await screenshot(page, 'quote-sent-light');

    // The customer, in a browser of their own, without signing in.
    const theirs = await customer({ viewport: DESKTOP });
    const theirErrors = trackErrors(theirs);
    await theirs.goto(new URL(customerLink).pathname);
    await theirs.getByRole('heading', { name: 'Moving quote' }).waitFor();
    await expect.poll(() => theirs.getByTestId('quote-total').innerText()).toBe('$1,250.00');
    await theirs.getByText(moveDay().format('MM/DD/YYYY')).waitFor();
    await theirs.getByText('3:00 PM').waitFor();
    // Whom to contact, always on the page: the mover's email as stored.
    await theirs.getByTestId('quote-contact').getByRole('link', { name: 'mover@demo.test' }).waitFor();
    await screenshot(theirs, 'quote-public-light');
    await theirs.getByRole('button', { name: 'Accept the quote' }).click();
    await theirs.getByText('You accepted this quote.', { exact: false }).waitFor();
    expect(await theirs.getByRole('button', { name: 'Accept the quote' }).count()).toBe(0);
    expectNoPageErrors(theirErrors);

    // The mover's open page turns Accepted by itself and links what the quote became.
    await expect.poll(() => shownValue(page, 'Status').innerText(), { timeout: 30_000 }).toBe('Accepted');
    await page.getByRole('link', { name: 'Booking on the calendar' }).waitFor();
    // The mover has the bell (the route list's reading of the brief), and the acceptance is in it.
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await page
      .locator('.ant-popover')
      .last()
      .getByText(/^Quote .+ accepted$/)
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
    await screenshot(page, 'quote-accepted-light');
    await page.getByRole('link', { name: /^Invoice INV-/ }).click();
    await page.waitForURL((url) => /^\/invoice_management\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect.poll(() => heading.innerText()).toMatch(/^INV-\d{4}-\d{4}$/);
    const number = await heading.innerText();
    await expect.poll(() => shownValue(page, 'Total').innerText()).toBe('$1,250.00');
    await page.getByText(`Binding estimate`, { exact: false }).first().waitFor();

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => shownValue(page, 'Status').innerText()).toBe('Sent');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdfPath = artifactPath('quote-invoice.pdf');
    writeFileSync(pdfPath, await downloaded(pdf));
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, artifactPath('quote-invoice-pdf')]);
    expect(['quote-invoice-pdf-1.png', 'quote-invoice-pdf-01.png'].some((f) => existsSync(artifactPath(f)))).toBe(true);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
    expect(text).toContain(CUSTOMER);
    expect(text).toMatch(/Total\s+\$1,250\.00/);

    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => shownValue(page, 'Status').innerText()).toBe('Paid');
    expectNoPageErrors(errors);
  });

  it('shows every error of the new-quote form at once, and refuses to send a move the business cannot book, with the times that fit', async () => {
    const { page, errors } = await signedInPage('MOVER', { at: '/quote_management/add' });
    await page.getByRole('heading', { name: 'New quote', level: 1 }).waitFor();
    // Create at once: the fields' own errors and the price a binding quote needs, all in one go.
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const fieldError = (label: string) =>
      page
        .locator('.ant-form-item')
        .filter({ has: page.getByLabel(label, { exact: true }) })
        .locator('.ant-form-item-explain-error');
    for (const label of ['Customer', 'Start time', 'Estimated hours', 'Fixed price before tax'])
      await expect.poll(() => fieldError(label).innerText(), { message: label }).toBe('This field is required');
    // Hourly asks for the rate (and the minimum), not a total of its own, and names its estimate.
    const pricing = async (option: string) => {
      // From the keyboard: the page scrolled to the first error puts the sticky header over the select.
      await page.getByLabel('Pricing', { exact: true }).focus();
      await page.keyboard.press('ArrowDown');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${option}$`) })
        .click();
      // The list closes once the pick is made. The next pick waits for that: opened again while it was
      // still closing, the list took ArrowDown as a move and dropped the click (Binding never picked).
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    };
    await pricing('Hourly');
    await page.getByLabel('Rate per hour').waitFor();
    expect(await page.getByLabel('Fixed price before tax').count()).toBe(0);
    await pricing('Binding');

    // 9:00 AM for 4 hours runs across the mover's 12–1 break: warned while writing.
    await page.getByLabel('Customer', { exact: true }).fill(`Dana Dead-End ${Date.now().toString(36)}`);
    await page.getByLabel('Customer email').fill('dana@example.com');
    await page.getByLabel('Start time').fill('09:00');
    await page.getByLabel('From (origin)').fill('12 Elm St, Brooklyn, NY');
    await page.getByLabel('To (destination)').fill('400 Park Ave, New York, NY');
    await page.getByLabel('Fixed price before tax').fill('900');
    await page.getByLabel('Estimated hours').fill('4');
    await page.getByLabel('Crew size').fill('2');
    await typeDate(page, 'Move date', moveDay().add(7, 'day'));
    const warning = page.getByTestId('quote-move-fit');
    await expect.poll(() => warning.innerText()).toContain('This time is outside the business hours');
    expect(await warning.innerText()).toContain(
      `Times that fit: ${moveDay().add(7, 'day').format('MM/DD/YYYY')} 1:00 PM`,
    );
    await expect.poll(() => page.getByTestId('quote-running-total').innerText()).toBe('$900.00');
    await warning.scrollIntoViewIfNeeded();
    await screenshot(page, 'quote-form-unbookable-light');
    // Saved as a draft anyway (a draft may be unfinished).
    await typeDate(page, 'Valid until', dayjs().add(10, 'day'));
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL((url) => /^\/quote_management\/[0-9a-f-]{36}$/.test(url.pathname));
    deadEndPath = new URL(page.url()).pathname;

    // Sending is refused with the reason and the next times; the quote stays a draft.
    await page.getByTestId('quote-move-fit').waitFor();
    await page.getByRole('button', { name: 'Send to customer' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Send to customer' }).click();
    const refusal = page.locator('.ant-message, .ant-notification').getByText(/could not accept this quote/);
    await expect.poll(() => refusal.innerText()).toMatch(/Times that fit: \d{2}\/\d{2}\/\d{4} 1:00 PM/);
    await expect.poll(() => shownValue(page, 'Status').innerText()).toBe('Draft');
    await screenshot(page, 'quote-send-refused-light');
    expectNoPageErrors(errors);
  });

  it('the mover edits a sent quote while the customer reads it: their Accept shows the new version first, the next one takes it', async () => {
    // Written and sent through the API: the journey here is the edit and the answers.
    const written = await moverApi('POST', '/api/Business/quotes', {
      customerName: `Sam Second ${Date.now().toString(36)}`,
      customerEmail: 'sam@example.com',
      moveDate: moveDay().format('YYYY-MM-DD'),
      startTime: '09:00',
      originAddress: '12 Elm St, Brooklyn, NY',
      destinationAddress: '400 Park Ave, New York, NY',
      pricingType: 'binding',
      priceCents: 90_000,
      estimatedHours: 2,
      crewSize: 2,
      validUntil: dayjs().add(10, 'day').format('YYYY-MM-DD'),
    });
    const sent = await moverApi('POST', `/api/Business/quotes/${String(written.id)}/send`, {});
    const link = `/quote/${String(sent.publicToken)}`;

    // The customer opens the link on a phone and reads the quote.
    const theirs = await customer({ viewport: PHONE });
    const theirErrors = trackErrors(theirs);
    await theirs.goto(link);
    await expect.poll(() => theirs.getByTestId('quote-total').innerText()).toBe('$900.00');

    // Meanwhile the mover raises the price; the form says what saving a sent quote does.
    const { page, errors } = await signedInPage('MOVER', { at: `/quote_management/edit/${String(written.id)}` });
    const notice = page.getByText('This quote was sent. Saving shows your changes on the customer', { exact: false });
    await notice.waitFor();
    await page.getByLabel('Fixed price before tax').fill('1100');
    await expect.poll(() => page.getByTestId('quote-running-total').innerText()).toBe('$1,100.00');
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'quote-edit-sent-light');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/quote_management/${String(written.id)}`);
    await expect.poll(() => shownValue(page, 'Quoted total').innerText()).toBe('$1,100.00');
    expect(await shownValue(page, 'Status').innerText()).toBe('Sent');

    // The customer accepts what they read: the page shows the new version instead, says what
    // changed at its top, and takes them there; nothing was accepted.
    await theirs.getByRole('button', { name: 'Accept the quote' }).click();
    const changed = theirs.getByTestId('quote-changed');
    await changed.getByText('This quote changed while you were reading it').waitFor();
    expect(await changed.innerText()).toContain('Changed: the price.');
    expect(await changed.innerText()).toContain('The mover changed this quote after you opened it.');
    await expect.poll(() => theirs.getByTestId('quote-total').innerText()).toBe('$1,100.00');
    const box = (await changed.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(PHONE.height);
    expect(await theirs.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    expect(await theirs.getByText('You accepted this quote.', { exact: false }).count()).toBe(0);
    await screenshot(theirs, 'quote-public-changed-phone');
    if (PICTURES) {
      for (const scheme of ['light', 'dark'] as const) {
        await setLook(theirs, { colorScheme: scheme, viewport: DESKTOP });
        await changed.scrollIntoViewIfNeeded();
        await screenshot(theirs, `quote-public-changed-${scheme}`);
      }
      await setLook(theirs, { colorScheme: 'light', viewport: PHONE });
    }

    // Having read it, they accept the version shown now.
    await theirs.getByRole('button', { name: 'Accept the quote' }).click();
    await theirs.getByText('You accepted this quote.', { exact: false }).waitFor();
    expect(await changed.count()).toBe(0);
    expectNoPageErrors(theirErrors);
    await expect.poll(() => shownValue(page, 'Status').innerText(), { timeout: 30_000 }).toBe('Accepted');
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    expect(quotePath).not.toBe('');
    const { page, errors } = await signedInPage('MOVER', { at: quotePath });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, quotePath);
      await page.getByRole('link', { name: 'Booking on the calendar' }).waitFor();
      await screenshot(page, `quote-${name}`);
      await visit(page, new URL(customerLink).pathname);
      await page.getByText('You accepted this quote.', { exact: false }).waitFor();
      await page.getByTestId('quote-contact').waitFor();
      await screenshot(page, `quote-public-${name}`);
      await visit(page, deadEndPath);
      await page.getByTestId('quote-move-fit').waitFor();
      await screenshot(page, `quote-unbookable-${name}`);
      await visit(page, `/quote_management/edit/${deadEndPath.split('/').pop()}`);
      await page.getByTestId('quote-move-fit').scrollIntoViewIfNeeded();
      await screenshot(page, `quote-form-unbookable-${name}`);
      if (name === 'phone') {
        // A new quote's empty inventory says so on its own line, above Add line (the phone's cards
        // put the words and the button on one line, touching: 'No lines yet[+ Add line]').
        await visit(page, '/quote_management/add');
        const empty = await page.getByText('No lines yet', { exact: true }).boundingBox();
        const add = await page.getByRole('button', { name: 'Add line' }).boundingBox();
        expect(empty!.y + empty!.height).toBeLessThanOrEqual(add!.y);
        // A date range filter on a phone shows one month (two are wider than the screen, and
        // stacked they ran below the fold), all of it on screen, on a tall phone and a small one.
        await visit(page, '/quote_management');
        for (const [size, viewport] of [
          ['phone', PHONE],
          ['small-phone', SMALL_PHONE],
        ] as const) {
          await setLook(page, { viewport });
          await page.getByPlaceholder('Move date from').click();
          expect((await expectPickerPopupOnScreen(page)).months).toHaveLength(1);
          await screenshot(page, `quote-list-range-${size}`);
          await page.keyboard.press('Escape');
        }
        // Opened on the end of a range over two months, it shows the end's month (antd turns its
        // first month to the one before, for a second month beside it that a phone does not show).
        const [from, to] = [page.getByPlaceholder('Move date from'), page.getByPlaceholder('Move date to')];
        await from.click();
        await from.fill('10/15/2026');
        await from.press('Enter');
        await to.fill('11/20/2026');
        await to.press('Enter');
        await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'detached' });
        await to.click();
        expect((await expectPickerPopupOnScreen(page)).months).toEqual(['Nov 2026']);
        await page.keyboard.press('Escape');
      }
    }
    expectNoPageErrors(errors);
  });
});
