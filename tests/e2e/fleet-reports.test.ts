import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { downloaded, screenshot, artifactPath, setLook, visit, LOOKS, PICTURES } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { pickOption } from './helpers/select';

/**
 * Fleet reports: the fleet manager builds a report for a customer with three deliveries, a line
 * discount and a report discount, checks the totals, closes it (the editing controls go), exports
 * the PDF (its first page rendered with pdftoppm for a look) and the CSV (its total equals the
 * screen's), and the details page in light, dark and phone sizes.
 */
const signedInPage = keptPages();

const RUN = `e2e${Date.now().toString(36)}`;
const deliveryRows = (page: Page) =>
  page.getByRole('region', { name: 'Deliveries' }).locator('.ant-table-tbody tr[data-row-key]');
/** The header of each table whose content is wider than its card (it scrolls sideways). */
const wideTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-content')]
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => [...el.querySelectorAll('th')].map((th) => th.textContent?.trim()).join('|')),
  );
let detailsPath = '';

async function typeDate(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, day: dayjs.Dayjs) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day.format('MM/DD/YYYY'));
  // Tab, not Enter: Enter in a form's last field would submit it before the test clicks its button.
  await input.press('Tab');
  await expect.poll(() => input.inputValue()).toBe(day.format('MM/DD/YYYY'));
}

async function addDelivery(
  page: Page,
  d: { day: dayjs.Dayjs; origin: string; destination: string; miles: string; lb: string; price: string },
) {
  const before = await deliveryRows(page).count();
  await page.getByRole('button', { name: 'Add delivery' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add delivery' });
  await dialog.waitFor();
  await typeDate(page, dialog, 'Date', d.day);
  await dialog.getByLabel('Origin').fill(d.origin);
  await dialog.getByLabel('Destination').fill(d.destination);
  await dialog.getByLabel('Distance (miles)').fill(d.miles);
  await dialog.getByLabel('Weight (lb)').fill(d.lb);
  await dialog.getByLabel('Price').fill(d.price);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => deliveryRows(page).count()).toBe(before + 1);
}

async function discount(page: Page, dialogName: string, kind: 'Amount' | 'Percent', value: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await dialog.getByText(kind, { exact: true }).click();
  await dialog.getByLabel(kind === 'Amount' ? 'Amount ($)' : 'Percent (%)').fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('fleet manager: reports', () => {
  it('builds a report with three deliveries and discounts, closes it, and exports PDF and CSV', async () => {
    const { page, errors } = await signedInPage('TRUCKER');

    await page.getByRole('navigation').getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.locator('.list-table tbody tr[data-row-key]').first().waitFor();
    await screenshot(page, 'fleet-reports-list-light');

    // A new report for Harbor Foods over this month.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/report_management/create');
    const title = `Harbor run ${RUN}`;
    await page.getByLabel('Title').fill(title);
    await pickOption(page, 'Customer', 'Harbor Foods Inc.');
    const start = dayjs().startOf('month');
    await typeDate(page, page, 'Period from', start);
    await typeDate(page, page, 'Period to', start.endOf('month'));
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/report_management\/[0-9a-f-]{36}\/report_details$/);
    detailsPath = new URL(page.url()).pathname;

    // A delivery saved without its origin is refused with the server's rule, shown on the field.
    await page.getByRole('button', { name: 'Add delivery' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add delivery' });
    await dialog.getByLabel('Destination').fill('Dover, DE');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter where the delivery started').waitFor();
    // A delivery dated before the report's period is refused, naming the period.
    await dialog.getByLabel('Origin').fill('Newark, NJ');
    await dialog.getByLabel('Distance (miles)').fill('126.5');
    await dialog.getByLabel('Weight (lb)').fill('20000');
    await dialog.getByLabel('Price').fill('450');
    await typeDate(page, dialog, 'Date', start.subtract(1, 'day'));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByText(
        `The delivery date must be within the report period, ${start.format('MM/DD/YYYY')} to ${start.endOf('month').format('MM/DD/YYYY')}`,
      )
      .waitFor();
    await screenshot(page, 'fleet-delivery-outside-period-light');
    // What was typed is not thrown away on a slip: Cancel asks first.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
    await discard.getByRole('button', { name: 'Keep editing' }).waitFor();
    await screenshot(page, 'fleet-delivery-discard-question-light');
    await discard.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await addDelivery(page, {
      day: start,
      origin: 'Newark, NJ',
      destination: 'Dover, DE',
      miles: '126.5',
      lb: '20000',
      price: '450',
    });
    await addDelivery(page, {
      day: start.add(1, 'day'),
      origin: 'Newark, NJ',
      destination: 'Trenton, NJ',
      miles: '58',
      lb: '9000',
      price: '320.50',
    });
    await addDelivery(page, {
      day: start.add(2, 'day'),
      origin: 'Newark, NJ',
      destination: 'Richmond, VA',
      miles: '331',
      lb: '24000',
      price: '1200',
    });

    // 150 % is refused with the rule's message, as typed (not saved as 100 %, wiping the line);
    // then 10 % off the second line ($32.05) and $20.00 off the report.
    await deliveryRows(page).filter({ hasText: 'Trenton' }).getByRole('button', { name: 'Discount' }).click();
    const lineDiscount = page.getByRole('dialog', { name: 'Delivery discount' });
    await lineDiscount.getByText('Percent', { exact: true }).click();
    await lineDiscount.getByLabel('Percent (%)').fill('150');
    await lineDiscount.getByRole('button', { name: 'Save' }).click();
    await lineDiscount.getByText('Enter a percent from 0 to 100, with at most 2 decimals').waitFor();
    expect(await lineDiscount.getByLabel('Percent (%)').inputValue()).toBe('150');
    await screenshot(page, 'fleet-report-discount-refused-light');
    if (PICTURES) {
      await setLook(page, { colorScheme: 'dark' });
      await screenshot(page, 'fleet-report-discount-refused-dark');
      await setLook(page, { colorScheme: 'light' });
    }
    await discount(page, 'Delivery discount', 'Percent', '10');
    await deliveryRows(page).filter({ hasText: 'Trenton' }).getByText('−$32.05').waitFor();
    await page.getByRole('button', { name: 'Report discount' }).click();
    await discount(page, 'Report discount', 'Amount', '20');
    // $1,970.50 − $32.05 − $20.00.
    await expect.poll(() => page.getByTestId('report-total').innerText()).toBe('$1,918.45');
    await screenshot(page, 'fleet-report-details-open-light');

    // Closed: read-only, the editing controls gone, only reopen and the exports left.
    await page.getByRole('button', { name: 'Close report' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Close report' }).click();
    await expect.poll(() => page.getByTestId('report-status').innerText()).toBe('Closed');
    await page.getByText('This report is closed', { exact: false }).waitFor();
    for (const name of ['Add delivery', 'Edit', 'Delete', 'Report discount', 'Close report', 'Discount']) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    await page.getByRole('region', { name: 'History' }).getByText('Open → Closed', { exact: false }).waitFor();
    await screenshot(page, 'fleet-report-details-closed-light');

    // The PDF: named for the period and the customer; its first page rendered for a look.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`report-${start.format('YYYY-MM-DD')}-harbor-foods-inc.pdf`);
    const pdfPath = artifactPath('fleet-report.pdf');
    writeFileSync(pdfPath, await downloaded(pdf));
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', pdfPath, artifactPath('fleet-report-pdf')]);
    expect(['fleet-report-pdf-1.png', 'fleet-report-pdf-01.png'].some((f) => existsSync(artifactPath(f)))).toBe(true);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
    expect(text).toContain('Harbor Foods Inc.');
    expect(text).toContain('$1,918.45');

    // The CSV: three rows, and the Total row equals the screen's total.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe(`report-${start.format('YYYY-MM-DD')}-harbor-foods-inc.csv`);
    const lines = (await downloaded(csv)).toString('utf8').trim().split(/\r?\n/);
    expect(lines.filter((l) => /^\d{2}\/\d{2}\/\d{4},/.test(l))).toHaveLength(3);
    expect(lines.at(-1)).toMatch(/^Total,.*,1918\.45$/);
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    expect(detailsPath).not.toBe('');
    // One sign-in; each look is switched on the same page, and the page is opened again in it.
    const { page, errors } = await signedInPage('TRUCKER', { at: detailsPath });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, detailsPath);
      await page.getByRole('heading', { name: `Harbor run ${RUN}`, level: 1 }).waitFor();
      await expect.poll(() => deliveryRows(page).count()).toBe(3);
      await expect.poll(() => page.getByTestId('report-total').innerText()).toBe('$1,918.45');
      // Every column's content in view: no table scrolls sideways out of its card (on a phone the
      // deliveries keep the date, the route and the total, the rest stacked under them).
      expect(await wideTables(page)).toEqual([]);
      await screenshot(page, `fleet-report-details-${name}`);
      await page.getByTestId('report-total').scrollIntoViewIfNeeded();
      await screenshot(page, `fleet-report-details-${name}-totals`);
    }
    expectNoPageErrors(errors);
  });
});
