import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, LOOKS, painted, PICTURES, screenshot, setLook, visit } from './helpers/browser';
import { ACCOUNTS, expectNoPageErrors, keptPages } from './helpers/app';

/**
 * Email templates (email_templates_management, email_template_setup) for a user: create a
 * template, see the live preview (mjml-browser, loaded on this page only) at phone width with the
 * sample data filled in, meet one finding (an unknown variable), save version 1 then 2, send a
 * test and find it in the server's mail outbox. The API suite proves each refusal and check
 * (tests/api/email-templates.test.ts); the unit table the variables and findings. Light, dark
 * and phone screenshots of the new template's editor and preview and of the list, in a test of
 * their own on the page the journey left (keptPages).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const signedInPage = keptPages(() => browser);

const RUN = Date.now().toString(36);
const NAME = `Welcome ${RUN}`;
const EMAIL = ACCOUNTS.USER;

const frame = (page: Page) => page.frameLocator('iframe.et-frame');
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
    const source = page.getByLabel('MJML source');
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
    await dialog.frameLocator('iframe').getByText('Hi Ann,').waitFor();
    expect(await dialog.frameLocator('iframe').locator('p[style*="border-top"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // A test send: to the signed-in user, recorded in the outbox.
    const before = outboxTo(EMAIL).length;
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText(`Test sent to ${EMAIL}`).waitFor();
    await expect.poll(() => outboxTo(EMAIL).length, { timeout: 10_000 }).toBe(before + 1);
    const mail = outboxTo(EMAIL).at(-1)!;
    expect(mail).toContain('Subject: [Test] Hello Ann');
    expect(mail).toContain('Hi Ann,');

    expectNoPageErrors(errors);
  }, 120_000); // a journey of many steps

  it('looks: the new template’s editor with its preview, and the list, light, dark and on a phone', async () => {
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
      await screenshot(page, `email-templates-list-${label}`);
    }
    expectNoPageErrors(errors);
  }, 60_000);
});
