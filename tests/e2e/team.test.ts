/**
 * A club owner invites a venue employee with only the QR verification privilege; the employee
 * activates from the invitation code, lands on the one screen they may use, and is refused
 * reservations in the UI and on the API. The owner then grants reservations and the employee's
 * next sign-in shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, nextMailedCode, PHONE, screenshot, trackErrors, visit } from './helpers/browser';
import { expectNoPageErrors, signIn, signInAs, waitForPath, waitForSignedIn } from './helpers/app';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const EMAIL = `door.${Date.now()}@example.com`;
const PASSWORD = 'Door!2345';

describe('team members and their privileges', () => {
  it('invite → activate → only the granted screen, in the UI and on the API', async () => {
    const owner = await newContext(browser);
    const page = await owner.newPage();
    const errors = trackErrors(page);
    await signInAs(page, 'CLUBOWNER');
    await page.getByRole('navigation').getByRole('link', { name: 'Team' }).click();
    await waitForPath(page, '/team_management');
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    // a hurried owner: bad email, no name
    await dialog.getByLabel('Email').fill('door@');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Enter a valid email address').waitFor();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Email').fill(EMAIL);
    await dialog.getByLabel('Name').fill('Dora Door');
    // The messages' entrance animation moves the checkboxes for a moment after the failed submit,
    // and a click can land where a checkbox just was: try again until it is unchecked.
    const reservations = dialog.getByRole('checkbox', { name: 'Reservations' });
    await expect
      .poll(async () => {
        await reservations.uncheck({ timeout: 2_000 }).catch(() => undefined);
        return reservations.isChecked();
      })
      .toBe(false);
    await screenshot(page, 'team-invite-dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /Dora Door/ });
    await row.getByText('Invited').waitFor();
    await screenshot(page, 'team-list');

    // the member, in another browser, from the invitation link
    const member = await newContext(browser);
    const mpage = await member.newPage();
    const merrors = trackErrors(mpage);
    await mpage.goto(`/member-activation?email=${encodeURIComponent(EMAIL)}`);
    await mpage.getByLabel('Invitation code').fill('000000');
    await mpage.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await mpage.getByLabel('Confirm password').fill('Different!1');
    await mpage.getByRole('button', { name: 'Activate my account' }).click();
    await mpage.getByText('Passwords do not match').waitFor();
    await mpage.getByLabel('Confirm password').fill(PASSWORD);
    await mpage.getByRole('button', { name: 'Activate my account' }).click();
    await mpage.getByText('The code is not valid or has expired').waitFor();
    // Copied from the mail with the space before it.
    await mpage.getByLabel('Invitation code').fill(` ${await nextMailedCode(EMAIL, 0)}`);
    await screenshot(mpage, 'member-activation');
    await mpage.getByRole('button', { name: 'Activate my account' }).click();
    // signed in, at the one screen the privileges open
    await waitForSignedIn(mpage, '/qr_verification');
    const links = await mpage.getByRole('navigation').getByRole('link').allInnerTexts();
    // The granted screen, and the support desk every signed-in user may write to.
    expect(links.map((l) => l.trim())).toEqual(['QR Verification', 'Support Tickets']);
    await visit(mpage, '/reservation_management');
    await waitForPath(mpage, '/qr_verification');
    // (the API side of privileges is proven in tests/api/team.test.ts: the venue screens' own
    // APIs arrive with the venue module)

    // the owner grants reservations; the member's next sign-in has it
    await page.reload();
    await page
      .getByRole('row', { name: /Dora Door/ })
      .getByText('Active')
      .waitFor();
    await page
      .getByRole('row', { name: /Dora Door/ })
      .getByRole('checkbox', { name: 'Reservations' })
      .check();
    await page.getByText('Team member updated').waitFor();
    await member.close();
    const again = await newContext(browser, { viewport: PHONE, colorScheme: 'dark' });
    const apage = await again.newPage();
    await apage.goto('/');
    await signIn(apage, EMAIL, PASSWORD);
    await waitForSignedIn(apage, '/reservation_management');
    await screenshot(apage, 'member-phone-dark');
    expectNoPageErrors([...errors, ...merrors]);
    await again.close();
    await owner.close();
  });
});
