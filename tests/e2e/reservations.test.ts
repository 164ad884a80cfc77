/**
 * A club owner books a table from the form (the suggested table, with its reason) while a venue
 * employee watches the same night's floor plan at 9:30 PM in a second browser: the table turns
 * reserved for that guest, then seated, without a reload (the live hub). Then a booking made
 * from the plan itself: a free table clicked opens the form on that table at the plan's time.
 * Screenshots: light, dark (floor plan), phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, weekdayOf, zonedDay } from '../../src/domain/venue/opening-hours';
import { DESKTOP, launch, newContext, PHONE, screenshot, setLook, visit } from './helpers/browser';
import { expectNoPageErrors, signInAs, waitForPath, keptPages } from './helpers/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const signedInPage = keptPages();

// The next Saturday at least two days ahead: the demo venue is open 20:00 → 04:00.
let night = addDays(zonedDay(Date.now(), 'America/New_York'), 2);
while (weekdayOf(night) !== 6) night = addDays(night, 1);
const GUEST = `Nina Simone ${Date.now() % 10_000}`;

async function openNight(page: Page) {
  await visit(page, '/reservation_management');
  await waitForPath(page, '/reservation_management');
  await page.getByLabel('Night').fill(night);
}

/** The floor plan of the night as it is at `time` (h:mm A where the venue is). */
async function openPlanAt(page: Page, time: string) {
  await page.getByText('Floor plan', { exact: true }).click();
  // The select's box, not its inner input (the chosen time's label lies over it).
  await page.locator('.ant-select', { has: page.getByRole('combobox', { name: 'The floor at' }) }).click();
  await page.locator(`.ant-select-item-option[title="${time}"]`).click();
  await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
  await page.getByRole('list', { name: 'Tables at that time' }).waitFor();
}

/** A table's button under the plan (its name, places, state and guest in words). */
const planTable = (page: Page, words: RegExp) =>
  page.getByRole('list', { name: 'Tables at that time' }).getByRole('button', { name: words });

describe('reservations', () => {
  it('a booking made in one browser appears, then changes status, in another without reload', async () => {
    const { page: owner, errors } = await signedInPage('CLUBOWNER');
    const staffContext = await newContext(browser);
    const staff = await staffContext.newPage();
    await signInAs(staff, 'VENUEEMPLOYEE');
    await openNight(staff);
    await openPlanAt(staff, '9:30 PM');
    await openNight(owner);

    await owner.getByRole('button', { name: 'New reservation' }).click();
    const dialog = owner.getByRole('dialog', { name: 'New reservation' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Guest name is required').waitFor();
    await dialog.getByText('Choose at least one table').waitFor();
    await dialog.getByLabel('Guest name').fill(GUEST);
    await dialog.getByText('Guest name is required').waitFor({ state: 'detached' });
    await dialog.getByLabel('Phone').fill('(202) 555-0199');
    // A party of 999 is refused with its rule, as typed (not made 500 without a word).
    await dialog.getByLabel('Party size').fill('999');
    await dialog.getByText('Party size must be a whole number from 1 to 500').waitFor();
    expect(await dialog.getByLabel('Party size').inputValue()).toBe('999');
    await dialog.getByLabel('Party size').fill('3');
    await dialog.getByText('Party size must be a whole number from 1 to 500').waitFor({ state: 'detached' });
    await dialog.getByLabel('Time').fill('21:30');
    await dialog.getByText(/The smallest table free at that time with room for 3/).waitFor();
    await dialog.getByRole('button', { name: 'Use it' }).click();
    await dialog.getByText('Choose at least one table').waitFor({ state: 'detached' });
    await screenshot(owner, 'reservations-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const ownerRow = owner.getByRole('row', { name: new RegExp(GUEST) });
    await ownerRow.getByText('Booked').waitFor();

    // the employee's floor plan at 9:30 PM, never reloaded, shows the table taken, then seated
    const staffTable = planTable(staff, new RegExp(`· Reserved · ${GUEST}$`));
    await staffTable.waitFor({ timeout: 15_000 }).catch(async (e: unknown) => {
      await screenshot(staff, 'reservations-staff-failed');
      throw e;
    });
    await ownerRow.getByRole('button', { name: 'Seat' }).click();
    await planTable(staff, new RegExp(`· Seated · ${GUEST}$`)).waitFor({ timeout: 15_000 });
    await screenshot(staff, 'reservations-plan-light');
    await screenshot(owner, 'reservations-list-light');

    await staff.getByText('List', { exact: true }).click();
    expect(await staff.getByRole('row', { name: new RegExp(GUEST) }).innerText()).toContain('9:30 PM');
    await staff.getByText('Day view', { exact: true }).click();
    await staff.getByRole('button', { name: new RegExp(`${GUEST} · Seated`) }).waitFor();
    await screenshot(staff, 'reservations-day-light');
    expectNoPageErrors(errors);
    await staffContext.close();
  });

  it('looks right in dark mode (floor plan) and on a phone (list)', async () => {
    // One browser signed in once: the dark look first, then the phone, on the same page.
    const { page, errors } = await signedInPage('CLUBOWNER');
    await setLook(page, { colorScheme: 'dark', viewport: DESKTOP });
    await openNight(page);
    await openPlanAt(page, '10:00 PM');
    await page.locator('canvas').first().waitFor();

    // booked from the plan: the free table clicked, at the plan's time
    const free = planTable(page, /^T\d+ · [2-8] places · Free$/).first();
    const table = (await free.innerText()).split(' · ')[0]!;
    await free.click();
    const dialog = page.getByRole('dialog', { name: 'New reservation' });
    expect(await dialog.getByLabel('Time').inputValue()).toBe('22:00');
    await dialog.locator('.ant-select-selection-item', { hasText: table }).waitFor();
    await dialog.getByLabel('Guest name').fill(`${GUEST} plan`);
    await dialog.getByLabel('Phone').fill('(202) 555-0142');
    await dialog.getByLabel('Party size').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const held = planTable(page, new RegExp(`^${table} · .* · Reserved · ${GUEST} plan$`));
    await held.waitFor();
    await screenshot(page, 'reservations-plan-dark');

    // a held table opens its reservation; moved a week later, the table is free again tonight
    await held.click();
    const edit = page.getByRole('dialog', { name: 'Edit reservation' });
    await edit.getByLabel('Night').fill(addDays(night, 7));
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await planTable(page, new RegExp(`^${table} · .* · Free$`)).waitFor();

    await setLook(page, { colorScheme: 'light', viewport: PHONE });
    await openNight(page);
    // The page keeps the view last chosen (the plan): back to the list.
    await page.getByText('List', { exact: true }).click();
    const row = page.getByRole('row', { name: new RegExp(GUEST) }).first();
    await row.waitFor();
    // Each row's moves are in reach on a phone: one Actions menu inside the screen, no sideways scroll.
    const actions = row.getByRole('button', { name: new RegExp(`^Actions for ${GUEST}`) });
    const box = (await actions.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await screenshot(page, 'reservations-list-phone');
    await page.keyboard.press('Escape');
    // The day view is wider than a phone and scrolls sideways; the table names stay in view.
    await page.getByText('Day view', { exact: true }).click();
    const day = page.getByRole('table', { name: 'Day view' });
    const name = day.getByRole('rowheader').first();
    await name.waitFor();
    const before = (await name.boundingBox())!;
    const scrolled = await day.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      return el.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(0);
    const after = (await name.boundingBox())!;
    expect(after.x).toBe(before.x);
    expect(after.x).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'reservations-day-phone');
    await openPlanAt(page, '9:30 PM');
    await page.locator('canvas').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'reservations-plan-phone');
    expectNoPageErrors(errors);
  });
});
