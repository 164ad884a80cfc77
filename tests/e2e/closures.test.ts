import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';

/**
 * Closing a day that has a booking (src/domain/closures.ts), as the service business sees it: a
 * booking on a weekday far ahead, then a day off on it from Schedule Exceptions. The screen asks
 * first, naming who and when; going back saves nothing; "Save and email them" closes the day and
 * the booking stays. Light, dark and phone screenshots of the question.
 */
const signedInPage = keptPages();

const ZONE = 'America/New_York';
const RUN = Date.now().toString(36);
const GUEST = `Closure Guest ${RUN}`;
/** A day off's note with a pasted link: no space in 180 characters. */
const NOTE = `Inventory https://docs.example.com/stocktake/${'0123456789'.repeat(14)}`;

/** A weekday 100 to 300 days ahead in New York, a different one each run (the seeded server is shared). */
function farWeekday() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 100 + (Date.now() % 200));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The API as the user, signed in on its own (the page keeps its session however it does). */
async function api(page: Page) {
  const login = await page.request.post('/api/user/login', {
    data: { email: 'user@demo.test', password: 'Demo1234!' },
  });
  const auth = login.headers()['authorization'];
  expect(auth).toBeTruthy();
  return { authorization: auth! };
}

/** 10:00–11:00 on `day` in New York, as an instant (the demo business's hours are 9 to 5 there). */
async function tenOClock(page: Page, day: string) {
  return page.evaluate(
    ({ day, zone }) => {
      const guess = Date.parse(`${day}T10:00:00Z`);
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(
        new Date(guess),
      );
      return new Date(guess + (10 - Number(parts)) * 3_600_000).toISOString();
    },
    { day, zone: ZONE },
  );
}

describe('closing a day that has bookings', () => {
  it('names who and when before saving; going back saves nothing; saving keeps the booking', async () => {
    const { page, errors } = await signedInPage('USER', { at: '/schedule_management/exceptions' });
    const headers = await api(page);
    const day = farWeekday();
    const startsAt = await tenOClock(page, day);
    const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
    const booked = await page.request.post('/api/Booking/bookings', {
      headers,
      data: { startsAt, endsAt, customerName: GUEST, customerEmail: `closure-${RUN}@example.com` },
    });
    expect(booked.status()).toBe(201);

    await page.getByRole('heading', { name: 'Schedule Exceptions', level: 1 }).waitFor();
    await page.getByLabel('Date (or first date)').fill(day);
    await page.getByLabel('Note (optional)').fill(NOTE);
    await page.getByRole('button', { name: 'Add exception' }).click();
    const dialog = page.getByRole('dialog', { name: '1 booking falls on these days' });
    const row = dialog.getByRole('listitem').filter({ hasText: GUEST });
    await row.getByText(`${usDate(day)} 10:00 AM – 11:00 AM`).waitFor();
    await screenshot(page, 'closures-question-light');

    // Going back saves nothing.
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const dayOff = async () => {
      const listed = await page.request.get('/api/Availability/exceptions?perPage=100', { headers });
      return ((await listed.json()).result as { id: string; startDate: string }[]).find((e) => e.startDate === day);
    };
    expect(await dayOff()).toBeUndefined();

    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await page.getByRole('button', { name: 'Add exception' }).click();
      await row.waitFor();
      await screenshot(page, `closures-question-${name}`);
      await dialog.getByRole('button', { name: 'Go back' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await setLook(page, { colorScheme: 'light', viewport: DESKTOP });

    await page.getByRole('button', { name: 'Add exception' }).click();
    await dialog.getByRole('button', { name: 'Save and email them' }).click();
    await page.getByText('Exception added').waitFor();
    // A note holding a link (no spaces) breaks inside its line: the page stays within the window.
    await page.getByText(NOTE, { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const booking = await page.request.get(
      `/api/Booking/bookings?from=${encodeURIComponent(startsAt)}&to=${encodeURIComponent(endsAt)}`,
      { headers },
    );
    const rows = (await booking.json()).result as { customerName: string; status: string }[];
    expect(rows.find((r) => r.customerName === GUEST)?.status).toBe('confirmed');

    // Leave the shared server as it was: the day off goes again.
    const mine = await dayOff();
    expect((await page.request.delete(`/api/Availability/exceptions/${mine!.id}`, { headers })).status()).toBe(200);
    await visit(page, '/schedule_management/exceptions');
    expectNoPageErrors(errors);
  });
});
