/**
 * The plans list searched in Spanish ('gratuito') on a phone, as the admin: the Free plan is
 * found by the name the list shows (Gratuito), and the filter row is drawn edge to edge: the
 * search box on its own line as wide as the price range under it (it stopped at 280px, short of
 * the card's edge). Pictures light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, PHONE, screenshot, setLook, trackErrors, visit } from './helpers/browser';
import { expectNoPageErrors, signInAs } from './helpers/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('a list searched in Spanish on a phone', () => {
  it('finds Gratuito and draws its search as wide as the filters under it', async () => {
    const context = await newContext(browser, { viewport: PHONE });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signInAs(page, 'ADMIN');
    await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
    await page.reload();
    await visit(page, '/plan_management?query=gratuito');
    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Gratuito' }).waitFor({ timeout: 15_000 });
    await page.getByRole('textbox', { name: 'Precio hasta' }).waitFor();
    const right = (selector: string) =>
      page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().right));
    expect(await right('.list-filter--search')).toBe(await right('.list-filter--range'));
    await screenshot(page, 'plans-searched-es-phone-light');
    await setLook(page, { colorScheme: 'dark' });
    await screenshot(page, 'plans-searched-es-phone-dark');
    expectNoPageErrors(errors);
    await context.close();
  });
});
