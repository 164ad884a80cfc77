/**
 * The window's scroll across the app's pages (src/custom/routes/use-scroll-restoration.ts): a
 * link opens its page at the top, Back and Forward return to where the person had scrolled. On a
 * phone, a club owner's events page scrolled to its end and its event's link followed: the event's
 * page opened 256 px down (the router kept the list's scroll), its title and form start out of sight.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, painted, setLook } from './helpers/browser';
import { expectNoPageErrors, keptPages, waitForPath } from './helpers/app';

const signedInPage = keptPages();

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe('page scroll', () => {
  it('a link opens its page at the top; Back and Forward return to where the person was', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    // The events page by the sidebar's link, as a person gets there (an entry the router made).
    await page.locator('.layout-sidebar a[href="/club_event_management"]').click();
    await waitForPath(page, '/club_event_management');
    await setLook(page, { viewport: PHONE });
    const event = page.getByRole('region', { name: 'Upcoming' }).getByRole('link', { name: 'Friday Jazz Jam' });
    const issue = page.getByRole('button', { name: 'Issue ticket' });
    const listToEnd = async () => {
      await event.waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await painted(page);
      return scrollY(page);
    };

    // The first time the event's page loads its code and data (a short "loading" page first,
    // which took the scroll back to the top by itself); the second time it is drawn at once.
    const listAt = await listToEnd();
    expect(listAt, 'the events page scrolls on a phone').toBeGreaterThan(100);
    await event.click();
    await issue.waitFor();
    expect(await scrollY(page), 'the event page opens at its top').toBe(0);
    await page.goBack();
    await event.waitFor();
    await expect.poll(() => scrollY(page), { message: 'Back: the list where it was left' }).toBe(listAt);

    expect(await listToEnd()).toBe(listAt);
    await event.click();
    await issue.waitFor();
    // The event's page can scroll, so a list's scroll kept would show (clamped to its height: the
    // list grows with the events other files add to the shared server, and may outgrow it).
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(100);
    expect(await scrollY(page), 'the event page opens at its top, drawn at once').toBe(0);

    // Back after a reload: the list's code and data load again, and the scroll waits for them.
    await page.evaluate(() => window.scrollTo(0, 300));
    await painted(page);
    await page.reload();
    await issue.waitFor();
    await expect.poll(() => scrollY(page), { message: 'a reload keeps the place' }).toBe(300);
    await page.goBack();
    await event.waitFor();
    await expect.poll(() => scrollY(page), { message: 'Back after a reload: the list where it was left' }).toBe(listAt);
    await page.goForward();
    await issue.waitFor();
    await expect.poll(() => scrollY(page), { message: 'Forward: the event where it was left' }).toBe(300);
    expectNoPageErrors(errors);
  });
});
