import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch, newContext, PHONE, screenshot } from './helpers/browser';
import { PASSWORD, signIn, waitForPath, waitForSignedIn } from './helpers/app';
import { hubConnected } from './helpers/live';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function api(path: string, method: string, token?: string, body?: object) {
  return fetch(`${BASE_URL()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function adminToken() {
  const res = await api('/api/user/login', 'POST', undefined, { email: 'admin@demo.test', password: PASSWORD });
  return res.headers.get('authorization')!.replace(/^Bearer /, '');
}

/** A new MOVER account an administrator created and has not verified yet. */
async function newMover(email: string) {
  const admin = await adminToken();
  const created = await api('/api/AdminAccount/add-user', 'POST', admin, {
    email,
    password: PASSWORD,
    role: 'MOVER',
    firstName: 'Rae',
    lastName: 'Mover',
  });
  expect(created.status).toBe(200);
  const { result } = (await created.json()) as { result: { id: string } };
  const unverify = await api('/api/AdminAccount/user-status', 'PATCH', admin, { id: result.id, isVerified: false });
  expect(unverify.status).toBe(200);
  return { admin, id: result.id };
}

describe('/register', () => {
  it('a new mover completes the profile, submits the details, waits, and is let in once verified', async () => {
    const email = 'rae.register@example.com';
    const { admin, id } = await newMover(email);
    const context = await newContext(browser);
    const page = await context.newPage();
    const connected = hubConnected(page);
    await page.goto('/');
    await signIn(page, email);
    await waitForPath(page, '/register');
    const form = page.getByRole('form', { name: 'Your details' });
    await form.waitFor();
    await screenshot(page, 'register-form-light');

    await form.getByLabel('Phone').fill('123');
    await form.getByLabel('Company name').fill('');
    await form.getByLabel('Company website').fill('not a site');
    await form.getByRole('button', { name: 'Submit for verification' }).click();
    await form.getByText('Enter a valid phone number').waitFor();
    await form.getByText('Company name is required').waitFor();
    await form.getByText('Enter a valid web address starting with http:// or https://').waitFor();

    await form.getByLabel('Phone').fill('(202) 555-0177');
    await form.getByLabel('Company name').fill('Rae Removals');
    await form.getByLabel('Company website').fill('https://rae-removals.example.com');
    await form.getByRole('button', { name: 'Submit for verification' }).click();
    await page.getByText('Your account is waiting for an administrator to verify it').waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored.userData).toMatchObject({ isProfileCompleted: true, detailsSubmited: true, isVerified: false });
    await screenshot(page, 'register-submitted');

    // the live channel lets the user in when the administrator verifies the account
    await connected;
    expect((await api('/api/AdminAccount/user-status', 'PATCH', admin, { id, isVerified: true })).status).toBe(200);
    await waitForSignedIn(page, '/business_management');
    await context.close();
  });

  it('fits a phone screen in the dark theme', async () => {
    const email = 'rae.phone@example.com';
    await newMover(email);
    const context = await newContext(browser, { viewport: PHONE, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, email);
    await waitForPath(page, '/register');
    await page.getByRole('form', { name: 'Your details' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'register-form-phone-dark');
    await context.close();
  });
});
