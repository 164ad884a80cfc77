import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, newContext, screenshot, setLook, visit, LOOKS, PHONE } from './helpers/browser';
import { expectNoPageErrors, PASSWORD, signIn, keptPages } from './helpers/app';

/**
 * The admin area's own screens against the real server: user_details' actions (deactivate with
 * confirmation and its history entry, activate, set password with a weak then a good one, then
 * that user signs in with it), the online users drawer, and the status page's four checks and its
 * recent mail (a recovery mail listed, its row opened to the headers); on a phone, the create
 * form's buttons clear of the password's two-line message.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const signedInPage = keptPages();

const RUN = `adm${Date.now().toString(36)}`;
const EMAIL = `dana.${RUN}@example.com`;
const NEW_PASSWORD = 'Fresh-Start9!';
let userId = '';

async function api(path: string, init: { method: string; token?: string; body?: object }) {
  return fetch(`${BASE_URL()}${path}`, {
    method: init.method,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

/** A user of this run (an administrator, so signing in needs no profile or subscription steps). */
async function createUser() {
  const login = await api('/api/user/login', {
    method: 'POST',
    body: { email: 'admin@demo.test', password: PASSWORD },
  });
  const token = login.headers.get('authorization')!.replace(/^Bearer /, '');
  const res = await api('/api/AdminAccount/add-user', {
    method: 'POST',
    token,
    body: { email: EMAIL, firstName: 'Dana', lastName: RUN, role: 'ADMIN', password: PASSWORD, phone: '202-555-0199' },
  });
  expect(res.status).toBe(200);
  userId = ((await res.json()) as { result: { id: string } }).result.id;
}

/** A recovery mail to this run's user: the newest mail in the outbox, for the status page's Recent mail. */
let mailed = false;
async function mailRecovery() {
  const res = await api('/api/User/forgot-password', { method: 'POST', body: { email: EMAIL } });
  expect(res.status).toBe(200);
  mailed = true;
}

/** The details panel (fields and the action buttons beside Edit). */
const account = (page: Page) => page.getByRole('region', { name: EMAIL });
const statusCell = (page: Page) => page.locator('.ant-descriptions-row', { hasText: 'Status' });
const history = (page: Page) => page.getByRole('region', { name: 'History' });
const recentMail = (page: Page) => page.getByRole('region', { name: 'Recent mail' });

async function openDetails(page: Page) {
  await visit(page, `/user_management/${userId}/user_details`);
  await page.getByRole('heading', { name: EMAIL, level: 1 }).waitFor();
  await account(page).getByRole('button', { name: 'Set password' }).waitFor();
}

async function openOnlineUsers(page: Page) {
  await visit(page, '/user_management');
  await page.locator('.list-table tbody tr[data-row-key]').first().waitFor();
  await page.getByRole('button', { name: /^Online users/ }).click();
  const drawer = page.locator('.ant-drawer-content');
  await drawer.getByText(/(person|people) online, checked at/).waitFor();
  return drawer;
}

describe('admin: user details, online users, system status', () => {
  it('deactivates, activates and sets a password from user_details; that user signs in with it', async () => {
    await createUser();
    const { page, errors } = await signedInPage('ADMIN');

    // From the list to the details page.
    await visit(page, `/user_management?query=${RUN}`);
    await page.locator(`a[href="/user_management/${userId}/user_details"]`).click();
    await page.waitForURL((url) => url.pathname === `/user_management/${userId}/user_details`);
    await page.getByRole('heading', { name: EMAIL, level: 1 }).waitFor();
    await statusCell(page).getByText('Active', { exact: true }).waitFor();
    // One phone format (stored E.164, shown the US way); the creation lists only given values.
    await page.locator('.ant-descriptions-row', { hasText: 'Phone' }).getByText('(202) 555-0199').waitFor();
    await history(page).getByText('Display name').first().waitFor();
    expect(
      await history(page)
        .getByText(/\(empty\) → \(empty\)/)
        .count(),
    ).toBe(0);

    // Deactivate asks first; then the status and the history show it.
    await account(page).getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText(`Deactivate ${EMAIL}?`).waitFor();
    await confirm.getByText(/signed out on every device/).waitFor();
    await screenshot(page, 'admin-user-details-confirm-light');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(`${EMAIL} was deactivated and signed out everywhere`).waitFor();
    await statusCell(page).getByText('Inactive', { exact: true }).waitFor();
    await history(page).getByText('Active → Inactive').waitFor();
    await account(page).getByRole('button', { name: 'Activate' }).waitFor();

    // Activate again.
    await account(page).getByRole('button', { name: 'Activate' }).click();
    await page.getByText(`${EMAIL} is active again`).waitFor();
    await history(page).getByText('Inactive → Active').waitFor();
    await account(page).getByRole('button', { name: 'Deactivate' }).waitFor();

    // Set password: a weak one gets the shared rule's message, then a good one.
    await account(page).getByRole('button', { name: 'Set password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a new password' });
    await dialog.getByLabel('New password', { exact: true }).fill('password1');
    await dialog.getByLabel('Confirm password', { exact: true }).fill('password1');
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await dialog
      .getByText('Password must contain an uppercase letter, a lowercase letter, a number and a symbol')
      .waitFor();
    await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('Confirm password', { exact: true }).fill('Fresh-Start9?');
    await dialog.getByText('Passwords do not match').waitFor();
    await screenshot(page, 'admin-set-password-errors-light');
    await dialog.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(`New password set for ${EMAIL}; they were signed out everywhere`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await history(page).getByText('••• → •••').waitFor();
    await history(page).locator('.ant-spin-blur').waitFor({ state: 'detached' });
    await screenshot(page, 'admin-user-details-light');

    // The user signs in with the new password in a fresh browser context.
    const other = await newContext(browser);
    const userPage = await other.newPage();
    await userPage.goto('/');
    await signIn(userPage, EMAIL, NEW_PASSWORD);
    await userPage.getByRole('button', { name: /^Account menu for / }).waitFor({ timeout: 15_000 });

    // Online users lists both administrators, and links to the new one's details.
    const drawer = await openOnlineUsers(page);
    await drawer.getByRole('link', { name: `Dana ${RUN}` }).waitFor();
    expect(await drawer.getByText('admin@demo.test').count()).toBe(1);
    await screenshot(page, 'admin-online-users-light');
    await drawer.getByRole('link', { name: `Dana ${RUN}` }).click();
    await page.waitForURL((url) => url.pathname === `/user_management/${userId}/user_details`);
    await page.getByRole('heading', { name: EMAIL, level: 1 }).waitFor();

    // The status page: four checks, each with its state.
    await visit(page, '/status');
    await page.getByRole('heading', { name: 'System status', level: 1 }).waitFor();
    for (const name of ['Database', 'Mail', 'File storage', 'Live hub']) {
      await page.getByRole('heading', { name, level: 2, exact: true }).waitFor();
    }
    const database = page.getByRole('region', { name: 'Database' });
    await database.getByText('Up', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Mail', exact: true }).getByText('Not configured').waitFor();
    await page.getByText(/^Checked at \d{2}\/\d{2}\/\d{4} /).waitFor();
    await screenshot(page, 'admin-status-light');

    // Recent mail: a recovery mail asked for now is listed, newest first; its row opens to the
    // headers as stored (the API suite proves the columns, signatures and that no body is sent).
    await mailRecovery();
    await page.getByRole('button', { name: /Refresh/ }).click();
    const recent = recentMail(page);
    const row = recent.locator('tbody tr[data-row-key]').first();
    await row.getByText(EMAIL, { exact: true }).waitFor();
    await row.getByText('Recorded only').waitFor();
    await row.getByText('Not signed').waitFor();
    await row.getByText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/).waitFor();
    await row.getByText(EMAIL, { exact: true }).click();
    const headers = page.getByRole('region', { name: /^Headers of / });
    await headers.getByText(new RegExp(`^To: ${EMAIL.replace(/\./g, '\\.')}$`, 'm')).waitFor();
    expect(await headers.locator('pre').textContent()).toMatch(/^From: .*no-reply@backoffice\.local>?$/m);
    await recent.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-recent-mail-light');

    expectNoPageErrors(errors);
    await other.close();
  });

  it('looks right in dark mode and on a phone', async () => {
    if (!userId) await createUser();
    if (!mailed) await mailRecovery();
    // One sign-in; each look is switched on the same page, and each screen is opened again in it.
    const { page, errors } = await signedInPage('ADMIN');
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await openDetails(page);
      await history(page).locator('.ant-list-item').first().waitFor();
      await screenshot(page, `admin-user-details-${name}`);
      if (name === 'phone') {
        await account(page).getByRole('button', { name: 'Set password' }).scrollIntoViewIfNeeded();
        await screenshot(page, 'admin-user-details-phone-actions');
        await account(page).getByRole('button', { name: 'Set password' }).click();
        await page
          .getByRole('dialog', { name: 'Set a new password' })
          .getByRole('button', { name: 'Set password' })
          .click();
        await page.getByText('Password is required').first().waitFor();
        await screenshot(page, 'admin-set-password-phone');
        await page.getByRole('dialog', { name: 'Set a new password' }).getByRole('button', { name: 'Cancel' }).click();
      }
      await openOnlineUsers(page);
      await screenshot(page, `admin-online-users-${name}`);
      await visit(page, '/status');
      await page.getByRole('heading', { name: 'Live hub', level: 2 }).waitFor();
      await screenshot(page, `admin-status-${name}`);
      // Recent mail with its newest row open: the table scrolls inside its card on a phone.
      const newest = recentMail(page).locator('tbody tr[data-row-key]').first();
      await newest.getByText(EMAIL, { exact: true }).waitFor();
      // The first column opens it (a click on the address would scroll the table sideways to it).
      await newest.getByText(/^\d{2}\/\d{2}\/\d{4} /).click();
      await page
        .getByRole('region', { name: /^Headers of / })
        .locator('pre')
        .waitFor();
      await recentMail(page).scrollIntoViewIfNeeded();
      if (name === 'phone') {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        // The subject keeps a readable width when the table scrolls sideways: it was squeezed to
        // ~80 px, one word a line, every row four lines tall.
        const subject = await newest.getByRole('cell', { name: 'Your password recovery code' }).boundingBox();
        expect(subject!.width).toBeGreaterThanOrEqual(180);
      }
      await screenshot(page, `admin-recent-mail-${name}`);
      if (name === 'phone') {
        // The create form's buttons stand apart from the last field's message, two lines on a
        // phone (the password's rule): Create sat right under its text (0 px).
        await visit(page, '/user_management/create');
        await page.getByLabel('Password').fill('password');
        const create = page.getByRole('button', { name: 'Create' });
        await create.click();
        const message = page.getByText(
          'Password must contain an uppercase letter, a lowercase letter, a number and a symbol',
        );
        await message.waitFor();
        const [text, button] = [await message.boundingBox(), await create.boundingBox()];
        expect(text!.height).toBeGreaterThan(30);
        expect(button!.y - (text!.y + text!.height)).toBeGreaterThanOrEqual(8);
        await screenshot(page, 'admin-create-user-phone');
        // Away from the form as a person leaves it unsaved (an address from outside the app: not held).
        await visit(page, '/user_management');
        await page.locator('.list-table tbody tr[data-row-key]').first().waitFor();
      }
    }
    expectNoPageErrors(errors);
  });
});
