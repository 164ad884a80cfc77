import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newContext, screenshot, trackErrors, PHONE } from './helpers/browser';
import { expectNoPageErrors, signInAs } from './helpers/app';

/**
 * The home dashboard ('/'): a club owner and a user see the statistic cards and the 30-day
 * revenue chart drawn from the demo's paid links, the chart's code fetched only after sign-in
 * (React.lazy). What each figure counts is proven by tests/api/home-dashboard.test.ts.
 * Screenshots light, dark and phone.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const chart = (page: Page) => page.getByRole('img', { name: /^Revenue over the last 30 days/ });

/** The figures are on screen: the three cards and the drawn chart with its 30 days. */
async function dashboardShown(page: Page, today: string) {
  await page.getByText(today, { exact: true }).first().waitFor();
  await page.getByText('Revenue, last 30 days').waitFor();
  await page.getByText('Coming up (30 days)').waitFor();
  await chart(page).waitFor();
  expect(await chart(page).locator('g > title').count()).toBe(30);
}

describe('home dashboard', () => {
  it('a club owner sees the cards, the revenue chart loaded on demand, and the lists', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(r.url())));
    await signInAs(page, 'CLUBOWNER');
    await dashboardShown(page, "Tonight's reservations");
    // The demo's month of paid links: the total is money, and the chart says it in its label.
    const revenue = page.getByRole('group', { name: 'Revenue, last 30 days' });
    const total = (await revenue.innerText()).split('\n').at(-1)!.trim();
    expect(total).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(total).not.toBe('$0.00');
    expect(await chart(page).getAttribute('aria-label')).toContain(`${total} in total`);
    // The chart came in its own chunk, after the page's own.
    const chartChunk = scripts.findIndex((u) => /RevenueChart/.test(u));
    const pageChunk = scripts.findIndex((u) => /HomePage/.test(u));
    expect(chartChunk).toBeGreaterThan(pageChunk);
    expect(pageChunk).toBeGreaterThan(-1);
    await page.getByRole('heading', { name: 'Coming up', exact: true }).waitFor();
    await screenshot(page, 'home-dashboard-clubowner-light');
    expectNoPageErrors(errors);
    await context.close();
  });

  it('a user sees theirs; dark theme and phone size', async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signInAs(page, 'USER');
    await dashboardShown(page, "Today's bookings");
    await screenshot(page, 'home-dashboard-user-dark');
    await context.close();

    const phone = await newContext(browser, { viewport: PHONE });
    const small = await phone.newPage();
    const phoneErrors = trackErrors(small);
    await signInAs(small, 'CLUBOWNER');
    await dashboardShown(small, "Tonight's reservations");
    // Nothing wider than the phone's screen.
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(small, 'home-dashboard-phone');
    expectNoPageErrors([...errors, ...phoneErrors]);
    await phone.close();
  });
});
