/**
 * The club owner's gallery and events: upload two images at once (each with its bar), set a
 * cover; add an event with a ticket type, find it in the month view, open its details. Light,
 * dark and phone screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  imagesLoaded,
  launch,
  newContext,
  PHONE,
  screenshot,
  SMALL_PHONE,
  setLook,
  trackErrors,
  visit,
  PICTURES,
} from './helpers/browser';
import { expectNoPageErrors, signInAs, waitForPath, keptPages } from './helpers/app';
import { expectAccessible } from './helpers/axe';
import { expectPickerPopupOnScreen } from './helpers/picker';

let browser: Browser;
const work = mkdtempSync(join(tmpdir(), 'e2e-gallery-'));
const files: string[] = [];
let bigFile = '';
beforeAll(async () => {
  browser = await launch();
  const colours = ['#2f6fde', '#de7a2f'];
  for (const [i, background] of colours.entries()) {
    const path = join(work, `room-${i + 1}.${i ? 'jpg' : 'png'}`);
    const image = sharp({ create: { width: 1200, height: 800, channels: 3, background } });
    writeFileSync(path, await (i ? image.jpeg() : image.png()).toBuffer());
    files.push(path);
  }
  // Noise does not compress: about 5 MB, long enough to watch its bar under a slow uplink.
  const noise = Buffer.alloc(1300 * 1300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  bigFile = join(work, 'big-room.png');
  writeFileSync(
    bigFile,
    await sharp(noise, { raw: { width: 1300, height: 1300, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

/** With a pasted link in it (no space in 140 characters), as in its description: both wrap on the page. */
const EVENT = `Gala ${Date.now() % 100000} tickets.example.com/gala-${'0123456789'.repeat(11)}`;
const LINK = `https://tickets.example.com/gala/${'0123456789'.repeat(20)}`;
/** How far the page runs past the window, in pixels (0 or less: it fits). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const signedInPage = keptPages();

/** The short name (EST, EDT) of the demo venue's zone, New York, around a day. */
const venueZoneName = (day: dayjs.Dayjs) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'short' })
    .formatToParts(day.toDate())
    .find((p) => p.type === 'timeZoneName')!.value;

describe('gallery and events', () => {
  it('uploads two images at once and sets a cover', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER', { at: '/club_gallery_management' });
    // Files go to the selected venue: the button opens the picker once that venue is known.
    const upload = page.getByRole('button', { name: 'Upload images' });
    await expect.poll(() => upload.isEnabled()).toBe(true);
    await page.getByTestId('gallery-files').setInputFiles(files);
    await expect
      .poll(() => page.getByRole('img', { name: 'No caption' }).count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    const before = await page.getByRole('button', { name: 'Cover: No caption', pressed: true }).count();
    await page.getByRole('button', { name: 'Cover: No caption', pressed: false }).last().click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Cover: No caption', pressed: true }).count())
      .toBe(Math.max(before, 1));
    await page.getByText('Cover', { exact: true }).first().waitFor();
    await imagesLoaded(page);
    await screenshot(page, 'events-gallery-gallery');

    // A slow uplink: the big file's bar moves, and cancelling it leaves nothing behind.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await page.getByTestId('gallery-files').setInputFiles(bigFile);
    const bar = page.getByRole('progressbar', { name: 'Upload progress of big-room.png' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'events-gallery-uploading');
    await page.getByRole('button', { name: 'Cancel uploading big-room.png' }).click();
    await bar.waitFor({ state: 'detached' });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.reload();
    await page.getByRole('img', { name: 'No caption' }).first().waitFor();
    expect(await page.getByRole('img', { name: 'No caption' }).count()).toBe(2);
    expectNoPageErrors(errors);
  });

  it('adds an event with a ticket type, shows it in the month, opens its details', async () => {
    // The owner is abroad: times are still typed and read at the venue's clock (New York).
    const context = await newContext(browser, { timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signInAs(page, 'CLUBOWNER', { at: '/club_event_management' });
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    await page.getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    // Nothing filled: the shared rules speak first.
    await dialog.getByLabel('Name').fill('');
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await dialog.getByText('This field is required').first().waitFor();
    await dialog.getByLabel('Name').fill(EVENT);
    await dialog.getByLabel('Description').fill(LINK);
    const start = dayjs().add(1, 'day').hour(21).minute(0);
    const end = start.add(4, 'hour');
    const inputs = dialog.locator('.ant-picker-range input');
    await inputs.nth(0).click();
    // Typed as people type times ('09:00 pm'); shown back as the brief's h:mm A.
    await inputs.nth(0).fill(start.format('MM/DD/YYYY hh:mm a'));
    await inputs.nth(0).press('Enter');
    await inputs.nth(1).fill(end.format('MM/DD/YYYY h:mm A'));
    await inputs.nth(1).press('Enter');
    await dialog.getByLabel('Ticket type').first().fill('General');
    await dialog.getByLabel('Price (USD)').first().fill('20');
    await dialog.getByLabel('Quantity').first().fill('50');
    await screenshot(page, 'events-gallery-add-event');
    await dialog.getByRole('button', { name: 'Create event' }).click();
    // The details page of the new event.
    await page.getByRole('heading', { name: EVENT }).waitFor();
    await page.getByRole('cell', { name: 'General' }).waitFor();
    await page.getByRole('cell', { name: '$20.00' }).waitFor();
    await page.getByText(LINK).waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // At the venue's clock, its zone named, since the browser's zone is another.
    await page.getByText(`${start.format('MM/DD/YYYY h:mm A')} ${venueZoneName(start)}`, { exact: true }).waitFor();
    await page.getByText(`${end.format('MM/DD/YYYY h:mm A')} ${venueZoneName(end)}`, { exact: true }).waitFor();

    // Issue one ticket: issued goes to 1.
    await page.getByLabel('Guest name').fill('Ana Ruiz');
    await page.getByLabel('Guest email').fill('ana.e2e@example.com');
    // The event's only ticket type is chosen already (unit issue-ticket-type-default has the rule).
    await page.locator('.ant-select-selection-item', { hasText: 'General' }).waitFor();
    await page.getByRole('button', { name: 'Issue ticket' }).click();
    await page.getByRole('cell', { name: 'ana.e2e@example.com' }).waitFor();
    // The details' labels are read at 4.5:1 (antd's grey was 3.36:1; src/providers/theme/antd-theme.ts).
    await expectAccessible(page, '.ant-descriptions', "the event's details");
    await screenshot(page, 'events-gallery-details');

    await page.getByRole('link', { name: 'All events' }).click();
    await waitForPath(page, '/club_event_management');
    if (start.month() === dayjs().month()) await page.locator(`[aria-label="${EVENT}"]`).first().waitFor();
    // Whatever month the calendar shows, the new event is among the next ones.
    await page.getByRole('region', { name: 'Upcoming' }).getByRole('link', { name: EVENT }).waitFor();
    // The names in the line of text are underlined, not only blue (axe's link-in-text-block).
    await expectAccessible(page, '.events-upcoming', 'the upcoming events');
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // The calendar shows this month, or the next event's when this one has none (EventsPage).
    await page.locator('.events-list .ant-spin-spinning').waitFor({ state: 'detached' });
    const onCalendar = page.locator(`[aria-label="${EVENT}"]`).first();
    if (await onCalendar.count()) {
      // Its day selected: the date turns white on blue, the event's name below keeps the text colour.
      await onCalendar.click();
      await page.locator('.ant-picker-cell-selected').getByLabel(EVENT).waitFor();
      expect(await onCalendar.evaluate((e) => getComputedStyle(e).color)).not.toBe('rgb(255, 255, 255)');
    }
    await screenshot(page, 'events-gallery-month');
    expectNoPageErrors(errors);
    await context.close();
  });

  it('looks right in the dark theme and on a phone', async () => {
    // One sign-in; the dark look, then the phone one on the same page, each screen opened again in it.
    const { page } = await signedInPage('CLUBOWNER');
    if (PICTURES) {
      await setLook(page, { colorScheme: 'dark', viewport: DESKTOP });
      await visit(page, '/club_event_management');
      await page.getByRole('region', { name: 'Upcoming' }).getByRole('link', { name: EVENT }).waitFor();
      await screenshot(page, 'events-gallery-month-dark');
      await visit(page, '/club_gallery_management');
      await page.getByRole('img', { name: 'No caption' }).first().waitFor();
      await imagesLoaded(page);
      await screenshot(page, 'events-gallery-gallery-dark');
    }

    await setLook(page, { colorScheme: 'light', viewport: PHONE });
    await visit(page, '/club_event_management');
    await page.getByRole('region', { name: 'Upcoming' }).getByRole('link', { name: EVENT }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Each event's name is cut inside its day, not laid over the next days' dates (the month shown
    // has an event: this one's, or the next event's month, which the page turns to).
    await page.locator('.events-day-item').first().waitFor();
    const spills = await page.locator('.events-day-item').evaluateAll((items) =>
      items.flatMap((item) => {
        const day = item.closest('td')!.getBoundingClientRect();
        const box = item.closest('.ant-picker-cell-inner')!.getBoundingClientRect();
        return box.left < day.left - 0.5 || box.right > day.right + 0.5 ? [item.getAttribute('aria-label')] : [];
      }),
    );
    expect(spills).toEqual([]);
    await screenshot(page, 'events-gallery-month-phone');
    // The event's start and end: a month and the time columns, narrowed to the screen (457 px wide
    // they ran off its left edge), on a tall phone and a small one, in each theme.
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['small-phone', SMALL_PHONE],
    ] as const) {
      for (const colorScheme of PICTURES ? (['light', 'dark'] as const) : (['light'] as const)) {
        await setLook(page, { viewport, colorScheme });
        await page.getByRole('button', { name: 'Add event' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add event' });
        await dialog.locator('.ant-picker-range input').first().click();
        expect((await expectPickerPopupOnScreen(page)).months).toHaveLength(1);
        await screenshot(page, `events-gallery-when-${size}-${colorScheme}`);
        // Escape closes the picker and the dialog with it.
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
    }
    await setLook(page, { viewport: PHONE, colorScheme: 'light' });
    await visit(page, '/club_gallery_management');
    await page.getByRole('img', { name: 'No caption' }).first().waitFor();
    await screenshot(page, 'events-gallery-gallery-phone');
  });
});
