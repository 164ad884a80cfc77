/**
 * Scanned pages read by OCR (where Debian's tesseract-ocr is installed; .ci/run installs it): a
 * PDF the test makes — a text page, a text page drawn to an image and wrapped in a PDF with no
 * text layer, and a grey page with nothing to read — is indexed with the scan's text; the answer
 * quoting it marks its citation as OCR'd; the "no text" notice names only the page OCR could not
 * read either; the scanned page's words come with their places, for the viewer to mark the quote
 * by. Without tesseract the file is skipped (OCR is then off by design).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ocrAvailable } from '../../server/modules/documents/ocr';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';
import { makeScannedPdf, manualPage } from './helpers/pdfs';

const SCANNED = 'The spare tire of unit 7 is checked every 14 days. Snow chains are carried from November to March.';
const work = mkdtempSync(join(tmpdir(), 'bo-documents-ocr-'));
let t: TestApp;

/** A text page, the scan of a text page (no text layer), and a grey page with nothing to read. */
const scannedPdf = () => makeScannedPdf([{ text: manualPage(1) }, SCANNED, { blank: true }]);

describe.skipIf(!ocrAvailable())('scanned pages (tesseract installed)', () => {
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('reads a scanned page by OCR, marks its citation, and names only the page OCR could not read', async () => {
    const { access: token, res: login } = await t.login('trucker@demo.test');
    const businessId = login.json().result.business.id as string;
    const up = await t.call({
      method: 'POST',
      url: '/api/Documents/upload',
      token,
      ...multipartBody({}, [
        { name: 'file', filename: 'scan.pdf', type: 'application/pdf', bytes: await scannedPdf() },
      ]),
    });
    expect(up.statusCode, up.body).toBe(200);
    const { id, fileId } = up.json().result;
    let doc: { status: string; pagesWithoutText: number[]; noTextNotice: string | null } | undefined;
    for (let i = 0; i < 600 && doc?.status !== 'ready'; i++) {
      if (i) await new Promise((r) => setTimeout(r, 100));
      doc = (
        await t.call({ method: 'GET', url: `/api/Documents?businessId=${businessId}&documentId=${id}`, token })
      ).json().result;
    }
    expect(doc).toMatchObject({ status: 'ready', pagesWithoutText: [3], noTextNotice: 'page 3 has no text' });

    const res = await t.call({
      method: 'POST',
      url: '/api/Documents/message',
      token,
      payload: { businessId, fileId, text: 'How often is the spare tire of unit 7 checked?' },
    });
    const answer = JSON.parse(/event: answer\ndata: (.*)\n/.exec(res.body)![1]!);
    expect(answer.citations[0]).toMatchObject({ page: 2, ocr: true });
    expect(answer.citations[0].quote).toContain('every 14 days');
    expect(answer.text).toContain('[p. 2]');
    // A page with a text layer is not marked.
    const layer = await t.call({
      method: 'POST',
      url: '/api/Documents/message',
      token,
      payload: { businessId, fileId, text: 'How often is the air filter of unit 1 replaced?' },
    });
    const plain = JSON.parse(/event: answer\ndata: (.*)\n/.exec(layer.body)![1]!);
    expect(plain.citations[0]).toEqual({ page: 1, quote: 'Replace the air filter of unit 1 every 1000 miles.' });

    // The viewer marks the scanned page's quote by the places OCR read its words at.
    const words = (page: number | string, as = token) =>
      t.call({ method: 'GET', url: `/api/Documents/file/${fileId}/pages/${page}/words`, token: as });
    const scan = await words(2);
    expect(scan.statusCode, scan.body).toBe(200);
    const read: { text: string; box: number[] }[] = scan.json().result.words;
    expect(read.map((w) => w.text).join(' ')).toContain('every 14 days');
    for (const n of read.flatMap((w) => w.box)) {
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThanOrEqual(1);
    }
    // A page with a text layer, and a page past the end, have none.
    expect((await words(1)).json().result.words).toEqual([]);
    expect((await words(9)).json().result.words).toEqual([]);
    // A page that is no page number is refused with the field named; another business's user finds no such document.
    const bad = await words('two');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('page');
    expect((await words(0)).statusCode).toBe(400);
    const { access: other } = await t.login('clubowner@demo.test');
    expect((await words(2, other)).statusCode).toBe(404);
    const { access: admin } = await t.login('admin@demo.test');
    expect((await words(2, admin)).statusCode).toBe(403);
  });
});
