import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';

/**
 * The fleet manager's business info (business_info): a new company name and primary colour, a
 * mistyped website refused with the server's message and fixed, a logo uploaded, saved, and
 * all of it still there after a reload; light, dark and phone screenshots.
 */
const signedInPage = keptPages();

const RUN = `e2e${Date.now().toString(36)}`;
const URL_MESSAGE = 'Enter a valid web address starting with http:// or https://';

async function businessInfoShown(page: Page) {
  await page.getByRole('heading', { name: 'Business Info', level: 1 }).waitFor();
  await page.getByLabel('Company name').waitFor();
}

/** Types a colour into the picker's hex box and closes it. */
async function pickColor(page: Page, label: string, hex: string) {
  await page.getByLabel(label, { exact: true }).click();
  const input = page.locator('.ant-color-picker:visible .ant-color-picker-hex-input input');
  await input.fill(hex);
  await input.press('Enter');
  // Closed by a click outside it, as a user would.
  await page.getByRole('heading', { name: 'Branding colours' }).click();
  await expect.poll(() => page.locator('.ant-color-picker:visible').count()).toBe(0);
}

describe('fleet manager: business info', () => {
  it('renames the business, sets a colour and a logo after fixing a bad website, and keeps them after a reload', async () => {
    const { page, errors } = await signedInPage('TRUCKER');
    await businessInfoShown(page);
    expect(new URL(page.url()).pathname).toBe('/business_info');
    await screenshot(page, 'business-info-light');

    const name = `Roadline ${RUN}`;
    await page.getByLabel('Company name').fill(name);
    await page.getByLabel('Website').fill('roadline');
    await pickColor(page, 'Primary colour', '2F54EB');
    await page.getByRole('button', { name: 'Save business info' }).click();
    await page.getByText(URL_MESSAGE).waitFor();
    await screenshot(page, 'business-info-error-light');
    await page.getByLabel('Website').fill('https://roadline.example.com');

    const logo = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#2F54EB' } })
      .png()
      .toBuffer();
    await page.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.getByText('Logo saved').waitFor();
    await page.getByTestId('business-logo').waitFor();

    await page.getByRole('button', { name: 'Save business info' }).click();
    await page.getByText('Business info saved').waitFor();
    // The fixed field's message is gone (it fades out).
    await expect.poll(() => page.getByText(URL_MESSAGE).count()).toBe(0);
    // The signed-in user's business follows the rename without signing in again.
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').userData?.business);
    expect(stored).toMatchObject({ companyName: name, companyWebSite: 'https://roadline.example.com' });

    await page.reload();
    await page.getByRole('heading', { name: 'Business Info', level: 1 }).waitFor();
    await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe(name);
    expect(await page.getByLabel('Website').inputValue()).toBe('https://roadline.example.com');
    await page.locator('.ant-color-picker-trigger', { hasText: '#2F54EB' }).waitFor();
    const img = page.getByTestId('business-logo');
    await img.waitFor();
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
      .toBe(256);
    await screenshot(page, 'business-info-saved-light');
    await page.getByRole('button', { name: 'Save business info' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'business-info-bottom-light');
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    // One sign-in; each look is switched on the same page, and the page is opened again in it.
    const { page, errors } = await signedInPage('TRUCKER', { at: '/business_info' });
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/business_info');
      await businessInfoShown(page);
      await page.getByTestId('business-logo').waitFor();
      await screenshot(page, `business-info-${name}`);
      await page.getByRole('button', { name: 'Save business info' }).scrollIntoViewIfNeeded();
      await screenshot(page, `business-info-bottom-${name}`);
    }
    expectNoPageErrors(errors);
  });
});
