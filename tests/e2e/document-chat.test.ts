/**
 * Document chat in the browser: the fleet manager uploads a real four-page PDF (its upload bar
 * moves under a slow uplink), waits for it to be ready, asks a question, reads the streamed
 * answer, opens its citation by keyboard (Shift+Tab to it, a visible focus ring, Enter) and
 * lands on the cited page with the passage marked on the text layer; the page input (its rule once), zoom, rotation and full screen; the chat over all
 * documents, whose citation opens the document at its page, and two documents of one name told
 * apart by their upload time, each citation opening its own; then on a phone the chat takes the
 * screen and the PDF opens in a drawer; a scanned page's citation is marked over the picture by
 * the places OCR read its words at. Screenshots light, dark and phone. The rules (plan
 * limits, isolation, cursor paging, the stream's events) are proven by tests/api/documents*.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launch, PHONE, PICTURES, screenshot, setLook, trackErrors, visit } from './helpers/browser';
import { expectNoPageErrors, keptPages } from './helpers/app';
import { routesInForce } from './helpers/routes';
import { makePdf, makeScannedPdf, manualPage } from '../api/helpers/pdfs';
import { ocrAvailable } from '../../server/modules/documents/ocr';

let browser: Browser;
const work = mkdtempSync(join(tmpdir(), 'e2e-docchat-'));
const NAME = `fleet-manual-${Date.now() % 100000}.pdf`;
const pdfPath = join(work, NAME);
const PAGES = 4;
const tooLongPath = join(work, 'six-pages.pdf');
/** A later version under the same name, three pages, page 3 with another interval. */
const versionPath = join(work, 'v2', NAME);
/** A date and time as the screens write it, with the zone's name when it is not this browser's. */
const DATE_TIME = /^\d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M( [A-Z][A-Za-z0-9+:-]*)?$/;
const VERSION_QUOTE = 'Replace the air filter of unit 3 every 4500 miles.';

/** Four pages of the generated manual; the last also carries a photo of noise (~270 KB) so the upload takes a moment. */
async function writePdf() {
  const noise = Buffer.alloc(300 * 300 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (let n = 1; n <= PAGES; n++) {
    doc.addPage();
    doc.fontSize(11).text(manualPage(n), { width: 460 });
    if (n === PAGES) doc.image(photo, 72, 300, { width: 300 });
  }
  doc.end();
  writeFileSync(pdfPath, await done);
  // One page over the Free plan's five.
  writeFileSync(tooLongPath, await makePdf(Array.from({ length: 6 }, (_, i) => manualPage(i + 1))));
}

/** The later version's file, written afresh by the test that uploads it (see writePdf's caller). */
async function writeVersion() {
  mkdirSync(join(work, 'v2'), { recursive: true });
  writeFileSync(versionPath, await makePdf([manualPage(1), manualPage(2), manualPage(3).replace('3000', '4500')]));
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

const QUESTION = 'How often is the air filter of unit 3 replaced?';
const QUOTE = 'Replace the air filter of unit 3 every 3000 miles.';

async function openDocument(page: Page) {
  await visit(page, '/chat_with_pdf');
  await page.getByRole('link', { name: NAME }).click();
  await page.getByRole('heading', { name: NAME }).waitFor();
}

/** The text marked on a page's text layer, the marks joined as they read. */
const markedText = (page: Page, n: number) =>
  page
    .locator(`[data-page-box="${n}"] .textLayer mark`)
    .allInnerTexts()
    .then((parts) => parts.join(' ').replace(/\s+/g, ' ').trim());

/**
 * What the viewer shows: the pages whose box is on screen without a drawn canvas, the page whose
 * box crosses the middle of the view, and the number in the page box.
 */
const onScreen = (page: Page) =>
  page.getByTestId('pdf-pages').evaluate((view) => {
    const frame = view.getBoundingClientRect();
    const middle = frame.top + frame.height / 2;
    const blank: number[] = [];
    let across = 0;
    for (const box of view.querySelectorAll<HTMLElement>('[data-page-box]')) {
      const n = Number(box.dataset.pageBox);
      const r = box.getBoundingClientRect();
      if (r.bottom <= frame.top + 1 || r.top >= frame.bottom - 1) continue;
      const canvas = box.querySelector('canvas');
      if (!canvas || canvas.width === 0) blank.push(n);
      if (r.top <= middle && r.bottom > middle) across = n;
    }
    const input = document.querySelector<HTMLInputElement>('[data-page-input]');
    return { blank, middle: across, box: Number(input?.value) };
  });

const signedInPage = keptPages();

describe('document chat', () => {
  it('uploads a PDF with progress, answers with a citation that opens its page with the passage marked', async () => {
    // Written by the test that uploads them, so a retry (E2E_RETRIES) sends new bytes (pdfkit
    // stamps the time): the same PDF again is refused as a copy of the one the first try stored.
    await writePdf();
    // Straight onto the page (its sidebar link is sign-in.test.ts's: each role's sidebar exactly).
    const { page, errors } = await signedInPage('TRUCKER', { at: '/chat_with_pdf' });
    await page.getByRole('heading', { name: 'Chat with PDF' }).waitFor();

    // A slow uplink: the bar moves, then the row appears and turns ready.
    const cdp = await page.context().newCDPSession(page);
    const uplink = (bytesPerSecond: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: bytesPerSecond,
      });
    await uplink(100 * 1024);
    const bar = page.getByRole('progressbar', { name: `Upload progress of ${NAME}` });
    const moving = () =>
      expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
    // Cancelled half-way: the bar goes and nothing is stored.
    await page.getByTestId('document-file').setInputFiles(pdfPath);
    await moving();
    await page.getByRole('button', { name: `Cancel uploading ${NAME}` }).click();
    await bar.waitFor({ state: 'detached' });
    await page.getByText('Upload cancelled: nothing was stored').waitFor();
    expect(await page.getByRole('row', { name: new RegExp(NAME) }).count()).toBe(0);
    // Sent again, to the end: the uplink is lifted once the bar has moved (the rest of the ~270 KB
    // at 100 KB/s was ~2.5 s of waiting that proved nothing more).
    await page.getByTestId('document-file').setInputFiles(pdfPath);
    await moving();
    await screenshot(page, 'document-chat-uploading');
    await uplink(-1);
    await bar.waitFor({ state: 'detached', timeout: 20_000 });
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText('Ready').waitFor({ timeout: 30_000 });
    await expect.poll(() => row.getByRole('cell', { name: String(PAGES), exact: true }).count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download ${NAME}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(NAME);

    // Over the plan's pages: the server's refusal, in its words, and nothing listed.
    await page.getByTestId('document-file').setInputFiles(tooLongPath);
    const refusal = page.getByRole('alert').filter({ hasText: 'Too many pages in PDF' });
    await refusal.getByText('The Free plan supports up to 5 pages per PDF').waitFor();
    expect(await page.getByRole('row', { name: /six-pages\.pdf/ }).count()).toBe(0);
    await screenshot(page, 'document-chat-list');

    await row.getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    await page.getByText("You're all set!").waitFor();
    await page.getByText('Ask your first question to get started.').waitFor();
    await page.locator('[data-page-box="1"] canvas').waitFor();

    // Shift+Enter adds a line; Enter sends.
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill('How often');
    await box.press('Shift+Enter');
    expect(await box.inputValue()).toBe('How often\n');
    await box.fill(QUESTION);
    // Every text the answer shows while it is written.
    await page.evaluate(() => {
      const steps: string[] = [];
      (window as unknown as { answerSteps: string[] }).answerSteps = steps;
      new MutationObserver(() => {
        const bubble = document.querySelector('[data-testid="chat-answer-pending"]');
        // Not the 'Reading the document…' line before the first word.
        if (!bubble || bubble.querySelector('.ant-spin')) return;
        const author = bubble.querySelector('.documents-chat-author')?.textContent ?? '';
        const text = (bubble.textContent ?? '').slice(author.length);
        if (text && text !== steps.at(-1)) steps.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await box.press('Enter');
    await page.getByTestId('chat-question').filter({ hasText: QUESTION }).waitFor();
    const answer = page.getByTestId('chat-answer').last();
    await answer.filter({ hasText: QUOTE }).waitFor({ timeout: 15_000 });
    expect(await box.inputValue()).toBe('');
    const steps = await page.evaluate(() => (window as unknown as { answerSteps: string[] }).answerSteps);
    // What the screen drew while the answer came is the answer's beginning each time. How many
    // steps it drew depends on the machine's load (a busy browser reads several words in one go,
    // or all of them), so that it is drawn piece by piece is proven by unit document-chat-panel,
    // and that the words leave 12 ms apart by API documents.
    for (const step of steps) expect(`"${QUOTE}" [p. 3]`.startsWith(step)).toBe(true);

    // The citation, by keyboard alone: Shift+Tab from the question box reaches it with a visible
    // focus ring (antd's reset takes the outline off links), and Enter opens it: the viewer goes
    // to page 3 and marks the quoted sentence there.
    const citation = answer.getByRole('link', { name: 'Go to page 3' });
    await box.press('Shift+Tab');
    expect(await citation.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await citation.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    const pageInput = page.getByRole('textbox', { name: 'Page' });
    await expect.poll(() => pageInput.inputValue()).toBe('3');
    await expect.poll(() => markedText(page, 3), { timeout: 10_000 }).toBe(QUOTE.replace(/\.$/, ''));
    await screenshot(page, 'document-chat-citation');

    // The page input's rule, then a good page; one zoom step and a quarter turn.
    await pageInput.fill('9');
    await pageInput.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: `Enter a page from 1 to ${PAGES}` })
      .waitFor();
    await pageInput.fill('2');
    await pageInput.press('Enter');
    await page.locator('[data-page-box="2"] canvas').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Enter a page' }).count()).toBe(0);
    const size = () =>
      page.locator('[data-page-box="2"]').evaluate((el) => ({ w: el.clientWidth, h: el.clientHeight }));
    const before = await size();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await size()).w).toBeCloseTo(before.w * 1.5, -1);
    await page.getByRole('button', { name: 'Rotate 90°' }).click();
    await expect.poll(async () => (await size()).h < (await size()).w).toBe(true);
    await expect.poll(() => pageInput.inputValue()).toBe('2');
    await page.locator('[data-page-box="2"] canvas').waitFor();
    await page.mouse.move(0, 0);
    await screenshot(page, 'document-chat-zoomed');

    // Back to 100 % and upright, still on page 2.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    for (let turn = 0; turn < 3; turn++) await page.getByRole('button', { name: 'Rotate 90°' }).click();
    await expect.poll(async () => (await size()).w).toBeCloseTo(before.w, -1);
    await expect.poll(() => pageInput.inputValue()).toBe('2');

    // A page typed and entered, then the pages scrolled by hand with the focus still in the box: the
    // box follows the page on screen, and leaving the box does not jump back to the page typed.
    await pageInput.fill('3');
    await pageInput.press('Enter');
    await page.locator('[data-page-box="3"] canvas').waitFor();
    await page.getByTestId('pdf-pages').hover();
    await page.mouse.wheel(0, -4000);
    await expect.poll(async () => (await onScreen(page)).middle).toBe(1);
    expect(await pageInput.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(async () => (await onScreen(page)).box).toBe(1);
    await page.getByRole('textbox', { name: 'Your question' }).focus();
    expect(await onScreen(page)).toMatchObject({ middle: 1, box: 1 });

    // Full screen from the last page: every page on screen is drawn without a scroll, the page box
    // names the page across the middle, and that is still the last page (its place kept).
    await pageInput.fill(String(PAGES));
    await pageInput.press('Enter');
    await page.locator(`[data-page-box="${PAGES}"] canvas`).waitFor();
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null)).toBe('pdf-viewer');
    await expect.poll(() => onScreen(page), { timeout: 10_000 }).toEqual({ blank: [], middle: PAGES, box: PAGES });
    // Scrolled back by hand in full screen: the page box follows the page on screen.
    await page.getByTestId('pdf-pages').hover();
    await page.mouse.wheel(0, -1500);
    await expect.poll(async () => (await onScreen(page)).middle).toBeLessThan(PAGES);
    await expect.poll(async () => onScreen(page), { timeout: 10_000 }).toMatchObject({ blank: [] });
    const there = await onScreen(page);
    expect(there.box).toBe(there.middle);
    await page.mouse.move(0, 0);
    await screenshot(page, 'document-chat-fullscreen');
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBe(null);
    expectNoPageErrors(errors);
  });

  it.skipIf(!ocrAvailable())(
    'marks a citation on a scanned page over the picture, where OCR read its words',
    async () => {
      // The club owner, whose documents no other test here counts. New bytes on each try (a copy is refused).
      const scanName = `scanned-rules-${Date.now() % 100000}.pdf`;
      const scanPath = join(work, scanName);
      const SCANNED = 'Coats are checked at the cloakroom for $3 each. The terrace closes at midnight.';
      writeFileSync(scanPath, await makeScannedPdf([{ text: `Scanned on ${new Date().toISOString()}.` }, SCANNED]));
      const { page, errors } = await signedInPage('CLUBOWNER');
      await visit(page, '/chat_with_pdf');
      await page.getByTestId('document-file').setInputFiles(scanPath);
      const row = page.getByRole('row', { name: new RegExp(scanName) });
      await row.getByText('Ready').waitFor({ timeout: 60_000 });
      await row.getByRole('link', { name: scanName }).click();
      await page.getByRole('heading', { name: scanName }).waitFor();
      const box = page.getByRole('textbox', { name: 'Your question' });
      await box.fill('How much is the cloakroom for coats?');
      await box.press('Enter');
      const answer = page.getByTestId('chat-answer').filter({ hasText: '$3 each' });
      await answer.waitFor({ timeout: 15_000 });
      await answer.getByRole('link', { name: 'Go to page 2' }).click();
      await expect.poll(() => page.getByRole('textbox', { name: 'Page' }).inputValue()).toBe('2');
      // The page has no text layer: the marks stand over its picture, on screen, inside the page.
      const marks = page.locator('[data-page-box="2"] mark.pdf-viewer-ocr-mark');
      await marks.first().waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-page-box="2"] .textLayer mark').count()).toBe(0);
      const inside = await marks.evaluateAll((all) => {
        const pageBox = all[0]!.parentElement!.getBoundingClientRect();
        const view = document.querySelector('[data-testid="pdf-pages"]')!.getBoundingClientRect();
        return all.every((m) => {
          const r = m.getBoundingClientRect();
          return (
            r.width > 20 &&
            r.height > 5 &&
            r.left >= pageBox.left &&
            r.right <= pageBox.right &&
            r.top >= view.top &&
            r.bottom <= view.bottom
          );
        });
      });
      expect(inside).toBe(true);
      await page.mouse.move(0, 0);
      await screenshot(page, 'document-chat-scanned-citation');
      expectNoPageErrors(errors);
    },
  );

  it('asks all documents from the list: the citation names the document and opens it at its page, passage marked', async () => {
    const { page, errors } = await signedInPage('TRUCKER');
    await visit(page, '/chat_with_pdf');
    await page.getByRole('button', { name: 'Ask all documents' }).click();
    await page.getByRole('heading', { name: 'Ask all documents' }).waitFor();
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill(QUESTION);
    await box.press('Enter');
    const answer = page.getByTestId('chat-answer').filter({ hasText: QUOTE });
    await answer.waitFor({ timeout: 15_000 });
    const link = answer.getByRole('link', { name: `Go to page 3 of ${NAME}` });
    expect(await link.innerText()).toBe(`[${NAME}, p. 3]`);
    await page.mouse.move(0, 0);
    await screenshot(page, 'document-chat-all');
    await link.click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Page' }).inputValue()).toBe('3');
    await expect.poll(() => markedText(page, 3), { timeout: 10_000 }).toBe(QUOTE.replace(/\.$/, ''));
    expectNoPageErrors(errors);
  });

  it('tells two documents of one name apart: each citation says when its document was uploaded and opens that one', async () => {
    const { page, errors } = await signedInPage('TRUCKER');
    await visit(page, '/chat_with_pdf');
    // The same name uploaded again: a three-page version whose page 3 says otherwise.
    await writeVersion();
    await page.getByTestId('document-file').setInputFiles(versionPath);
    const version = page.getByRole('row', { name: new RegExp(NAME) }).filter({
      has: page.getByRole('cell', { name: '3', exact: true }),
    });
    await version.getByText('Ready').waitFor({ timeout: 30_000 });
    // The list tells the two uploads apart by date and time (the business's clock, its zone named
    // when it is not this browser's), on one line.
    const moments = page.getByRole('row', { name: new RegExp(NAME) }).locator('td:not(:first-child) time.moment-cell');
    await expect.poll(() => moments.count()).toBe(2);
    for (const moment of await moments.all()) {
      expect(await moment.textContent()).toMatch(DATE_TIME);
      // One line: an inline element has a box per line it is on (and per child on one line).
      expect(await moment.evaluate((el) => new Set([...el.getClientRects()].map((b) => Math.round(b.top))).size)).toBe(
        1,
      );
    }
    // Each row's upload time, with its place in upload order when the two share the minute:
    // never two rows alike, and the same texts the citations below carry.
    const inList = () =>
      page
        .getByRole('row', { name: new RegExp(NAME) })
        .locator('td:not(:first-child)')
        .filter({ has: page.locator('time.moment-cell') })
        .evaluateAll((cells) => cells.map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()));
    const whenInList = await inList();
    expect(new Set(whenInList).size).toBe(2);
    const times = (await moments.allTextContents()).map((text) => text.replace(/\s+/g, ' '));
    if (times[0] === times[1]) expect(whenInList.map((text) => text?.slice(-3)).sort()).toEqual(['(1)', '(2)']);
    else for (const text of whenInList) expect(text).toMatch(DATE_TIME);
    await page.mouse.move(0, 0);
    await screenshot(page, 'documents-list-same-name');
    if (PICTURES) {
      // Only for its picture (see LOOKS).
      await setLook(page, { colorScheme: 'dark', viewport: DESKTOP });
      await version.waitFor();
      await screenshot(page, 'documents-list-same-name-dark');
    }
    // On a phone the time under each name carries the same place.
    await setLook(page, { colorScheme: 'light', viewport: PHONE });
    const under = page.getByRole('row', { name: new RegExp(NAME) }).locator('.documents-uploaded-under');
    await expect
      .poll(() =>
        under.evaluateAll((cells) => cells.map((cell) => cell.textContent?.replace(/\s+/g, ' ').trim()).sort()),
      )
      .toEqual([...whenInList].sort());
    await screenshot(page, 'documents-list-same-name-phone');
    await setLook(page, { colorScheme: 'light', viewport: DESKTOP });
    await page.getByRole('button', { name: 'Ask all documents' }).click();
    await page.getByRole('heading', { name: 'Ask all documents' }).waitFor();
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.fill(QUESTION);
    await box.press('Enter');
    const answer = page.getByTestId('chat-answer').filter({ hasText: VERSION_QUOTE });
    await answer.waitFor({ timeout: 15_000 });
    // Both quoted, each link naming its document with its upload time (the two share the day).
    // On the business's clock (its zone named when it is not this browser's).
    const uploaded = `${NAME.replace(/\./g, '\\.')}, uploaded \\d\\d/\\d\\d/\\d{4} \\d{1,2}:\\d\\d [AP]M( [A-Z][A-Za-z0-9+:-]*)?`;
    const links = answer.getByRole('link', { name: new RegExp(`^Go to page 3 of ${uploaded}`) });
    await expect.poll(() => links.count()).toBe(2);
    const [first, second] = await links.allInnerTexts();
    expect(first).not.toBe(second);
    // The citations tell them apart by the list's own texts.
    const cited = [first, second].map((text) => text!.replace(/^.*, uploaded /, '').replace(/, p\. 3\]$/, ''));
    expect(cited.sort()).toEqual([...whenInList].sort());
    for (const text of [first, second]) expect(text).toMatch(new RegExp(`^\\[${uploaded}( \\(\\d\\))?, p\\. 3\\]$`));
    await page.mouse.move(0, 0);
    await screenshot(page, 'document-chat-all-same-name');
    if (PICTURES) {
      await setLook(page, { colorScheme: 'dark', viewport: DESKTOP });
      await answer.waitFor();
      await screenshot(page, 'document-chat-all-same-name-dark');
    }
    await setLook(page, { colorScheme: 'light', viewport: PHONE });
    await answer.waitFor();
    await screenshot(page, 'document-chat-all-same-name-phone');
    await setLook(page, { colorScheme: 'light', viewport: DESKTOP });
    // The first upload's citation (after its own quote) opens the first upload, its passage marked.
    await answer.locator('span', { hasText: QUOTE }).locator('xpath=following-sibling::a[1]').click();
    await page.getByRole('heading', { name: NAME }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Page' }).inputValue()).toBe('3');
    await expect.poll(() => markedText(page, 3), { timeout: 10_000 }).toBe(QUOTE.replace(/\.$/, ''));
    // The first upload has four pages; the version three.
    await page.getByRole('toolbar', { name: 'PDF viewer controls' }).getByText('of 4', { exact: true }).waitFor();

    // The version goes again, so one document of that name is left for what follows.
    await visit(page, '/chat_with_pdf');
    await version.getByRole('button', { name: `Delete ${NAME}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await version.waitFor({ state: 'detached' });
    expectNoPageErrors(errors);
  });

  it('looks right in dark mode, and on a phone the PDF opens in a drawer at the cited page', async () => {
    // One sign-in; the dark look (only for its pictures: see LOOKS), then the phone one on the
    // same page, the document opened again in each.
    const { page } = await signedInPage('TRUCKER');
    if (PICTURES) {
      await setLook(page, { colorScheme: 'dark', viewport: DESKTOP });
      await openDocument(page);
      await page.getByTestId('chat-answer').filter({ hasText: QUOTE }).waitFor();
      await page.locator('[data-page-box="1"] canvas').waitFor();
      await screenshot(page, 'document-chat-dark');
      await visit(page, '/chat_with_pdf/all');
      await page.getByTestId('chat-answer').filter({ hasText: QUOTE }).last().waitFor();
      await screenshot(page, 'document-chat-all-dark');
    }
    // A PDF the browser cannot read: the brief's toast. The viewer fetches the file each time it
    // opens (PdfViewer.tsx), so opening the document again meets the route without a reload.
    const unreadable = '**/api/Documents/file/**';
    await page.route(unreadable, (route) =>
      route.fulfill({ status: 200, contentType: 'application/pdf', body: 'not a pdf at all' }),
    );
    await routesInForce(page);
    await openDocument(page);
    await page.locator('.ant-message').getByText('Error loading PDF').waitFor();
    await page.unroute(unreadable);

    // From here on the page must raise no error (the unreadable PDF above was on purpose).
    const errors = trackErrors(page);
    await setLook(page, { colorScheme: 'light', viewport: PHONE });
    await openDocument(page);
    const answer = page.getByTestId('chat-answer').filter({ hasText: QUOTE });
    await answer.waitFor();
    // The chat has the screen; the viewer is not there until asked for.
    expect(await page.getByRole('toolbar', { name: 'PDF viewer controls' }).count()).toBe(0);
    // The question box is on screen above the support chat's launcher, not under it.
    const [box, launcher] = await Promise.all([
      page.getByRole('textbox', { name: 'Your question' }).boundingBox(),
      page.getByRole('button', { name: 'Support chat', exact: true }).boundingBox(),
    ]);
    expect(box!.y + box!.height).toBeLessThanOrEqual(launcher!.y);
    await screenshot(page, 'document-chat-phone');
    await visit(page, '/chat_with_pdf/all');
    await page.getByTestId('chat-answer').filter({ hasText: QUOTE }).last().waitFor();
    await screenshot(page, 'document-chat-all-phone');
    await openDocument(page);
    await answer.waitFor();
    await page.getByRole('button', { name: 'Show PDF' }).click();
    const drawer = page.getByRole('dialog', { name: NAME });
    await drawer.locator('[data-page-box="1"] canvas').waitFor();
    await screenshot(page, 'document-chat-phone-drawer');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await answer.getByRole('link', { name: 'Go to page 3' }).click();
    await drawer.waitFor();
    await expect.poll(() => drawer.getByRole('textbox', { name: 'Page' }).inputValue()).toBe('3');
    await expect.poll(() => markedText(page, 3), { timeout: 10_000 }).toBe(QUOTE.replace(/\.$/, ''));

    // On a phone the Uploaded column is hidden: the moment is under the name, and the list fits.
    await visit(page, '/chat_with_pdf');
    const under = page.getByRole('row', { name: new RegExp(NAME) }).locator('.documents-uploaded-under time');
    await under.waitFor();
    expect(await under.textContent()).toMatch(DATE_TIME);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await screenshot(page, 'documents-list-phone');

    // Delete, after a confirm: the row goes.
    await page.getByRole('button', { name: `Delete ${NAME}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('link', { name: NAME }).waitFor({ state: 'detached' });
    expectNoPageErrors(errors);
  });

  it('on a phone a long file name with no spaces wraps: the title and the PDF drawer stay on the screen', async () => {
    // A real-world name written without spaces (underscores): the drawer's title once ran off the screen.
    const long = `Quarterly_Operations_Report_for_the_Main_Room_and_Terrace_with_Staff_Rotas_${Date.now() % 100000}.pdf`;
    const { page } = await signedInPage('TRUCKER');
    const errors = trackErrors(page);
    await setLook(page, { colorScheme: 'light', viewport: PHONE });
    await visit(page, '/chat_with_pdf');
    await page.getByTestId('document-file').setInputFiles({
      name: long,
      mimeType: 'application/pdf',
      buffer: await makePdf(['The terrace heaters are serviced every March by the supplier.']),
    });
    // The toast that names it wraps inside the screen too.
    const toast = page.locator('.ant-message-notice-content', { hasText: long });
    await toast.waitFor();
    const shown = await toast.boundingBox();
    expect(shown!.x).toBeGreaterThanOrEqual(0);
    expect(shown!.x + shown!.width).toBeLessThanOrEqual(PHONE.width);
    const row = page.getByRole('row', { name: new RegExp(long) });
    await row.getByText('Ready').waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: long }).click();
    await page.getByRole('heading', { name: long }).waitFor();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);
    expect(await fits()).toBe(true);
    await page.getByRole('button', { name: 'Show PDF' }).click();
    const drawer = page.getByRole('dialog', { name: long });
    await drawer.locator('[data-page-box="1"] canvas').waitFor();
    // The drawer's title ends inside the screen (the close button beside it).
    const title = await drawer.locator('.ant-drawer-title').boundingBox();
    expect(title!.x + title!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await drawer.locator('.ant-drawer-header').evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    await screenshot(page, 'document-chat-phone-drawer-long-name');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'hidden' });

    await visit(page, '/chat_with_pdf');
    await row.getByRole('button', { name: `Delete ${long}` }).click();
    // The confirm that names it wraps on the screen as well (it was wider than the page).
    const confirm = page.locator('.ant-popconfirm', { hasText: long });
    await confirm.waitFor();
    const asked = await confirm.boundingBox();
    expect(asked!.x).toBeGreaterThanOrEqual(0);
    expect(asked!.x + asked!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await fits()).toBe(true);
    await screenshot(page, 'documents-delete-long-name-phone');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await row.waitFor({ state: 'detached' });
    expectNoPageErrors(errors);
  });
});
