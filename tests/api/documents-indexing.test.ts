/**
 * What the indexer makes of a hostile PDF that passed the upload's checks, and of a failure while
 * it reads one: a document always leaves `processing` (ready, or failed with its reason), never
 * stays "being prepared" for good, and other requests keep being served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { DOCUMENT_MESSAGES } from '../../src/domain/documents/documents';
import { createIndexer } from '../../server/modules/documents/indexer';
import { ocrAvailable, ocrPages } from '../../server/modules/documents/ocr';
import { documents } from '../../server/modules/documents/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';
import { handmadePdf, makeScannedPdf } from './helpers/pdfs';

const work = mkdtempSync(join(tmpdir(), 'bo-documents-indexing-'));
let t: TestApp;
let who: { token: string; businessId: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  const { access, res } = await t.login('trucker@demo.test');
  who = { token: access, businessId: res.json().result.business.id, userId: res.json().result.id };
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

/** A one-page PDF whose page is drawn by this content stream (Helvetica as F1). */
const pageOf = (content: string) =>
  handmadePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);

const upload = (bytes: Buffer, filename = 'hostile.pdf') =>
  t.call({
    method: 'POST',
    url: '/api/Documents/upload',
    token: who.token,
    ...multipartBody({}, [{ name: 'file', filename, type: 'application/pdf', bytes }]),
  });

/** The document once it has left `processing` (or as it still is after 15 s). */
async function settled(documentId: string) {
  for (let i = 0; i < 300; i++) {
    const doc = (
      await t.call({
        method: 'GET',
        url: `/api/Documents?businessId=${who.businessId}&documentId=${documentId}`,
        token: who.token,
      })
    ).json().result;
    if (doc.status !== 'processing') return doc;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { status: 'still processing after 15 s' };
}

const answerOf = (body: string) =>
  JSON.parse(/event: answer\ndata: (.*)\n/.exec(body)?.[1] ?? 'null') as { citations: { quote: string }[] } | null;

describe('text the database cannot hold', () => {
  it('a NUL character in a page’s text (pdfjs gives one for code 0): read as a space, the document ready and answered', async () => {
    // PostgreSQL refuses NUL in text: the chunks' insert failed, and the document stayed processing for good.
    const res = await upload(pageOf('BT /F1 12 Tf 72 700 Td (Brakes\\000are checked before every trip.) Tj ET'));
    expect(res.statusCode, res.body).toBe(200);
    const doc = await settled(res.json().result.id);
    expect(doc.status).toBe('ready');
    const asked = await t.call({
      method: 'POST',
      url: '/api/Documents/message',
      token: who.token,
      payload: {
        businessId: who.businessId,
        fileId: doc.fileId,
        text: 'When are brakes checked?',
        isUserMessage: true,
      },
    });
    expect(answerOf(asked.body)?.citations.map((c) => c.quote)).toEqual(['Brakes are checked before every trip.']);
  });
});

describe('a page holding more text than any page does', () => {
  it('a page drawing 270,000 characters (a compressed stream of a few KB unpacks to it): failed, saying why, not indexed', async () => {
    // Indexed, such a page held the server's thread for seconds (a 180 KB file unpacking to 3 million
    // characters: 1.6 s) and wrote thousands of chunks; a real page holds a few thousand characters.
    const line = '0 -0.01 Td (All work and no play makes Jack a dull boy. ) Tj ';
    const res = await upload(pageOf(`BT /F1 1 Tf 72 700 Td ${line.repeat(6000)}ET`));
    expect(res.statusCode, res.body).toBe(200);
    expect(await settled(res.json().result.id)).toMatchObject({
      status: 'failed',
      error: DOCUMENT_MESSAGES.tooMuchText,
    });
  });
});

describe('a failure while indexing', () => {
  it('turns the document failed with the reason the screen shows, never leaves it processing', async () => {
    const db = t.db.database.db;
    const [row] = await db
      .insert(documents)
      .values({
        businessId: who.businessId,
        uploadedBy: who.userId,
        fileName: 'lost.pdf',
        storageKey: 'documents/lost.pdf',
        sizeBytes: 1,
        pages: 1,
        status: 'processing',
      })
      .returning();
    // The file store down (or any error the reading throws) while the document is read.
    const storage = {
      ...t.app.ctx.storage,
      get: () => Promise.reject(new Error('the store is down')),
    };
    const indexer = createIndexer({ db, storage, log: t.app.log, now: () => t.clock.now });
    indexer.enqueue(row!.fileId);
    await indexer.settled(row!.fileId);
    const [after] = await db.select().from(documents).where(eq(documents.id, row!.id));
    expect(after).toMatchObject({ status: 'failed', error: DOCUMENT_MESSAGES.failed });
  });
});

describe('a failure found after another path changed the document', () => {
  /** A document being read whose file, once asked for, is gone; `meanwhile` runs first (the other path). */
  async function failedAfter(meanwhile: (id: string) => Promise<unknown>) {
    const db = t.db.database.db;
    const [row] = await db
      .insert(documents)
      .values({
        businessId: who.businessId,
        uploadedBy: who.userId,
        fileName: 'raced.pdf',
        storageKey: 'documents/raced.pdf',
        sizeBytes: 1,
        pages: 1,
        status: 'processing',
      })
      .returning();
    const storage = {
      ...t.app.ctx.storage,
      get: async () => {
        await meanwhile(row!.id);
        return null;
      },
    };
    const announced: string[] = [];
    const indexer = createIndexer({
      db,
      storage,
      log: t.app.log,
      now: () => t.clock.now,
      onIndexed: (doc) => announced.push(doc.id),
    });
    indexer.enqueue(row!.fileId);
    await indexer.settled(row!.fileId);
    const [after] = await db.select().from(documents).where(eq(documents.id, row!.id));
    return { after: after!, announced };
  }

  it('deleted while it was read: the deleted row is left as the delete left it, and no live update names it', async () => {
    const { after, announced } = await failedAfter((id) =>
      t.db.database.db
        .update(documents)
        .set({ deletedAt: new Date(t.clock.now) })
        .where(eq(documents.id, id)),
    );
    expect(after).toMatchObject({ status: 'processing', error: null, indexedAt: null });
    expect(after.deletedAt).not.toBeNull();
    expect(announced).toEqual([]);
  });

  it('made ready by another process meanwhile (two servers resuming it): stays ready, not overwritten as failed', async () => {
    const { after, announced } = await failedAfter((id) =>
      t.db.database.db.update(documents).set({ status: 'ready' }).where(eq(documents.id, id)),
    );
    expect(after).toMatchObject({ status: 'ready', error: null, deletedAt: null });
    expect(announced).toEqual([]);
  });
});

describe.skipIf(!ocrAvailable())('a scanned document deleted while OCR reads it', () => {
  it('reads no page after the delete: the uploads queued behind it do not wait for it (up to 20 s a page)', async () => {
    const scan = await makeScannedPdf([
      'Page one. The spare tire is checked every 14 days.',
      'Page two. The trailer lights are checked weekly.',
      'Page three. The horn is checked monthly.',
    ]);
    let asked = 0;
    // The document is deleted once the first page is read (the indexer asks whether its row is still live).
    const read = await ocrPages(scan, [1, 2, 3], async () => ++asked === 1);
    expect([...read.keys()]).toEqual([1]);
    expect(read.get(1)!.text).toContain('spare tire');
  });
});
