import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  downloaded,
  screenshot,
  artifactPath,
  setLook,
  visit,
  LOOKS,
  PHONE,
  PICTURES,
  SMALL_PHONE,
} from './helpers/browser';

import { expectNoPageErrors, keptPages } from './helpers/app';

/**
 * Invoices: the mover writes an invoice with two lines (6.5 hours of labor after a third decimal is
 * refused on its cell; boxes taxed at 8.875 %) and a 10 % discount, sees the running total and the same total on its page, sends it (then it is read-only: no Edit or
 * Delete), downloads its PDF (the first page rendered with pdftoppm for a look, its text checked)
 * and marks it paid; the page in dark mode and on a phone, where the form's lines are cards: a
 * refused quantity's input and message stay on screen, and the running total leaves that line out
 * with a note. The rules themselves are proved by tests/api/invoices.test.ts, the running total's
 * rule and the cards by tests/unit/invoice-lines-phone.test.tsx.
 */
const signedInPage = keptPages();

const CUSTOMER = `Casey Newhouse ${Date.now().toString(36)}`;
let invoicePath = '';
let number = '';

const cell = (page: Page, row: number, column: string) =>
  page.getByLabel(`Lines, line ${row}: ${column}`, { exact: true });

async function fillLine(
  page: Page,
  row: number,
  line: { description: string; quantity: string; price: string; tax: string },
) {
  await cell(page, row, 'Description').fill(line.description);
  await cell(page, row, 'Quantity').fill(line.quantity);
  await cell(page, row, 'Unit price').fill(line.price);
  await cell(page, row, 'Tax rate').fill(line.tax);
  await cell(page, row, 'Tax rate').press('Tab');
}

/** A value of the show page's field list by its label. */
const shownValue = (page: Page, label: string) =>
  page
    .locator('.ant-descriptions-row')
    .filter({ has: page.locator('th', { hasText: new RegExp(`^${label}$`) }) })
    .locator('td')
    .first();

describe('mover: invoices', () => {
  it('creates an invoice with two lines and a discount, sends it, downloads the PDF and marks it paid', async () => {
    const { page, errors } = await signedInPage('MOVER');

    await page.getByRole('navigation').getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    // The demo's two invoices are listed.
    await page.locator('.list-table tbody tr[data-row-key]').nth(1).waitFor();
    await screenshot(page, 'invoices-list-light');

    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/invoice_management/add');
    await page.getByLabel('Customer', { exact: true }).fill(CUSTOMER);
    await page.getByLabel('Customer email').fill('casey@example.com');
    // A third decimal is refused on its cell with the server's message; 6.5 hours is taken as typed.
    await cell(page, 1, 'Quantity').fill('6.555');
    await cell(page, 1, 'Quantity').press('Tab');
    await page.getByText('Enter a quantity above 0 and up to 10,000, with at most 2 decimals').waitFor();
    await fillLine(page, 1, { description: 'Crew of 3 movers (hours)', quantity: '6.5', price: '135', tax: '0' });
    await page.getByRole('button', { name: 'Add line' }).click();
    // New York City's sales tax: a rate with 3 decimals.
    await fillLine(page, 2, { description: 'Packing boxes', quantity: '10', price: '3.99', tax: '8.875' });
    await page.getByLabel('Discount (percent)').fill('10');
    await page.getByLabel('Discount (percent)').press('Tab');
    // 6.5 × $135 + 10 × $3.99 = $917.40 − 10 % ($91.74) + 8.875 % tax on the boxes after their share
    // of the discount ($35.91 → $3.19).
    await expect.poll(() => page.getByTestId('invoice-running-total').innerText()).toBe('$828.85');
    await screenshot(page, 'invoice-form-light');
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await page.waitForURL((url) => /^\/invoice_management\/[0-9a-f-]{36}$/.test(url.pathname));
    invoicePath = new URL(page.url()).pathname;
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText()).toMatch(/^INV-\d{4}-\d{4}$/);
    number = await heading.innerText();
    await expect.poll(() => shownValue(page, 'Total').innerText()).toBe('$828.85');
    await page.locator('.ant-table-tbody').getByRole('cell', { name: '8.875%', exact: true }).first().waitFor();
    await page.locator('.ant-table-tbody').getByRole('cell', { name: '6.5', exact: true }).first().waitFor();

    // Send: mailed, then closed to edits.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => shownValue(page, 'Status').innerText()).toBe('Sent');
    for (const name of ['Edit', 'Delete', 'Send']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await screenshot(page, 'invoice-sent-light');

    // The PDF: named by the number; its first page rendered for a look; its text carries the total.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const pdfPath = artifactPath('invoice.pdf');
    writeFileSync(pdfPath, await downloaded(pdf));
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, artifactPath('invoice-pdf')]);
    expect(['invoice-pdf-1.png', 'invoice-pdf-01.png'].some((f) => existsSync(artifactPath(f)))).toBe(true);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
    expect(text).toContain(CUSTOMER);
    expect(text).toMatch(/Total\s+\$828\.85/);
    expect(text).toMatch(/6\.5\s+\$135\.00\s+\$877\.50/);
    expect(text).toMatch(/\$3\.99\s+8\.875%/);

    await page.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => shownValue(page, 'Status').innerText()).toBe('Paid');
    expect(await page.getByRole('button', { name: 'Void', exact: true }).count()).toBe(0);
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    expect(invoicePath).not.toBe('');
    // One sign-in; each look is switched on the same page, and the page is opened again in it.
    const { page, errors } = await signedInPage('MOVER', { at: invoicePath });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, invoicePath);
      await page.getByRole('heading', { name: number, level: 1 }).waitFor();
      // On a phone the lines are a compact list (amount beside each), not a table to scroll.
      const lines = name === 'phone' ? page.locator('.engine-line-list') : page.locator('.ant-table-tbody');
      await lines.getByText('Packing boxes').first().waitFor();
      if (name === 'phone') {
        await lines.getByText('$877.50').first().waitFor();
        expect(await sidewaysScroll(page)).toBe(0);
      }
      await screenshot(page, `invoice-${name}`);
      if (name === 'phone') {
        await phoneForm(page);
        if (PICTURES) {
          // The same form in the other phone looks (the state stays; only the window changes).
          for (const [extra, look] of [
            ['phone-dark', { colorScheme: 'dark', viewport: PHONE }],
            ['small-phone', { colorScheme: 'light', viewport: SMALL_PHONE }],
            ['small-phone-dark', { colorScheme: 'dark', viewport: SMALL_PHONE }],
          ] as const) {
            await setLook(page, look);
            await expectOnScreen(page);
            await screenshot(page, `invoice-form-${extra}`);
          }
          // And the invoice's page in them: its lines' list fits every phone.
          for (const [extra, look] of [
            ['phone-dark', { colorScheme: 'dark', viewport: PHONE }],
            ['small-phone', { colorScheme: 'light', viewport: SMALL_PHONE }],
            ['small-phone-dark', { colorScheme: 'dark', viewport: SMALL_PHONE }],
          ] as const) {
            await setLook(page, look);
            await visit(page, invoicePath);
            await page.locator('.engine-line-list').getByText('Packing boxes').first().waitFor();
            expect(await sidewaysScroll(page)).toBe(0);
            await page.locator('.engine-line-list').first().scrollIntoViewIfNeeded();
            await screenshot(page, `invoice-${extra}`);
          }
        }
      }
    }
    expectNoPageErrors(errors);
  });
});

/** How far the page scrolls sideways (0: nothing is past the window's right edge). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const QUANTITY_MESSAGE = 'Enter a quantity above 0 and up to 10,000, with at most 2 decimals';

/** Line 1's inputs, its remove button and its quantity's message lie inside the window's width. */
async function expectOnScreen(page: Page) {
  const width = page.viewportSize()!.width;
  const targets = [
    ...['Description', 'Quantity', 'Unit price', 'Tax rate'].map((column) => cell(page, 1, column)),
    page.getByRole('button', { name: 'Remove line 1' }),
    page.getByText(QUANTITY_MESSAGE),
  ];
  for (const target of targets) {
    const box = (await target.boundingBox())!;
    expect(box.x, String(target)).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, String(target)).toBeLessThanOrEqual(width);
  }
  expect(await sidewaysScroll(page)).toBe(0);
}

/**
 * The form on a phone: a line is a card; 6.555 is refused on its cell with the message on screen,
 * and the running total leaves the line out (not 6.56 × $95.50) with a note until it is 6.5.
 * "Add line" puts the focus in the new card's first input.
 */
async function phoneForm(page: Page) {
  await visit(page, '/invoice_management/add');
  await page.locator('.engine-line-card').first().waitFor();
  await cell(page, 1, 'Unit price').fill('95.50');
  await cell(page, 1, 'Quantity').fill('6.555');
  await cell(page, 1, 'Quantity').press('Tab');
  await page.getByText(QUANTITY_MESSAGE).waitFor();
  await expectOnScreen(page);
  await expect.poll(() => page.getByTestId('invoice-running-total').innerText()).toBe('$0.00');
  const note = page.getByText('Leaves out line 1 until its quantity, unit price and tax rate are valid');
  await note.waitFor();
  await screenshot(page, 'invoice-form-phone-refused');
  await note.scrollIntoViewIfNeeded();
  await screenshot(page, 'invoice-form-phone-total');

  await cell(page, 1, 'Quantity').fill('6.5');
  await cell(page, 1, 'Quantity').press('Tab');
  // 6.5 × $95.50, the line's amount as the form adds it, on the card and in the total.
  await expect.poll(() => page.getByTestId('invoice-running-total').innerText()).toBe('$620.75');
  await expect.poll(() => page.getByTestId('line-amount').first().innerText()).toBe('$620.75');
  expect(await page.getByText(/^Leaves out line/).count()).toBe(0);
  await page.getByRole('button', { name: 'Add line' }).click();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
    .toBe('Lines, line 2: Description');
  await screenshot(page, 'invoice-form-phone');
  // Back to the refused quantity for the other looks' pictures.
  await cell(page, 1, 'Quantity').fill('6.555');
  await cell(page, 1, 'Quantity').press('Tab');
  await page.getByText(QUANTITY_MESSAGE).waitFor();
}
