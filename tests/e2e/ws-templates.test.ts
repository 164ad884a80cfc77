import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  downloaded,
  launch,
  LOOKS,
  newContext,
  PICTURES,
  screenshot,
  setLook,
  tableOverflow,
  trackErrors,
  visit,
} from './helpers/browser';
import { expectNoPageErrors, signInAs } from './helpers/app';
import { pickOption } from './helpers/select';

/**
 * WhatsApp templates (ws_template_management) for a club owner: build a template, see the phone
 * preview draw WhatsApp's markup with the examples filled in, meet two of the validator's
 * messages while typing (the unit table proves every rule, tests/api/ws-templates.test.ts the
 * server's refusals), save, export the Cloud API's JSON and import it again, submit and see the
 * status locked with its history. Light, dark and phone screenshots.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const RUN = Date.now().toString(36);
// As WhatsApp names them: lower case and underscores, one long word a phone must wrap.
const NAME = `weekend_table_reservation_promo_${RUN}`;
const BODY = 'Hi {{1}}, enjoy *{{2}} off* with _code_ ```SAVE``` ~today only~ at our club.';

const bubble = (page: Page) => page.getByTestId('ws-bubble');
/** For a picture: the page from its top (the form was scrolled while filling it). */
const toTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

describe('club owner: WhatsApp templates', () => {
  it('builds, previews, saves, exports, imports and submits a template', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackErrors(page);
    await signInAs(page, 'CLUBOWNER', { at: '/ws_template_management' });
    await page.getByRole('heading', { name: 'WhatsApp Templates', level: 1 }).waitFor();
    await page.getByText('Nothing is sent to WhatsApp from here').first().waitFor();

    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New WhatsApp template', level: 1 }).waitFor();
    // The brief's default body, drawn with its variable until an example is given.
    await expect.poll(() => bubble(page).textContent()).toContain('We have an exciting offer {{1}}.');

    // Two rules' messages as they are typed.
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Summer Promo');
    await page.getByText('Use only lower-case letters, digits and _').waitFor();
    await name.fill(NAME);
    await page.getByText('Use only lower-case letters, digits and _').waitFor({ state: 'detached' });
    const body = page.getByLabel('Body', { exact: true });
    await body.fill('{{1}} is waiting for you');
    await page.getByText('The body cannot start with a variable').waitFor();
    await body.fill(BODY);
    await page.getByText('The body cannot start with a variable').waitFor({ state: 'detached' });
    // The body's character count hangs below the field, clear of the hint under it.
    const field = body.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-form-item ")][1]');
    const count = (await field.locator('.ant-input-data-count').boundingBox())!;
    const hint = (await field.locator('.ant-form-item-extra').boundingBox())!;
    expect(count.y + count.height).toBeLessThanOrEqual(hint.y);

    // Save at the top with the examples still empty, on a laptop's screen: the page shows the
    // refusal, which sits below the fold.
    await setLook(page, { viewport: { width: 1280, height: 640 } });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Save' }).click();
    const refusal = page.getByText('Give an example value for this variable').first();
    await refusal.waitFor();
    const inSight = () =>
      refusal.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(inSight).toBe(true);
    await setLook(page, { viewport: DESKTOP });

    await page.getByLabel('Example for variable 1').fill('Ann');
    await page.getByLabel('Example for variable 2').fill('20%');
    await pickOption(page, 'Header type', 'Text');
    await page.getByLabel('Header text').fill('Summer sale');
    await page.getByLabel('Footer', { exact: true }).fill('Reply STOP to opt out');
    await page.getByRole('button', { name: 'Add a button' }).click();
    await page.locator('#ws-button-1-text').fill('Yes please');
    await page.getByRole('button', { name: 'Add a button' }).click();
    await page.locator('#ws-button-2-text').fill('No thanks');

    // The preview: markup drawn as elements, the examples filled in, the buttons under the message.
    const preview = bubble(page);
    await preview.locator('strong', { hasText: '20% off' }).waitFor();
    expect(await preview.locator('em').textContent()).toBe('code');
    expect(await preview.locator('code').textContent()).toBe('SAVE');
    expect(await preview.locator('s').textContent()).toBe('today only');
    expect(await preview.textContent()).toContain('Hi Ann, enjoy');
    expect(await preview.locator('.ws-bubble-header').textContent()).toBe('Summer sale');
    expect(await preview.locator('.ws-bubble-button').allTextContents()).toEqual(['Yes please', 'No thanks']);
    if (PICTURES) await toTop(page);
    await screenshot(page, 'ws-templates-editor-light');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/WhatsApp/templates') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(201);
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    expect(await page.getByTestId('ws-status').textContent()).toBe('Draft');

    // Export: the Cloud API's template object.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export JSON' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${NAME}.en_US.json`);
    const bytes = await downloaded(file);
    const doc = JSON.parse(bytes.toString('utf8'));
    expect(doc).toMatchObject({ name: NAME, language: 'en_US', category: 'MARKETING' });
    expect(doc.components.map((c: { type: string }) => c.type)).toEqual(['HEADER', 'BODY', 'FOOTER', 'BUTTONS']);

    // Import it again from the file: the editor opens with the same template, saved under a new name.
    await page.getByRole('link', { name: 'All templates' }).click();
    await page.getByRole('link', { name: NAME }).waitFor();
    await page.getByRole('button', { name: 'Import JSON' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a template' });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: file.suggestedFilename(), mimeType: 'application/json', buffer: bytes });
    await expect.poll(() => dialog.getByLabel('Template JSON').inputValue()).toBe(bytes.toString('utf8'));
    await dialog.getByRole('button', { name: 'Open in the editor' }).click();
    await page.getByRole('heading', { name: 'New WhatsApp template', level: 1 }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(NAME);
    expect(await page.getByLabel('Body', { exact: true }).inputValue()).toBe(BODY);
    await preview.locator('strong', { hasText: '20% off' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(`${NAME}_copy`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `${NAME}_copy`, level: 1 }).waitFor();

    // Submit: recorded here, nothing sent; the template is locked and its history shows the move.
    await page.getByRole('button', { name: 'Mark as submitted' }).click();
    const submit = page.getByRole('dialog', { name: 'Mark as submitted' });
    await submit.getByText('it is not sent from here').waitFor();
    await submit.getByLabel('Note (optional)').fill('Sent from WhatsApp Manager');
    await submit.getByRole('button', { name: 'Mark as submitted' }).click();
    await page.getByText('Marked as submitted').waitFor();
    await expect.poll(() => page.getByTestId('ws-status').textContent()).toBe('Submitted');
    await page.getByText('Draft → Submitted').waitFor();
    await page.getByText('Sent from WhatsApp Manager').waitFor();
    await page.getByText('it cannot be changed').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByLabel('Body', { exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'ws-templates-submitted-light');

    // The looks: the submitted template's page and the list, dark and on a phone.
    const editor = new URL(page.url()).pathname;
    for (const [label, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, editor);
      await page.getByText('Draft → Submitted').waitFor();
      await preview.locator('strong', { hasText: '20% off' }).waitFor();
      if (label === 'phone') {
        // The page fits the phone: nothing wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        // The phone preview stays inside its column: its 10 px frame came on top of the column's
        // width and ran 20 px past it, over the card's edge.
        const [phone, column] = await Promise.all([
          page.getByRole('figure', { name: 'Phone preview' }).boundingBox(),
          page.locator('.ws-editor-preview').boundingBox(),
        ]);
        expect(phone!.x + phone!.width).toBeLessThanOrEqual(column!.x + column!.width);
      }
      if (PICTURES) await toTop(page);
      await screenshot(page, `ws-templates-editor-${label}`);
      if (PICTURES && label === 'phone') {
        // On a phone the preview follows the form.
        await preview.scrollIntoViewIfNeeded();
        await screenshot(page, 'ws-templates-preview-phone');
      }
      await visit(page, '/ws_template_management');
      await page.getByRole('link', { name: `${NAME}_copy` }).waitFor();
      // On a phone the list fits without a sideways scroll: its status was out of view.
      if (label === 'phone') expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `ws-templates-list-${label}`);
    }
    expectNoPageErrors(errors);
    await context.close();
  }, 120_000); // a journey of many steps: about 20 s idle, more on a loaded machine
});
