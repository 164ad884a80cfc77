import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mailsTo, screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { openSelect, selectLabelled } from './helpers/select';

/**
 * Booking Management (calendar_management) for a general business user: book a service into a
 * free slot of the next 30 days, see it on the week calendar, find its time gone from the free
 * slots, drag it an hour later, cancel it from its drawer. The rules (each refusal, the 409, the
 * race, other roles and businesses) are proven by tests/api/bookings.test.ts. The slot is taken
 * on the LAST day the form offers (weeks ahead, clear of the demo's bookings this week).
 * Light, dark and phone screenshots.
 */
const signedInPage = keptPages();

const RUN = `e2e${Date.now().toString(36)}`;
// A long name with a long unbroken part, as some are: the drawer's title must wrap it.
const CUSTOMER = `Test Customer ${RUN}Wolfeschlegelsteinhausenbergerdorffvoralternwaren`;
const EMAIL = `${RUN}@example.com`;
const block = (page: Page) => page.locator('[data-booking]').filter({ hasText: CUSTOMER });

/** Opens Book, picks the service and the last day offered; returns the start-time buttons. */
async function openBooking(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Book' });
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await dialog.waitFor();
  // The services load with the dialog (the select spins until then): open the list once they are there.
  await selectLabelled(dialog, 'Service').locator('.anticon-loading').waitFor({ state: 'detached' });
  const portrait = page.locator('.ant-select-dropdown:visible').getByText('Portrait session (60 min)');
  await openSelect(dialog, 'Service');
  await portrait.waitFor();
  await portrait.click();
  // Each list slides out for a moment after a choice: wait until none shows before the next one.
  const openLists = () => page.locator('.ant-select-dropdown:visible').count();
  await expect.poll(openLists).toBe(0);
  await openSelect(dialog, 'Day');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').last().waitFor();
  // The list's first option is active; ArrowUp wraps round to the last.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(openLists).toBe(0);
  return { dialog, starts: dialog.getByRole('radiogroup', { name: 'Start times' }).getByRole('radio') };
}

/** Moves the week view forward until the booking's block shows (it is weeks ahead). */
async function findBlock(page: Page) {
  for (let i = 0; i < 8 && !(await block(page).isVisible()); i++) {
    const heading = await page.locator('h2[aria-live]').textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => page.locator('h2[aria-live]').textContent()).not.toBe(heading);
    await page.locator('[data-testid="open-hours"], .ant-empty').first().waitFor();
  }
  await block(page).waitFor();
}

describe('general business user: booking management', () => {
  it('books a free slot, sees it, cannot book it twice, drags it an hour later and cancels it', async () => {
    const { page, errors } = await signedInPage('USER');
    await page.getByRole('navigation').getByRole('link', { name: 'Booking Management' }).click();
    await page.getByRole('heading', { name: 'Booking Management', level: 1 }).waitFor();
    await page.getByText("Times in the business's time zone (America/New York)").first().waitFor();

    // Book the first start of the last day offered.
    const { dialog, starts } = await openBooking(page);
    await starts.first().waitFor();
    const dayText = (await dialog.getByRole('combobox', { name: 'Day' }).locator('..').textContent())!;
    const time = (await starts.first().textContent())!;
    expect(time).toBe('9:00 AM');
    await starts.first().click();
    // The form's own rule first: a name is needed.
    await dialog.getByRole('button', { name: 'Book this time' }).click();
    await dialog.getByText("Enter the customer's name").waitFor();
    await dialog.getByLabel('Customer name').fill(CUSTOMER);
    await dialog.getByLabel('Customer email').fill(EMAIL);
    await dialog.getByLabel('Customer phone').fill('(202) 555-0143');
    await screenshot(page, 'bookings-book-light');
    await dialog.getByRole('button', { name: 'Book this time' }).click();
    await page.getByText('Booked', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(mailsTo(EMAIL)).toBeGreaterThanOrEqual(0);

    // On the calendar (weeks ahead), 9:00 AM on the business clock.
    await findBlock(page);
    await expect.poll(() => block(page).getAttribute('aria-label')).toContain('9:00 AM – 10:00 AM');
    await screenshot(page, 'bookings-week-light');

    // Cannot book it twice: that day's 9:00 AM is no longer offered.
    const again = await openBooking(page);
    await again.starts.first().waitFor();
    expect(await again.dialog.getByRole('combobox', { name: 'Day' }).locator('..').textContent()).toBe(dayText);
    expect(await again.starts.allTextContents()).not.toContain('9:00 AM');
    await again.dialog.getByRole('button', { name: 'Cancel' }).click();
    await again.dialog.waitFor({ state: 'hidden' });

    // Drag it an hour later (two 30-minute rows), snapping to 15 minutes.
    const box = (await block(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 8);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 8 + 28, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2, box.y + 8 + 57, { steps: 4 });
    await page.mouse.up();
    await screenshot(page, 'bookings-dragged-light');
    await page.getByText('Booking moved').waitFor();
    await expect.poll(() => block(page).getAttribute('aria-label')).toContain('10:00 AM – 11:00 AM');

    // Open it (a tap) and cancel it behind the confirmation.
    await block(page).click();
    const drawer = page.getByRole('dialog', { name: CUSTOMER });
    await drawer.getByText('Confirmed').waitFor();
    // The name wraps in the drawer's title (it ran past the drawer's edge, cut off), ✕ beside it.
    const header = await drawer.evaluate((el) => {
      const title = el.querySelector('.ant-drawer-title')!;
      const box = el.getBoundingClientRect();
      const close = el.querySelector('.ant-drawer-close')!.getBoundingClientRect();
      return {
        overflow: title.scrollWidth - title.clientWidth,
        titleRight: title.getBoundingClientRect().right,
        drawerRight: box.right,
        closeInside: close.left >= box.left && close.right <= box.right,
      };
    });
    expect(header.overflow).toBeLessThanOrEqual(0);
    expect(header.titleRight).toBeLessThanOrEqual(header.drawerRight);
    expect(header.closeInside).toBe(true);
    await drawer.getByRole('button', { name: 'Cancel booking' }).click();
    await page.locator('.ant-popconfirm-buttons').getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByText('Booking cancelled').waitFor();
    await block(page).waitFor({ state: 'detached' });
    expectNoPageErrors(errors);
  }, 120_000); // a journey of many steps: about 25 s idle, 40 s and more on a loaded machine

  it('looks right in dark mode (week) and on a phone (day view)', async () => {
    // One sign-in; each look is switched on the same page, and the calendar is opened again in it.
    const { page, errors } = await signedInPage('USER');
    for (const [label, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/calendar_management');
      await page.getByRole('heading', { name: 'Booking Management', level: 1 }).waitFor();
      await expect
        .poll(() => page.locator('.ant-segmented-item-selected').textContent())
        .toBe(label === 'phone' ? 'Day' : 'Week');
      await page.locator('[role=list][aria-label^="Bookings on"]').first().waitFor();
      await screenshot(page, `bookings-${label}`);
    }
    expectNoPageErrors(errors);
  });
});
