import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { imagesLoaded, LOOKS, painted, PICTURES, screenshot, setLook, tableOverflow, visit } from './helpers/browser';

import { ACCOUNTS, expectNoPageErrors, keptPages } from './helpers/app';

/**
 * Email templates (email_templates_management, email_template_setup) for a user: create a
 * template in MJML source, see the live preview (mjml-browser, loaded on this page only) at phone
 * width with the sample data filled in, meet one finding (an unknown variable), save version 1
 * then 2, send a test and find it in the server's mail outbox. Then design one in the visual mode
 * (text with a mark and a variable, an image uploaded through the storage adapter, a button, two
 * columns; a refused alt text and link
 * with their messages; a block moved by keyboard), preview it at phone width, save it, find it
 * again in blocks, and send a test. The API suite proves each refusal and check
 * (tests/api/email-templates.test.ts); the unit table the variables and findings. Light, dark
 * and phone screenshots of the new template's editor and preview and of the list, in a test of
 * their own on the page the journey left (keptPages).
 */
const signedInPage = keptPages();

const RUN = Date.now().toString(36);
// One long word, as some name their mails: the list on a phone must wrap it.
const NAME = `welcome_mail_for_new_members_${RUN}`;
const VISUAL = `Visual ${RUN}`;
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const EMAIL = ACCOUNTS.USER;

/** The mail inside the preview's frame (src/ui/mail/MailFrame.tsx: a page of the app's, the mail in a frame in it). */
const frame = (page: Page) => page.frameLocator('iframe.et-frame').frameLocator('iframe');
const toTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));
/** The server's outbox lines for mails to `to` (the e2e server logs every mail it records). */
const outboxTo = (to: string) =>
  readFileSync(process.env.E2E_SERVER_LOG!, 'utf8')
    .split('[mail outbox]')
    .filter((block) => block.includes(`To: ${to}`));

describe('user: email templates', () => {
  it('creates a template, previews it at phone width, sees a finding, saves two versions and sends a test', async () => {
    const { page, errors } = await signedInPage('USER', { at: '/email_templates_management' });
    await page.getByRole('heading', { name: 'Email Templates', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New email template', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    // A new template starts in the visual mode; this one is written in MJML (asked first: one way).
    await page.locator('.et-mode').getByText('MJML source', { exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Switch to MJML source' }).click();
    await page.getByRole('textbox', { name: 'MJML source' }).waitFor();

    // The live preview: the starter design with the sample contact filled in.
    await frame(page).getByText('Hi Ann,').waitFor();
    await page.getByText('375 px (phone)', { exact: true }).click();
    await expect.poll(async () => (await page.locator('iframe.et-frame').boundingBox())?.width).toBe(375);
    await frame(page).getByText('Hi Ann,').waitFor();

    // One finding: a variable the kind does not declare, named in its message.
    await page.getByLabel('Subject', { exact: true }).fill('Hello {{contact.nickname}}');
    await page.getByText('contact.nickname is not a variable of this kind').waitFor();
    await page.getByLabel('Subject', { exact: true }).fill('Hello {{contact.firstName | "friend"}}');
    await page.getByText('No findings: nothing to fix.').waitFor();
    if (PICTURES) await toTop(page);
    await screenshot(page, 'email-templates-journey-light');

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/email-templates') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(201);
    await page.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await page.getByRole('status').getByText('Version 1 saved').waitFor();

    // A block from the insert buttons, then version 2.
    const source = page.getByRole('textbox', { name: 'MJML source' });
    await source.evaluate((el: HTMLTextAreaElement) => {
      const at = el.value.indexOf('</mj-column>');
      el.setSelectionRange(at, at);
    });
    await page.getByRole('button', { name: 'Divider' }).click();
    await expect.poll(() => source.inputValue()).toContain('<mj-divider');
    await frame(page).locator('p[style*="border-top"]').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Version 2 saved').waitFor();
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.getByText('2 (current)').waitFor();
    await versions.getByRole('cell', { name: '1', exact: true }).waitFor();
    // Version 1 stays as it was saved: no divider.
    await page.getByRole('button', { name: 'View version 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Version 1, as it was saved' });
    await dialog.frameLocator('iframe').frameLocator('iframe').getByText('Hi Ann,').waitFor();
    expect(await dialog.frameLocator('iframe').frameLocator('iframe').locator('p[style*="border-top"]').count()).toBe(
      0,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // A test send: to the signed-in user, recorded in the outbox. A hurried double-click sends it
    // once: both presses land before the first answer, so a second request would be out by now.
    const before = outboxTo(EMAIL).length;
    const testSends: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().endsWith('/api/email-templates/test-send')) testSends.push(request.method());
    };
    page.on('request', onRequest);
    await page.getByRole('button', { name: 'Send test' }).dblclick();
    await page.getByText(`Test sent to ${EMAIL}`).waitFor();
    page.off('request', onRequest);
    expect(testSends).toEqual(['POST']);
    await expect.poll(() => outboxTo(EMAIL).length, { timeout: 10_000 }).toBe(before + 1);
    const mail = outboxTo(EMAIL).at(-1)!;
    expect(mail).toContain('Subject: [Test] Hello Ann');
    expect(mail).toContain('Hi Ann,');

    expectNoPageErrors(errors);
  }, 120_000); // a journey of many steps

  it('designs a template in the visual mode, previews it at phone width, saves it in blocks and sends a test', async () => {
    const { page, errors } = await signedInPage('USER', { at: '/email_template_setup' });
    await page.getByRole('heading', { name: 'New email template', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(VISUAL);
    const panel = page.getByRole('complementary', { name: 'Block properties' });
    const add = (type: string) => page.getByRole('group', { name: 'Add a block:' }).getByRole('button', { name: type });
    const blockList = page.getByRole('region', { name: 'Blocks' });

    // Text: a mark and a variable from the kind's list.
    await blockList.getByRole('button', { name: /^Edit Text: Hi / }).click();
    const text = panel.getByLabel('Text', { exact: true });
    await text.fill('Hi {{contact.firstName | "there"}}, **welcome** to ');
    await panel.getByRole('combobox', { name: 'Insert a variable' }).click();
    await page.locator('.ant-select-item-option[title="business.name"]').click();
    await expect
      .poll(() => text.inputValue())
      .toBe('Hi {{contact.firstName | "there"}}, **welcome** to {{business.name}}');
    await frame(page).locator('strong', { hasText: 'welcome' }).waitFor();
    await frame(page).getByText('to Sunset Club').waitFor();

    // An image: alt text refused empty, with its message, then given.
    await add('Image').click();
    await panel.getByLabel('Picture address').fill('https://cdn.example.com/shoes.png');
    await panel.getByLabel('Alt text').fill('');
    await panel.getByText('Describe the picture (alt text): readers who block images see it instead').waitFor();
    await blockList.getByText('Needs a fix').waitFor();
    await panel.getByLabel('Alt text').fill('Red shoes');
    await frame(page).locator('img[alt="Red shoes"]').waitFor();
    // Or a picture from this computer, through the storage adapter: the app serves it to the preview.
    await panel.locator('input[type="file"]').setInputFiles({ name: 'shoes.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => panel.getByLabel('Picture address').inputValue())
      .toMatch(/^\/api\/email-templates\/images\//);
    const picture = frame(page).locator('img[alt="Red shoes"][src*="/api/email-templates/images/"]');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    // Or one uploaded before, picked from the business's pictures (a signed-in list).
    const uploaded = await panel.getByLabel('Picture address').inputValue();
    await panel.getByLabel('Picture address').fill('https://cdn.example.com/shoes.png');
    await panel.getByRole('button', { name: 'Choose an uploaded picture' }).click();
    const picker = page.getByRole('dialog', { name: 'Your uploaded pictures' });
    const pick = picker.getByRole('button', { name: /^Use the picture uploaded on / }).first();
    await pick.waitFor();
    await screenshot(page, 'email-templates-picker-light');
    await pick.click();
    await picker.waitFor({ state: 'hidden' });
    expect(await panel.getByLabel('Picture address').inputValue()).toBe(uploaded);

    // A button: a javascript: link refused, then an https one.
    await add('Button').click();
    await panel.getByLabel('Label', { exact: true }).fill('Shop now');
    const opens = panel.getByLabel('Opens (https://…)');
    await opens.fill('javascript:alert(1)');
    await panel.getByText('The web address must start with https://').waitFor();
    await opens.fill('https://shop.example.com');
    await frame(page).getByText('Shop now').waitFor();

    // Two columns, each with its text.
    await add('Columns').click();
    for (const [n, words] of [
      [1, 'Left side'],
      [2, 'Right side'],
    ] as const) {
      await blockList
        .getByRole('group', { name: `Column ${n}` })
        .getByRole('button', { name: /^Edit Text:/ })
        .click();
      await panel.getByLabel('Text', { exact: true }).fill(words);
      await frame(page).getByText(words).waitFor();
    }

    // Inside a column too: a button added under column 2's text is dragged by its handle above
    // it, moved back down by keyboard (the focus stays on it), then dragged onto column 1's text.
    const column = (n: number) => blockList.getByRole('group', { name: `Column ${n}` });
    const inColumn = (n: number) =>
      column(n)
        .locator('.et-block-pick')
        .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    await column(2).getByRole('button', { name: 'Add to column 2' }).click();
    await page.getByRole('menuitem', { name: 'Button' }).click();
    await expect.poll(() => inColumn(2)).toEqual(['Edit Text: Right side', 'Edit Button: Button label']);
    const grip = (n: number, name: string) =>
      column(n)
        .locator('li', { has: page.getByRole('button', { name, exact: true }) })
        .locator('.et-block-grip');
    const row = (n: number, name: string) =>
      column(n).locator('li', { has: page.getByRole('button', { name, exact: true }) });
    await grip(2, 'Edit Button: Button label').dragTo(row(2, 'Edit Text: Right side'));
    await expect.poll(() => inColumn(2)).toEqual(['Edit Button: Button label', 'Edit Text: Right side']);
    await column(2).getByRole('button', { name: 'Edit Button: Button label' }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => inColumn(2)).toEqual(['Edit Text: Right side', 'Edit Button: Button label']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Edit Button: Button label',
    );
    await grip(2, 'Edit Button: Button label').dragTo(row(1, 'Edit Text: Left side'));
    await expect.poll(() => inColumn(1)).toEqual(['Edit Button: Button label', 'Edit Text: Left side']);
    expect(await inColumn(2)).toEqual(['Edit Text: Right side']);

    // The button moved above the image by keyboard; the focus stays on it.
    const picks = blockList.locator(':scope > ol > li > .et-block-bar .et-block-pick');
    const order = () => picks.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    await blockList.getByRole('button', { name: 'Edit Button: Shop now' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect
      .poll(order)
      .toEqual([
        expect.stringMatching(/^Edit Text: \{\{business/),
        expect.stringMatching(/^Edit Text: Hi /),
        'Edit Button: Shop now',
        'Edit Image: Red shoes',
        'Edit Columns: 2 columns',
        'Edit Button: Visit us',
      ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Edit Button: Shop now');

    // At phone width.
    await page.getByText('375 px (phone)', { exact: true }).click();
    await expect.poll(async () => (await page.locator('iframe.et-frame').boundingBox())?.width).toBe(375);
    await frame(page).getByText('Right side').waitFor();
    if (PICTURES) {
      await page.locator('.et-visual-list').scrollIntoViewIfNeeded();
      await screenshot(page, 'email-templates-visual-journey');
      await page.locator('iframe.et-frame').scrollIntoViewIfNeeded();
      await painted(page);
      await screenshot(page, 'email-templates-visual-journey-preview');
    }

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/email-templates') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    expect((await answer.json()).result.current.blocks.blocks).toHaveLength(6);
    await page.getByRole('heading', { name: VISUAL, level: 1 }).waitFor();
    await page.getByRole('status').getByText('Version 1 saved').waitFor();
    // Read back in blocks, in the visual mode.
    await blockList.getByRole('button', { name: 'Edit Image: Red shoes' }).waitFor();

    const before = outboxTo(EMAIL).length;
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText(`Test sent to ${EMAIL}`).waitFor();
    await expect.poll(() => outboxTo(EMAIL).length, { timeout: 10_000 }).toBe(before + 1);
    const mail = outboxTo(EMAIL).at(-1)!;
    for (const words of ['Hi Ann, welcome to Sunset Club', 'Shop now', 'Left side', 'Right side'])
      expect(mail).toContain(words);

    expectNoPageErrors(errors);
  }, 120_000); // a journey of many steps

  it('looks: the new template’s editor (its visual mode) with its preview, and the list, light, dark and on a phone', async () => {
    const { page, errors } = await signedInPage('USER', { at: '/email_template_setup' });
    for (const [label, look] of [['light', {}] as const, ...LOOKS]) {
      await setLook(page, look);
      await visit(page, '/email_template_setup');
      await page.getByRole('heading', { name: 'New email template', level: 1 }).waitFor();
      await frame(page).getByText('Hi Ann,').waitFor();
      if (label === 'phone')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (PICTURES) {
        await toTop(page);
        await screenshot(page, `email-templates-editor-${label}`);
        // The visual mode: the block list beside (or, on a phone, above) the picked block's properties.
        await page.locator('.et-visual').scrollIntoViewIfNeeded();
        await screenshot(page, `email-templates-visual-${label}`);
        if (label !== 'light') {
          // The uploaded pictures' picker, over an image block's properties.
          await page.getByRole('group', { name: 'Add a block:' }).getByRole('button', { name: 'Image' }).click();
          await page.getByRole('button', { name: 'Choose an uploaded picture' }).click();
          const picker = page.getByRole('dialog', { name: 'Your uploaded pictures' });
          await picker
            .getByRole('button', { name: /^Use the picture uploaded on / })
            .first()
            .waitFor();
          await imagesLoaded(page);
          await screenshot(page, `email-templates-picker-${label}`);
          await picker.getByRole('button', { name: 'Close' }).click();
          await picker.waitFor({ state: 'hidden' });
        }
        if (label !== 'light')
          await page.getByText(label === 'phone' ? '375 px (phone)' : 'Dark', { exact: true }).click();
        await page.locator('iframe.et-frame').scrollIntoViewIfNeeded();
        // Dark loads the frame again; an iframe scrolled into view paints on a later frame.
        await frame(page).getByText('Hi Ann,').waitFor();
        await painted(page);
        await screenshot(page, `email-templates-preview-${label}`);
      }
      await visit(page, '/email_templates_management');
      await page.getByRole('heading', { name: 'Email Templates', level: 1 }).waitFor();
      // A row, or the empty state's row: the list has answered.
      await page.locator('.ant-table-tbody tr:not(.ant-table-measure-row)').first().waitFor();
      // On a phone the list fits without a sideways scroll: its Edit button was cut in half.
      if (label === 'phone') expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `email-templates-list-${label}`);
    }
    expectNoPageErrors(errors);
  }, 60_000);
});
