/**
 * The small dialogs a person types into, from the keyboard: the first field has the focus as each
 * opens (its text selected, so typing replaces it), Enter in a one-line field sends the dialog —
 * once, however often it is pressed while the first is sent — and Enter in a multi-line box
 * starts a new line. One signed-in page per role: a user's new ticket; a club owner's email
 * change, two-factor code and WhatsApp template import and status note; an administrator's set
 * password; a fleet manager's discounts. Nothing is left changed but a ticket and a template
 * named for the run: wrong input proves that Enter sent a dialog (its refusal shows). The rules
 * themselves are proven by the API and unit files. Light, dark and phone pictures of three.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { LOOKS, screenshot, setLook, DESKTOP, visit } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { openSelect } from './helpers/select';
import { routesInForce } from './helpers/routes';
import { totpCode } from '../../server/modules/security/two-factor-totp';

const signedInPage = keptPages();

const RUN = Date.now().toString(36);

/** The field has the focus, with its whole text selected (typing replaces it). */
async function focusedAndSelected(field: Locator) {
  await field.waitFor();
  await expect
    .poll(() =>
      field.evaluate((el) => {
        const input = el as HTMLInputElement;
        // An email field has no selection to read (null): focused is all it can be.
        const all =
          input.selectionStart === null || (input.selectionStart === 0 && input.selectionEnd === input.value.length);
        return el === document.activeElement && all;
      }),
    )
    .toBe(true);
}

/** A 6-digit code that is none of the three the server would take now (the step before, this one, the next). */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((step) => totpCode(secret, Date.now() + step * 30_000)));
  return ['999999', '999998', '999997', '999996'].find((code) => !valid.has(code))!;
}

/**
 * Holds the POSTs to `path` until `release()`, counting them: a second press while the first is
 * on its way shows up here as a second request. In force when it resolves: the key pressed next
 * sends its request through the hold (routesInForce: without it, 1 in 25–30 was never seen).
 */
async function holdPosts(page: Page, path: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  const matches = (url: URL) => path.test(url.pathname);
  await page.route(matches, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    count += 1;
    await released;
    await route.fallback();
  });
  await routesInForce(page);
  return {
    count: () => count,
    release,
    done: () => page.unroute(matches),
  };
}

/** The dialog in the dark theme and on a phone (where it must fit), then back to the light desktop. */
async function looks(page: Page, dialog: Locator, name: string) {
  await screenshot(page, `${name}-light`);
  for (const [look, settings] of LOOKS) {
    await setLook(page, settings);
    if (look === 'phone') {
      const box = (await dialog.locator('.ant-modal-content').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await screenshot(page, `${name}-${look}`);
  }
  await setLook(page, { colorScheme: 'light', viewport: DESKTOP });
}

/** Cancel on a dialog holding typed work asks first; this throws the work away. */
async function discard(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard your changes?' });
  await confirm.getByRole('button', { name: 'Discard' }).click();
  // Both gone before the next step: a dialog hands the focus back as its closing ends, which on a
  // loaded machine can come after the test has put the focus elsewhere.
  await dialog.waitFor({ state: 'hidden' });
  await confirm.waitFor({ state: 'hidden' });
}

describe('dialogs from the keyboard', () => {
  it('a user opens a ticket with Enter, once, however often it is pressed', async () => {
    const { page, errors } = await signedInPage('USER', { at: '/tickets' });
    await page.getByRole('button', { name: 'New ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open a support ticket' });
    const subject = dialog.getByLabel('Subject');
    await focusedAndSelected(subject);
    const title = `Export does nothing ${RUN}`;
    await page.keyboard.type(title);
    // Enter sends it: refused, the category not chosen yet.
    await page.keyboard.press('Enter');
    await dialog.getByText('Choose a category').waitFor();
    await openSelect(dialog, 'Category');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Something is broken' })
      .click();
    // In the description Enter starts a new line; the dialog stays.
    const description = dialog.getByLabel('Description');
    await description.click();
    await page.keyboard.type('Clicking Export does nothing.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('No file and no message.');
    expect(await description.inputValue()).toBe('Clicking Export does nothing.\nNo file and no message.');
    await looks(page, dialog, 'dialog-keys-new-ticket');

    // Enter twice in the subject while the first is being sent: one ticket.
    const posts = await holdPosts(page, /^\/api\/Ticket$/);
    await subject.click();
    await page.keyboard.press('Enter');
    await expect.poll(posts.count).toBe(1);
    await page.keyboard.press('Enter');
    posts.release();
    await page.getByText(/Ticket #\d+ opened/).waitFor();
    // Shown once it is loaded, well after a second request would have left.
    await page
      .getByTestId('ticket-conversation')
      .getByRole('heading', { name: new RegExp(title) })
      .waitFor();
    expect(posts.count()).toBe(1);
    await posts.done();
    expectNoPageErrors(errors);
  });

  it("a club owner's email change, two-factor code, template import and status note", async () => {
    const { page, errors } = await signedInPage('CLUBOWNER', { at: '/profile' });
    await page.getByRole('form', { name: 'Profile details' }).waitFor();

    // Email: the new address has the focus; Enter asks for the code (refused: not an address).
    await page.getByRole('button', { name: 'Change email' }).click();
    const email = page.getByRole('dialog', { name: 'Change email' });
    await focusedAndSelected(email.getByLabel('New email'));
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Enter');
    await email.getByText('Enter a valid email address').waitFor();
    await discard(page, email);

    // Two-factor: the code has the focus as the key shows; Enter sends it (a wrong one, refused).
    await page.getByRole('tab', { name: 'Security' }).click();
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByRole('button', { name: 'Turn on two-factor' }).click();
    await focusedAndSelected(section.getByLabel('Code from the app'));
    const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const typed = wrongCode(secret);
    await page.keyboard.type(typed);
    // What was typed reached the code box (the focus stayed there), so Enter sends it.
    await expect.poll(() => section.getByLabel('Code from the app').inputValue()).toBe(typed);
    const posts = await holdPosts(page, /^\/api\/User\/enable-two-factor$/);
    await page.keyboard.press('Enter');
    await expect.poll(posts.count).toBe(1);
    await page.keyboard.press('Enter');
    posts.release();
    await section.getByRole('alert').waitFor();
    expect(posts.count()).toBe(1);
    await posts.done();
    await section.getByRole('button', { name: 'Cancel' }).click();
    await section.getByRole('button', { name: 'Turn on two-factor' }).waitFor();
    expect(await section.getByTestId('two-factor-status').innerText()).toBe('Off');

    // A template pasted into the import box: it has the focus, and Enter starts a new line.
    await visit(page, '/ws_template_management');
    await page.getByRole('heading', { name: 'WhatsApp Templates', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import JSON' }).click();
    const importing = page.getByRole('dialog', { name: 'Import a template' });
    const source = importing.getByLabel('Template JSON');
    await focusedAndSelected(source);
    const name = `keys_${RUN}`;
    const json = [
      '{',
      `"name": "${name}", "language": "en_US", "category": "UTILITY",`,
      '"components": [{ "type": "BODY", "text": "Your table is ready." }]',
      '}',
    ];
    await page.keyboard.type(json.join('\n'));
    expect(await source.inputValue()).toBe(json.join('\n'));
    await importing.getByRole('button', { name: 'Open in the editor' }).click();
    await page.getByRole('heading', { name: 'New WhatsApp template', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // The status note: the focus, a new line with Enter, and the move sent once on a double click.
    await page.getByRole('button', { name: 'Mark as submitted' }).click();
    const move = page.getByRole('dialog', { name: 'Mark as submitted' });
    const note = move.getByLabel('Note (optional)');
    await focusedAndSelected(note);
    await page.keyboard.type('Sent from WhatsApp Manager');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`Batch ${RUN}`);
    expect(await note.inputValue()).toBe(`Sent from WhatsApp Manager\nBatch ${RUN}`);
    await looks(page, move, 'dialog-keys-status-note');
    const moves = await holdPosts(page, /\/status$/);
    await move.getByRole('button', { name: 'Mark as submitted' }).dblclick();
    await expect.poll(moves.count).toBe(1);
    moves.release();
    await page.getByText('Marked as submitted').waitFor();
    await page.getByText('Draft → Submitted').waitFor();
    await page.getByText(`Batch ${RUN}`).waitFor();
    expect(moves.count()).toBe(1);
    await moves.done();
    expectNoPageErrors(errors);
  }, 120_000); // three screens and two saves: about 15 s idle, more on a loaded machine

  it("an administrator's new password: the focus, and Enter sends it", async () => {
    const { page, errors } = await signedInPage('ADMIN');
    await visit(page, '/user_management?query=user%40demo.test');
    // The row of that address: the list may first show the rows it already holds, the search's after.
    await page
      .getByRole('row')
      .filter({ has: page.getByText('user@demo.test', { exact: true }) })
      .locator('a[href$="/user_details"]')
      .click();
    await page.getByRole('heading', { name: 'user@demo.test', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Set password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set a new password' });
    await focusedAndSelected(dialog.getByLabel('New password', { exact: true }));
    await page.keyboard.type('password1');
    await page.keyboard.press('Enter');
    await dialog
      .getByText('Password must contain an uppercase letter, a lowercase letter, a number and a symbol')
      .waitFor();
    await discard(page, dialog);
    expectNoPageErrors(errors);
  });

  it("a fleet manager's discounts: the kind or the value has the focus, and Enter saves", async () => {
    const { page, errors } = await signedInPage('TRUCKER', { at: '/report_management' });
    await page.getByText('Green Valley — produce runs').first().click();
    await page.getByRole('heading', { name: 'Green Valley — produce runs', level: 1 }).waitFor();

    // No report discount yet: the kind has the focus; an arrow picks Amount, whose value then has it.
    await page.getByRole('button', { name: 'Report discount' }).click();
    const report = page.getByRole('dialog', { name: 'Report discount' });
    const none = report.locator('input[type=radio][value=none]');
    await none.waitFor({ state: 'attached' });
    await expect.poll(() => none.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await focusedAndSelected(report.getByLabel('Amount ($)'));
    await page.keyboard.type('-5');
    await page.keyboard.press('Enter');
    await report.getByText('Enter the discount in dollars and cents, 0 or more').waitFor();
    await looks(page, report, 'dialog-keys-discount');
    await discard(page, report);

    // A line's 10 %: selected, so what is typed replaces it; Enter sends it (refused: over 100).
    const deliveries = page.getByRole('region', { name: 'Deliveries' });
    await deliveries
      .locator('.ant-table-tbody tr[data-row-key]')
      .filter({ hasText: 'Newark' })
      .getByRole('button', { name: 'Discount' })
      .click();
    const line = page.getByRole('dialog', { name: 'Delivery discount' });
    const percent = line.getByLabel('Percent (%)');
    await focusedAndSelected(percent);
    expect(await percent.inputValue()).toBe('10');
    await page.keyboard.type('150');
    await page.keyboard.press('Enter');
    await line.getByText('Enter a percent from 0 to 100, with at most 2 decimals').waitFor();
    expect(await percent.inputValue()).toBe('150');
    await discard(page, line);
    expectNoPageErrors(errors);
  });
});
