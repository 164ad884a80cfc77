/**
 * The Facebook page connection (facebook_ads, CLUBOWNER) on the shared browser-test server,
 * which has no Facebook app set (as a fresh install): the owner finds the page in the sidebar and
 * reads plainly that the connection is not set up and what an administrator sets, with nothing
 * offered that would pretend otherwise. Coming back from Facebook's dialog is wired: a refusal
 * on the dialog and a code the server cannot use are both said, and the address is cleaned. The
 * connection itself (dialog, token, pages, create page, Facebook's errors) is proven against a
 * Graph stand-in in tests/api/facebook.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, keptPages, waitForPath } from './helpers/app';

const signedInPage = keptPages();

const NOT_SET_UP = 'The Facebook connection is not set up on this server';
const notice = (page: Page) =>
  page.getByRole('alert').filter({ hasText: NOT_SET_UP }).filter({ hasText: 'FACEBOOK_APP_ID' });

describe('Facebook page connection', () => {
  it('says plainly that Facebook is not set up on this server and what an administrator sets (light, dark, phone)', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Facebook Page' })
      .click();
    await waitForPath(page, '/facebook_ads');
    await page.getByRole('heading', { level: 1, name: 'Facebook Page' }).waitFor();
    await notice(page).waitFor();
    await notice(page).getByText('FACEBOOK_APP_SECRET').waitFor();
    // Nothing that would pretend: no connect button, no pages.
    expect(await page.getByRole('button', { name: 'Connect to Facebook' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Your pages' }).count()).toBe(0);
    await screenshot(page, 'facebook-not-configured');
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/facebook_ads');
      await notice(page).waitFor();
      if (name === 'phone')
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `facebook-not-configured-${name}`);
    }
    expectNoPageErrors(errors);
  });

  it("coming back from Facebook's dialog: a refusal there and a code this server cannot use are said, and the address is cleaned", async () => {
    const { page, errors } = await signedInPage('CLUBOWNER', { at: '/facebook_ads' });
    await visit(page, '/facebook_ads?error=access_denied&error_reason=user_denied&state=abc');
    await page.getByRole('alert').filter({ hasText: 'The connection was not allowed on Facebook' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/Facebook/callback'));
    await visit(page, '/facebook_ads?code=a-code&state=a-state');
    expect((await answer).status()).toBe(409);
    // The callback's refusal above the notice, in the owner's words.
    await expect.poll(() => page.getByRole('alert').filter({ hasText: NOT_SET_UP }).count()).toBe(2);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await notice(page).waitFor();
    expectNoPageErrors(errors);
  });
});
