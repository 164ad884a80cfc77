import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, setLook, visit, LOOKS } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { pickOption } from './helpers/select';

/**
 * The general business user's catalogue (product_catalogue, a declared resource with the engine's
 * image field): adding a service with a picture after being told it needs its duration, its
 * thumbnail in the list, then changing its price and picture at product_catalogue/edit/{id}.
 * The rules themselves are proven by tests/api/products.test.ts. Light, dark and phone screenshots.
 */
let green: Buffer;
let orange: Buffer;
beforeAll(async () => {
  const photo = (background: string) =>
    sharp({ create: { width: 900, height: 600, channels: 3, background } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="900" height="600"><circle cx="450" cy="300" r="180" fill="#ffffff" opacity="0.7"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
  [green, orange] = await Promise.all([photo('#2f7d5b'), photo('#d9822b')]);
});
const signedInPage = keptPages();

const RUN = `e2e${Date.now().toString(36)}`;
const rows = (page: Page) => page.locator('.list-table tbody tr[data-row-key]');

/** A long option list (11 categories) is searched: its virtual list shows only the options near the chosen one. */
const pick = (page: Page, label: string, option: string) => pickOption(page, label, option, option.split(' ')[0]);

/** Chooses a picture in the form's image input (the antd Upload's file input). */
async function choosePicture(page: Page, name: string, buffer: Buffer) {
  await page.locator('.image-input input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer });
  await page.getByRole('img', { name: 'Picture: picture' }).waitFor();
}

/** An <img> that the browser really loaded (not a broken image). */
async function loaded(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

describe('general business user: product catalogue', () => {
  it('adds a service with a picture, finds its thumbnail in the list and edits it', async () => {
    const { page, errors } = await signedInPage('USER');

    // The seeded catalogue, from the sidebar.
    await page.getByRole('navigation').getByRole('link', { name: 'Product Catalogue' }).click();
    await page.getByRole('heading', { name: 'Product Catalogue', level: 1 }).waitFor();
    await rows(page).filter({ hasText: 'Portrait session' }).waitFor();
    await screenshot(page, 'catalogue-list-light');

    // A new service at the brief's product_catalogue/add; its duration forgotten first.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/product_catalogue/add');
    const name = `Balayage ${RUN}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price').fill('85');
    await pick(page, 'Category', 'Beauty and personal care');
    await page.getByLabel('Description').fill('Hand-painted highlights, toner included.');
    await choosePicture(page, 'balayage.png', green);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText('A service needs its duration in minutes').waitFor();
    await page.getByLabel('Duration (minutes)').fill('120');
    await page.getByLabel('Duration (minutes)').press('Tab');
    await expect.poll(() => page.getByText('A service needs its duration in minutes').count()).toBe(0);
    await screenshot(page, 'catalogue-add-light');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The show page: the picture as the server keeps it, the price in USD.
    const shown = page.locator('.ant-descriptions img[src*="/api/Business/products/images/"]');
    await shown.waitFor();
    await expect.poll(() => loaded(page, '.ant-descriptions img[src*="/images/"]')).toBe(true);
    const firstPicture = await shown.getAttribute('src');
    await page.locator('.ant-descriptions').getByText('$85.00', { exact: true }).waitFor();
    await page.locator('.ant-descriptions').getByText('Beauty and personal care', { exact: true }).waitFor();
    await screenshot(page, 'catalogue-show-light');

    // In the list (searched), with its thumbnail loaded.
    await visit(page, `/product_catalogue?query=${RUN}`);
    await page.getByRole('heading', { name: 'Product Catalogue', level: 1 }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    const thumb = rows(page).locator('img.resource-thumbnail');
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toBe(`${firstPicture}?size=thumb`);
    await expect.poll(() => loaded(page, '.list-table img.resource-thumbnail')).toBe(true);
    await rows(page).getByText('$85.00').waitFor();
    await screenshot(page, 'catalogue-list-thumbnail-light');

    // Edited at the brief's product_catalogue/edit/{productOrServiceID}: a new price and picture.
    await visit(page, `/product_catalogue/edit/${id}`);
    await page.getByRole('img', { name: 'Picture: picture' }).waitFor();
    await page.getByRole('button', { name: 'Replace picture' }).waitFor();
    await page.getByLabel('Price').fill('95');
    await choosePicture(page, 'balayage-2.png', orange);
    await screenshot(page, 'catalogue-edit-light');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.locator('.ant-descriptions').getByText('$95.00', { exact: true }).waitFor();
    await expect
      .poll(() => page.locator('.ant-descriptions img[src*="/images/"]').getAttribute('src'))
      .not.toBe(firstPicture);
    await expect.poll(() => loaded(page, '.ant-descriptions img[src*="/images/"]')).toBe(true);
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    // One sign-in; each look is switched on the same page, and the list is opened again in it.
    const { page, errors } = await signedInPage('USER');
    for (const [label, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, `/product_catalogue?query=${RUN}`);
      await rows(page).first().waitFor();
      await expect.poll(() => loaded(page, '.list-table img.resource-thumbnail')).toBe(true);
      await screenshot(page, `catalogue-list-${label}`);
      await rows(page).first().getByRole('link').first().click();
      await page.getByRole('heading', { level: 1, name: /Balayage/ }).waitFor();
      await page
        .getByRole('link', { name: 'Edit' })
        .or(page.getByRole('button', { name: 'Edit' }))
        .first()
        .click();
      await page.waitForURL((url) => /^\/product_catalogue\/edit\//.test(url.pathname));
      await page.getByRole('img', { name: 'Picture: picture' }).waitFor();
      await screenshot(page, `catalogue-edit-${label}`);
    }
    expectNoPageErrors(errors);
  });
});
