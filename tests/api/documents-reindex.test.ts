/**
 * Documents indexed by an older indexer are indexed again when the server starts (indexer.ts
 * INDEX_VERSION, resume(), which the documents module and the chat server run when they are
 * ready): their headings without a number (layout.ts) are found and kept, the document stays
 * ready and answerable throughout, and its stored text does not change, so every quote already
 * given stays on its page. A document whose file cannot be read again keeps its old index.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { createIndexer, INDEX_VERSION } from '../../server/modules/documents/indexer';
import { sentenceText } from '../../server/modules/documents/document-index';
import { documentIndex, forgetDocumentIndex } from '../../server/modules/documents/document-index-cache';
import { documentChunks, documents } from '../../server/modules/documents/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { uploadReady } from './helpers/documents';
import { makeHeadedPdf } from './helpers/pdfs';

const work = mkdtempSync(join(tmpdir(), 'bo-documents-reindex-'));
let t: TestApp;
let who: { token: string; businessId: string };

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  const { access, res } = await t.login('trucker@demo.test');
  who = { token: access, businessId: res.json().result.business.id };
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const guide = () =>
  makeHeadedPdf([
    { heading: 'Getting started', body: 'Open the app and sign in with the code on your badge.' },
    { heading: 'Uninstalling Packages', body: 'Packages are removed with the remove button. Nothing else is kept.' },
  ]);

const readyDocument = async () => uploadReady(t, who, await guide(), 'guide.pdf');

const db = () => t.db.database.db;
const row = async (id: string) => (await db().select().from(documents).where(eq(documents.id, id)))[0]!;
const texts = async (id: string) =>
  (
    await db()
      .select({ page: documentChunks.page, text: documentChunks.text })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, id))
      .orderBy(asc(documentChunks.page), asc(documentChunks.ordinal))
  ).map((c) => `${c.page}: ${c.text}`);
/** What the older indexer left: the same text, no headings, version 1. */
async function makeOld(id: string) {
  await db().update(documents).set({ headings: [], indexVersion: 1 }).where(eq(documents.id, id));
  forgetDocumentIndex(id);
}
const indexer = () => createIndexer({ db: db(), storage: t.app.ctx.storage, log: t.app.log, now: () => t.clock.now });

describe('documents an older indexer wrote', () => {
  it('keeps the headings a new upload sets apart by their type, with the index version', async () => {
    const { id } = await readyDocument();
    const doc = await row(id);
    expect(doc.indexVersion).toBe(INDEX_VERSION);
    const index = await documentIndex(db(), id);
    expect(doc.headings.map((h) => index.pages.get(h.page)!.slice(h.start, h.end))).toEqual([
      'Getting started',
      'Uninstalling Packages',
    ]);
  });

  it('are indexed again at start: headings found, still ready, the stored text unchanged', async () => {
    const { id, fileId } = await readyDocument();
    const before = await texts(id);
    await makeOld(id);
    const old = await documentIndex(db(), id);
    const removed = old.sentences.findIndex((s) => sentenceText(old, s) === 'Nothing else is kept.');
    expect(old.structure.sectionOf[removed]).toBe(-1);

    const again = indexer();
    await again.resume();
    // Answerable meanwhile: it is never taken back to processing.
    expect((await row(id)).status).toBe('ready');
    await again.settled(fileId);
    again.stop();
    const doc = await row(id);
    expect(doc).toMatchObject({ status: 'ready', indexVersion: INDEX_VERSION, error: null });
    expect(doc.headings).toHaveLength(2);
    expect(await texts(id)).toEqual(before);
    // The in-memory index was dropped with the old one: the sentence now stands in its section.
    const index = await documentIndex(db(), id);
    const under = index.structure.sectionOf[removed]!;
    expect(sentenceText(index, index.sentences[under]!)).toMatch(/^Uninstalling Packages/);
  });

  it('wait behind a new upload: it is indexed before the next of them', async () => {
    const a = await readyDocument();
    const b = await readyDocument();
    await makeOld(a.id);
    await makeOld(b.id);
    let tick = 0;
    const again = createIndexer({ db: db(), storage: t.app.ctx.storage, log: t.app.log, now: () => ++tick });
    await again.resume();
    // A new upload's row (the same file), queued while the first of them is being indexed again.
    const { id: _id, fileId: _fileId, ...copy } = await row(a.id);
    const [fresh] = await db()
      .insert(documents)
      .values({ ...copy, status: 'processing', headings: [], indexVersion: 1, indexedAt: null })
      .returning();
    again.enqueue(fresh!.fileId);
    await Promise.all([again.settled(a.fileId), again.settled(b.fileId), again.settled(fresh!.fileId)]);
    again.stop();
    const order = (await Promise.all([a.id, fresh!.id, b.id].map(row))).map((d) => d.indexedAt!.getTime());
    expect(order).toEqual([1, 2, 3]);
  });

  it('keep their old index when their file cannot be read again', async () => {
    const { id, fileId } = await readyDocument();
    await makeOld(id);
    await t.app.ctx.storage.delete((await row(id)).storageKey);
    const again = indexer();
    await again.resume();
    await again.settled(fileId);
    again.stop();
    expect(await row(id)).toMatchObject({ status: 'ready', indexVersion: 1, error: null });
    expect((await texts(id)).length).toBeGreaterThan(0);
  });
});
