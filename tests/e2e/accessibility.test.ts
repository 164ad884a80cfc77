/**
 * axe (WCAG 2.0/2.1 A and AA, tests/e2e/helpers/axe.ts) over whole screens in the light and the
 * dark theme, for the fixes of the accessibility sweep that only a browser shows: what the CSS
 * draws and what antd puts in the page. A contact's history underlines the record it links to
 * (axe link-in-text-block: its blue alone is 2.87:1 against the words round it); a table with
 * check boxes keeps the copy of its select-every box that antd puts in its hidden measuring row out
 * of reach (aria-hidden-focus); an empty list's line is read in the secondary grey; the sidebar's
 * open page, a selected tab and the events calendar's other months' days keep 4.5:1 in the dark.
 * What a unit file proves is not scanned again here: names in both languages (payment links, PDF
 * viewer, zone file, calendar header, required selects, the settings tab list) and the theme's
 * colour pairs (theme-contrast).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../src/domain/constants';
import { BASE_URL, setLook, visit } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { expectAccessible } from './helpers/axe';

const signedInPage = keptPages();

const RUN = Date.now().toString(36);
/**
 * Short: axe takes a link for one inside a line of text (link-in-text-block) only where the words
 * round it outweigh it, as 'Email: (empty) → ' does a short address.
 */
const EMAIL = `${RUN}@x.io`;

/** A contact of the signed-in club owner's business with an email, so its history links to it. */
async function newContact(page: Page): Promise<string> {
  const token = await page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? '{}') as { auth?: { authorization?: string } }).auth?.authorization,
    STORAGE_KEYS.user,
  );
  const res = await fetch(`${BASE_URL()}/api/crmmanagement/contacts`, {
    method: 'POST',
    headers: { authorization: token!, 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: `Ada ${RUN}`, email: EMAIL }),
  });
  const body = (await res.json()) as { result: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.result.id;
}

/** Scans the whole page in light, then in dark, once its colour transitions have ended. */
async function expectAccessibleInBothThemes(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await setLook(page, { colorScheme });
    // A transition (the pager's `transition: all`) would be read half-way between the themes;
    // infinite animations (a status badge's pulse) never end and do not change a colour read.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    await expectAccessible(page, 'body', `${label}, ${colorScheme}`);
  }
  await setLook(page, { colorScheme: 'light' });
}

describe("a club owner's screens pass axe in light and dark", () => {
  it('settings, notifications, a contact with its history, an empty list, the events calendar', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER', { at: '/settings' });
    await page.getByRole('tab', { name: 'Billing' }).waitFor();
    await expectAccessibleInBothThemes(page, 'settings');

    await visit(page, '/notifications');
    await page
      .getByRole('table', { name: 'Notifications' })
      .getByRole('checkbox', { name: 'Select every notification on this page' })
      .waitFor();
    await expect.poll(() => page.locator('.ant-table-measure-row').count()).toBe(1);
    await expectAccessibleInBothThemes(page, 'notifications');

    const id = await newContact(page);
    await visit(page, `/contact_management/${id}`);
    await page.locator('.engine-history-change').getByRole('link', { name: EMAIL }).waitFor();
    await expectAccessibleInBothThemes(page, "a contact's history");

    await visit(page, `/contact_management?query=${RUN}-nobody`);
    await page.locator('.list-table__empty').waitFor();
    await expectAccessibleInBothThemes(page, 'an empty list');

    await visit(page, '/club_event_management');
    await page.getByRole('combobox', { name: 'Month' }).waitFor();
    await expectAccessibleInBothThemes(page, 'the events calendar');
    expectNoPageErrors(errors);
  });
});
