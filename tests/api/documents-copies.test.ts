/**
 * The same PDF uploaded twice to a business (docs/document-chat.md, *Calls*): the second copy is
 * refused while the first is ready or being read, 409 naming the document it would repeat, with
 * nothing stored and no place taken in the month's quota; another business, or the same business
 * once the first copy is deleted or failed, may upload it. Bytes decide, not names. A document
 * uploaded before contents were hashed gets its hash from its stored file at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { plans, users } from '../../server/db/schema';
import { createIndexer } from '../../server/modules/documents/indexer';
import { documents } from '../../server/modules/documents/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { multipartBody } from './helpers/multipart-body';
import { makePdf, manualPage } from './helpers/pdfs';

const work = mkdtempSync(join(tmpdir(), 'bo-documents-copies-'));
let t: TestApp;
let trucker: { token: string; businessId: string; userId: string };
let owner: { token: string; businessId: string; userId: string };

const signIn = async (email: string) => {
  const { access, res } = await t.login(email);
  const result = res.json().result;
  return { token: access, businessId: result.business?.id as string, userId: result.id as string };
};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  trucker = await signIn('trucker@demo.test');
  owner = await signIn('clubowner@demo.test');
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const stored = () => (existsSync(join(work, 'documents')) ? readdirSync(join(work, 'documents')).length : 0);
const upload = (bytes: Buffer, name: string, who = trucker) =>
  t.call({
    method: 'POST',
    url: '/api/Documents/upload',
    token: who.token,
    ...multipartBody({}, [{ name: 'file', filename: name, type: 'application/pdf', bytes }]),
  });
const rowsOf = (businessId: string) =>
  t.db.database.db.select().from(documents).where(eq(documents.businessId, businessId));

async function ready(documentId: string) {
  for (let i = 0; i < 200; i++) {
    const [row] = await t.db.database.db.select().from(documents).where(eq(documents.id, documentId));
    if (row!.status !== 'processing') return row!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('document never left processing');
}

let seq = 0;
/** A PDF no other test of the file has: its own words on each page. */
const uniquePdf = () => makePdf([`${manualPage(1)} Copy test ${++seq}.`, manualPage(2)]);

describe('the same PDF twice in one business', () => {
  it('refuses the second copy of a ready document, under any name: 409 naming the first, nothing stored', async () => {
    const bytes = await uniquePdf();
    const first = await upload(bytes, 'Brake manual.pdf');
    expect(first.statusCode, first.body).toBe(200);
    expect((await ready(first.json().result.id)).status).toBe('ready');
    const [rows, files] = [(await rowsOf(trucker.businessId)).length, stored()];

    const again = await upload(bytes, 'scan 2026-11-30.pdf');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This PDF is already uploaded',
      errors: { file: 'The same PDF is already here as “Brake manual.pdf”' },
    });
    expect((await rowsOf(trucker.businessId)).length).toBe(rows);
    expect(stored()).toBe(files);
  });

  it('refuses a copy of one still being read, and two copies sent at once make one document', async () => {
    const bytes = await uniquePdf();
    const both = await Promise.all([upload(bytes, 'a.pdf'), upload(bytes, 'b.pdf')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const made = both.find((r) => r.statusCode === 200)!.json().result;
    const refused = both.find((r) => r.statusCode === 409)!.json();
    expect(refused.errors.file).toBe(`The same PDF is already here as “${made.fileName}”`);
    expect((await rowsOf(trucker.businessId)).filter((r) => r.fileId === made.fileId)).toHaveLength(1);
    await ready(made.id);
  });

  it('a refused copy takes no place in the month’s quota: at the last place, the copy is refused as a copy and a new PDF still fits', async () => {
    const db = t.db.database.db;
    const [free] = await db.select().from(plans).where(eq(plans.name, 'Free'));
    await db.update(users).set({ planId: free!.id }).where(eq(users.id, owner.userId));
    const bytes = await uniquePdf();
    const first = await upload(bytes, 'menu.pdf', owner);
    expect(first.statusCode, first.body).toBe(200);
    await ready(first.json().result.id);
    // Fill the month up to its last place (Free: 10 uploads).
    const thisMonth = (await rowsOf(owner.businessId)).length;
    const row = { businessId: owner.businessId, fileName: 'x.pdf', storageKey: 'documents/none.pdf', sizeBytes: 1 };
    await db
      .insert(documents)
      .values(Array.from({ length: 9 - thisMonth }, () => ({ ...row, pages: 1, createdAt: new Date(t.clock.now) })));
    for (let i = 0; i < 3; i++) {
      const copy = await upload(bytes, `menu (${i + 1}).pdf`, owner);
      expect(copy.statusCode).toBe(409);
      expect(copy.json().message).toBe('This PDF is already uploaded');
    }
    const tenth = await upload(await uniquePdf(), 'wine list.pdf', owner);
    expect(tenth.statusCode, tenth.body).toBe(200);
    await ready(tenth.json().result.id);
    await db.delete(documents).where(eq(documents.storageKey, 'documents/none.pdf'));
  });
});

describe('when a copy is welcome', () => {
  it('another business may upload the same PDF', async () => {
    const bytes = await uniquePdf();
    const mine = await upload(bytes, 'shared.pdf');
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await upload(bytes, 'shared.pdf', owner);
    expect(theirs.statusCode, theirs.body).toBe(200);
    await Promise.all([ready(mine.json().result.id), ready(theirs.json().result.id)]);
  });

  it('the same business may upload it again once the first copy is deleted, or failed', async () => {
    const bytes = await uniquePdf();
    const first = await upload(bytes, 'again.pdf');
    await ready(first.json().result.id);
    const del = await t.call({
      method: 'DELETE',
      url: `/api/Documents?businessId=${trucker.businessId}&documentId=${first.json().result.id}`,
      token: trucker.token,
    });
    expect(del.statusCode).toBe(200);
    const second = await upload(bytes, 'again.pdf');
    expect(second.statusCode, second.body).toBe(200);
    await ready(second.json().result.id);
    // A copy whose reading failed answers no question: a new one is the way to try again.
    await t.db.database.db
      .update(documents)
      .set({ status: 'failed', error: 'The chat server did not answer' })
      .where(and(eq(documents.id, second.json().result.id), eq(documents.businessId, trucker.businessId)));
    const third = await upload(bytes, 'again.pdf');
    expect(third.statusCode, third.body).toBe(200);
    await ready(third.json().result.id);
  });
});

describe('a document uploaded before contents were hashed', () => {
  it('gets its hash from its stored file at start, and a copy of it is then refused', async () => {
    const bytes = await uniquePdf();
    const first = await upload(bytes, 'older.pdf');
    const { id } = first.json().result as { id: string };
    await ready(id);
    const { db } = t.db.database;
    await db.update(documents).set({ contentHash: null }).where(eq(documents.id, id));
    // As before the backfill: the copy is not recognised (then deleted, to try again).
    const unseen = await upload(bytes, 'older-copy.pdf');
    expect(unseen.statusCode).toBe(200);
    await ready(unseen.json().result.id);
    await db.delete(documents).where(eq(documents.id, unseen.json().result.id));

    const indexer = createIndexer({ db, storage: t.app.ctx.storage, log: t.app.log, now: () => t.clock.now });
    await indexer.resume();
    await indexer.hashed();
    indexer.stop();
    const [row] = await db.select().from(documents).where(eq(documents.id, id));
    expect(row!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const again = await upload(bytes, 'older-again.pdf');
    expect(again.statusCode).toBe(409);
  });
});
