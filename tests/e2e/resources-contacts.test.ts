import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { downloaded, launch, newContext, screenshot, setLook, trackErrors, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, signInAs, keptPages } from './helpers/app';
import { selectLabelled } from './helpers/select';
import { compareSortText } from '../../src/domain/resources/sort-text';

/**
 * The generated screens of a declared resource, on `contacts` against the real server: list
 * (filters and sort in the URL, paging, a hidden column remembered), create with bad then good
 * input, edit and its history entry, CSV export and import with a bad row, bulk delete.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const signedInPage = keptPages();

const RUN = `e2e${Date.now().toString(36)}`;
const rows = (page: Page) => page.locator('.list-table tbody tr[data-row-key]');
const search = (page: Page) => new URL(page.url()).searchParams;
const firstCells = (page: Page, column: number) =>
  page.locator(`.list-table tbody tr[data-row-key] td:nth-child(${column})`).allInnerTexts();

async function openList(page: Page, query = '') {
  await visit(page, `/contact_management${query}`);
  await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
  await rows(page).first().waitFor();
}

/** Picks in a list filter (a light stand-in until pressed, DeferredSelect) or a form's antd Select (its box). */
async function pick(page: Page, label: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.waitFor();
  const antd = selectLabelled(page, label);
  await ((await antd.count()) ? antd : box).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

describe('contacts: the generated list, forms and show page', () => {
  it('filters, sorts and pages through the URL, and remembers a hidden column', async () => {
    const { page, errors } = await signedInPage('ADMIN');
    await openList(page);
    await screenshot(page, 'resources-contacts-list-light');
    expect(await rows(page).count()).toBe(10);

    // Filter by status; a reload keeps it.
    await pick(page, 'Status', 'Customer');
    await page.waitForURL((url) => url.searchParams.get('status') === 'customer');
    await page.waitForLoadState('networkidle');
    await page.reload();
    await rows(page).first().waitFor();
    expect(search(page).get('status')).toBe('customer');
    await expect
      .poll(async () => new Set(await page.locator('.list-table tbody .ant-tag').allInnerTexts()))
      .toEqual(new Set(['Customer']));

    // Sort by name, descending; the order is in the URL and survives a reload.
    await openList(page);
    const header = page.getByRole('columnheader', { name: 'Full name' }).getByRole('button');
    await header.click();
    await header.click();
    await page.waitForURL(
      (url) => url.searchParams.get('sort') === 'fullName' && url.searchParams.get('order') === 'desc',
    );
    // The rows change when the server's answer arrives (the old page stays up meanwhile).
    // Z-A as the server sorts text (case and accents apart: src/domain/resources/sort-text.ts).
    const descending = (list: string[]) => list.join('|') === [...list].sort((a, b) => compareSortText(b, a)).join('|');
    await expect.poll(async () => descending(await firstCells(page, 2)), { timeout: 10_000 }).toBe(true);
    const names = await firstCells(page, 2);
    await page.reload();
    await rows(page).first().waitFor();
    expect(await firstCells(page, 2)).toEqual(names);

    // Page 2 shows other rows, and the page is in the URL.
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(async () => (await firstCells(page, 2))[0], { timeout: 10_000 }).not.toBe(names[0]);

    // Twenty a page: rows 11-20 were on screen, so page 1 of twenty holds them.
    await pick(page, 'Rows per page', '20 / page');
    await page.waitForURL((url) => url.searchParams.get('perPage') === '20' && url.searchParams.get('page') === '1');
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(20);

    // Hide the Email column; it stays hidden after a reload (saved per user), then show it again.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Email' }).uncheck();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Email' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await page.reload();
    await rows(page).first().waitFor();
    await expect.poll(() => page.getByRole('columnheader', { name: 'Email' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Email' }).check();
    await page.getByRole('columnheader', { name: 'Email' }).waitFor();
    expectNoPageErrors(errors);
  });

  it('creates (bad input first), edits with a history entry, exports, imports with a bad row, bulk deletes', async () => {
    const { page, errors } = await signedInPage('ADMIN');
    // To the list by the sidebar, as a person goes: React Router numbers the entries it makes, so the
    // guard can hold a Back to the list while the form is unsaved (not to an address visit() pushed).
    await visit(page, '/contact_companies_management');
    await page.getByRole('navigation').getByRole('link', { name: 'Contacts' }).click();
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    await rows(page).first().waitFor();

    // Create: the same messages as the server, then a good record.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/contact_management/create');
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Must be at least 2 characters long').waitFor();
    await page.getByText('Enter a valid email address').waitFor();
    await screenshot(page, 'resources-contacts-form-errors-light');

    // Leaving with unsaved changes asks first: a link in the app, then the browser's Back; stay both times.
    const asked = page.getByRole('dialog', { name: 'Leave without saving?' });
    await page.getByRole('navigation').getByRole('link', { name: 'Companies' }).click();
    await asked.getByRole('button', { name: 'Stay' }).click();
    await asked.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/contact_management/create');

    // The browser's Back is held while the form is unsaved: asked, and staying keeps the form as typed.
    await page.goBack({ waitUntil: 'commit' }).catch(() => null);
    await asked.getByRole('button', { name: 'Stay' }).click();
    await asked.waitFor({ state: 'hidden' });
    await page.waitForURL((url) => url.pathname === '/contact_management/create');
    expect(await page.getByLabel('Full name').inputValue()).toBe('A');
    await screenshot(page, 'resources-contacts-back-stayed-light');

    // A reload gets the browser's own question; dismissing it keeps the page and the typing.
    const reloadAsked = page.waitForEvent('dialog');
    void page.evaluate(() => window.location.reload());
    const question = await reloadAsked;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
    expect(await page.getByLabel('Full name').inputValue()).toBe('A');

    const name = `Ada ${RUN}`;
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').fill(`ada.${RUN}@example.com`);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Contact created').waitFor();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/contact_management\/[0-9a-f-]{36}$/);
    const recordPath = new URL(page.url()).pathname;

    // The new record took the create form's place: Back goes to the list it was made from, not to
    // a blank form (where a second Create would make it twice), and Forward to the record again.
    await page.goBack();
    await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact_management');
    expect(await page.getByLabel('Full name').count()).toBe(0);
    expect(await asked.count()).toBe(0);
    await screenshot(page, 'resources-contacts-back-after-create-light');
    await page.goForward();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(recordPath);

    // Edit: the status change appears in the history.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/edit'));
    await pick(page, 'Status', 'Customer');
    await page.getByLabel('Phone').fill('(202) 555-0199');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Contact saved').waitFor();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Lead → Customer').waitFor();
    expect(await history.getByText('Updated', { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'resources-contacts-show-light');

    // Export the current filter (all pages) and read the file.
    await openList(page, `?query=${RUN}`);
    await expect.poll(() => rows(page).count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await downloaded(download)).toString('utf8').trim().split(/\r?\n/);
    // Headed with the list's column titles in the screen's language (the keys were English in Spanish too).
    expect(csv[0]).toContain('Full name,Email,Phone');
    expect(csv[0]).not.toContain('fullName');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(name);

    // Import: one bad row is reported with its line; confirming imports the other two.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from a CSV file' });
    await dialog.getByText(/^Columns: Full name, Email, Phone/).waitFor();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `fullName,email,status\nBea ${RUN},bea.${RUN}@example.com,lead\nCy ${RUN},not-an-email,lead\nDee ${RUN},dee.${RUN}@example.com,customer\n`,
      ),
    });
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await dialog.getByText('3 rows: 2 valid, 1 with problems').waitFor();
    const problem = dialog.locator('tr', { hasText: 'Enter a valid email address' });
    await problem.waitFor();
    expect(await problem.locator('td').first().innerText()).toBe('3');
    await screenshot(page, 'resources-contacts-import-light');
    await dialog.getByRole('button', { name: 'Import 2 valid rows' }).click();
    await dialog.getByText('Imported 2 rows, skipped 1.').waitFor();
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => rows(page).count()).toBe(3);

    // A declared bulk action on the selection, then bulk delete everything this run made.
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Mark as inactive' }).click();
    await page.getByText('3 contacts updated').waitFor();
    await expect
      .poll(() => page.locator('.list-table tbody .ant-tag').allInnerTexts())
      .toEqual(['Inactive', 'Inactive', 'Inactive']);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.locator('.ant-popconfirm').getByText('Delete 3 contacts?').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('3 contacts deleted').waitFor();
    await expect.poll(() => rows(page).count()).toBe(0);
    expectNoPageErrors(errors);
  });

  it('creates one record for a double click on Create', async () => {
    const { page, errors } = await signedInPage('ADMIN');
    await visit(page, '/contact_management/create');
    const name = `Dot ${RUN}`;
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').fill(`dot.${RUN}@example.com`);
    const posts: string[] = [];
    const count = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/crmmanagement/contacts')
        posts.push(request.url());
    };
    page.on('request', count);
    await page.getByRole('button', { name: 'Create' }).dblclick();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    page.off('request', count);
    expect(posts).toHaveLength(1);
    expectNoPageErrors(errors);
  });

  it('gives a club owner their own contacts, in dark mode and on a phone', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signInAs(page, 'CLUBOWNER');
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      if (name === 'phone') await visit(page, '/contact_management');
      else {
        // From the club owner's home, by the sidebar, as after signing in.
        await visit(page, '/');
        await page.getByRole('navigation').getByRole('link', { name: 'Contacts' }).click();
      }
      await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
      await rows(page).first().waitFor();
      await screenshot(page, `resources-contacts-list-${name}`);
      // The table scrolls inside its box instead of widening the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await rows(page).first().locator('a').first().click();
      await page.getByRole('region', { name: 'History' }).locator('.ant-list-item, .ant-empty').first().waitFor();
      await screenshot(page, `resources-contacts-show-${name}`);
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('Full name').waitFor();
      await screenshot(page, `resources-contacts-form-${name}`);
    }
    expectNoPageErrors(errors);
    await context.close();
  });
});
