/**
 * The gallery's order and its size limit, as a club owner meets them: the grid reads left to
 * right, so an image moves earlier (←) or later (→); a file over the limit is refused in the
 * browser, before a byte of it is sent. On a venue of its own (events-gallery.test.ts counts the
 * demo venue's images). Screenshots: light, dark, phone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GALLERY_IMAGE } from '../../src/domain/gallery/gallery';
import { imagesLoaded, LOOKS, screenshot, setLook, visit } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';

const work = mkdtempSync(join(tmpdir(), 'e2e-gallery-order-'));
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
});
const signedInPage = keptPages();

/** A venue of its own, selected, with two captioned images added through the API in this order. */
async function venueWithImages(page: Page, name: string, captions: string[]) {
  await page.evaluate(
    async ({ venueName, captions }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { auth: { authorization: string } };
      const headers = { Authorization: user.auth.authorization };
      const res = await fetch('/api/Club/venues', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: venueName, capacity: 50 }),
      });
      const venue = ((await res.json()) as { result: { id: string } }).result;
      localStorage.setItem('selected-venue', JSON.stringify({ id: venue.id, name: venueName }));
      for (const [i, caption] of captions.entries()) {
        const canvas = document.createElement('canvas');
        canvas.width = 300;
        canvas.height = 200;
        const context = canvas.getContext('2d')!;
        context.fillStyle = ['#2f6fde', '#de7a2f', '#2fa36b'][i % 3]!;
        context.fillRect(0, 0, 300, 200);
        const png = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), 'image/png'));
        const form = new FormData();
        form.append('venueId', venue.id);
        form.append('caption', caption);
        form.append('image', png, `${caption}.png`);
        const added = await fetch('/api/Business/gallery', { method: 'POST', headers, body: form });
        if (!added.ok) throw new Error(`upload ${caption}: ${added.status}`);
      }
    },
    { venueName: name, captions },
  );
}

/** The captions of the grid's images, in the order shown. */
const shownOrder = (page: Page) =>
  page.locator('.gallery-thumb img').evaluateAll((images) => images.map((i) => i.getAttribute('alt')));

describe('gallery order and size', () => {
  it('moves an image later (→) and earlier (←), and refuses a file over the limit before sending it', async () => {
    const { page, errors } = await signedInPage('CLUBOWNER');
    await venueWithImages(page, `Gallery order ${Date.now()}`, ['Stage', 'Bar']);
    // Loaded afresh: the selected venue is read from storage when the app starts.
    await page.goto('/club_gallery_management');
    await expect.poll(() => shownOrder(page)).toEqual(['Stage', 'Bar']);

    // The first image cannot go earlier, the last cannot go later; the arrows point along the row.
    const earlierStage = page.getByRole('button', { name: 'Move Stage earlier' });
    const laterStage = page.getByRole('button', { name: 'Move Stage later' });
    expect(await earlierStage.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Move Bar later' }).isDisabled()).toBe(true);
    expect(await laterStage.locator('.anticon-arrow-right').count()).toBe(1);
    expect(await earlierStage.locator('.anticon-arrow-left').count()).toBe(1);
    await laterStage.click();
    await expect.poll(() => shownOrder(page)).toEqual(['Bar', 'Stage']);
    await page.getByRole('button', { name: 'Move Stage earlier' }).click();
    await expect.poll(() => shownOrder(page)).toEqual(['Stage', 'Bar']);

    // Just over the server's limit: refused on the spot, and no upload is sent.
    const posts: string[] = [];
    page.on('request', (r) => void (r.method() === 'POST' && r.url().includes('/gallery') && posts.push(r.url())));
    const huge = join(work, 'huge-room.png');
    writeFileSync(huge, Buffer.alloc(GALLERY_IMAGE.maxBytes + 1));
    await page.getByTestId('gallery-files').setInputFiles(huge);
    await page.locator('.upload-queue').getByText('The image must be at most 10 MB').waitFor();
    expect(posts).toEqual([]);
    await imagesLoaded(page);
    await screenshot(page, 'gallery-order-light');
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode and on a phone', async () => {
    const { page } = await signedInPage('CLUBOWNER');
    for (const [name, look] of LOOKS) {
      await setLook(page, look);
      await visit(page, '/club_gallery_management');
      await page.getByRole('button', { name: 'Move Bar later' }).waitFor();
      await imagesLoaded(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `gallery-order-${name}`);
    }
  });
});
