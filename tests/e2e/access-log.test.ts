import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, screenshot, PHONE } from './helpers/browser';
import { signIn, waitForSignedIn } from './helpers/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('access log on the profile', () => {
  it('shows my sign-ins, including a failed attempt, and deletes an entry', async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, 'it@demo.test', 'not-my-password');
    // the refusal itself (not just any alert), so the next attempt starts from a settled form
    await page.getByRole('alert').filter({ hasText: 'Incorrect credentials' }).waitFor();
    // A fresh login page for the real attempt, as a person would after a typo: in a full run the
    // same form once stayed busy past the click's timeout (not seen when run alone).
    await page.goto('/login');
    await signIn(page, 'it@demo.test');
    await waitForSignedIn(page, '/business_management');
    await page.goto('/profile?tab=access-log');
    const section = page.getByRole('region', { name: 'Access log' });
    await section.getByRole('cell', { name: 'Failed sign-in' }).first().waitFor();
    expect(await section.getByRole('cell', { name: 'Sign-in', exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'profile-access-log-dark');

    // The deleted entry's row goes away (a full page then pulls in the next entry, so the row
    // count alone says nothing once the user has more than one page of entries).
    const firstKey = await section.locator('tbody tr.ant-table-row').first().getAttribute('data-row-key');
    expect(firstKey).toBeTruthy();
    await section.getByRole('button', { name: 'Delete' }).first().click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect.poll(() => page.getByText('Entry deleted').count()).toBeGreaterThan(0);
    await expect.poll(() => section.locator(`tbody tr[data-row-key="${firstKey}"]`).count()).toBe(0);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const context = await newContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, 'trucker@demo.test');
    await waitForSignedIn(page, '/business_info');
    await page.goto('/profile?tab=access-log');
    await page
      .getByRole('region', { name: 'Access log' })
      .getByRole('cell', { name: 'Sign-in', exact: true })
      .first()
      .waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'profile-access-log-phone');
    await context.close();
  });
});
