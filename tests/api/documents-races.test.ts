/**
 * Document chat's calls racing each other: two uploads at once for the month's last place, a
 * document deleted while it is still being read, and two questions at once in one chat. (The same
 * PDF sent twice at once: documents-copies; a delete while a question is answered: documents-delete.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, gte } from 'drizzle-orm';
import { documentChunks, documentMessages, documents } from '../../server/modules/documents/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { uploadReady } from './helpers/documents';
import { multipartBody } from './helpers/multipart-body';
import { makePdf, manualPage } from './helpers/pdfs';

const work = mkdtempSync(join(tmpdir(), 'bo-documents-races-'));
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

const db = () => t.db.database.db;
const stored = () => (existsSync(join(work, 'documents')) ? readdirSync(join(work, 'documents')) : []);
const upload = (bytes: Buffer, filename: string) =>
  t.call({
    method: 'POST',
    url: '/api/Documents/upload',
    token: who.token,
    ...multipartBody({}, [{ name: 'file', filename, type: 'application/pdf', bytes }]),
  });

describe('two uploads at once for the month’s last place', () => {
  it('one is taken, the other refused with the quota (403), and only the taken one is stored', async () => {
    const monthStart = new Date(t.clock.now);
    monthStart.setUTCDate(1);
    monthStart.setUTCHours(0, 0, 0, 0);
    const [row] = await db()
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.businessId, who.businessId), gte(documents.createdAt, monthStart)));
    // The Free plan's 10 a month: nine taken, so one place is left.
    const filler = {
      businessId: who.businessId,
      fileName: 'x.pdf',
      storageKey: 'documents/none.pdf',
      sizeBytes: 1,
      pages: 1,
    };
    await db()
      .insert(documents)
      .values(Array.from({ length: 9 - row!.n }, () => ({ ...filler, createdAt: new Date(t.clock.now) })));
    const before = stored().length;
    const [a, b] = await Promise.all([
      upload(await makePdf(['Brakes are checked daily.']), 'brakes.pdf'),
      upload(await makePdf(['Tires are checked weekly.']), 'tires.pdf'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const refused = a.statusCode === 403 ? a : b;
    expect(refused.json().message).toBe(
      'The Free plan allows 10 document uploads per month; the quota renews on the 1st',
    );
    expect(stored().length).toBe(before + 1);
    await db().delete(documents).where(eq(documents.storageKey, 'documents/none.pdf'));
  });
});

describe('a document deleted while it is still being read', () => {
  it('leaves no chunk, no file and no live row behind, and the indexer goes on with the next upload', async () => {
    // Many pages, so the reading is still under way when the delete comes.
    const res = await upload(await makePdf([1, 2, 3, 4, 5].map((n) => manualPage(n).repeat(4))), 'long.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json().result;
    const del = await t.call({
      method: 'DELETE',
      url: `/api/Documents?businessId=${who.businessId}&documentId=${id}`,
      token: who.token,
    });
    expect(del.statusCode).toBe(200);
    // The next upload is read after it: once it is ready, the deleted one's reading is over.
    await uploadReady(t, who, await makePdf(['The depot opens at six.']), 'depot.pdf');
    const [doc] = await db().select().from(documents).where(eq(documents.id, id));
    expect(doc!.deletedAt).not.toBeNull();
    expect(doc!.status).toBe('processing');
    expect(await db().select().from(documentChunks).where(eq(documentChunks.documentId, id))).toEqual([]);
    expect(stored()).not.toContain(doc!.storageKey.replace('documents/', ''));
  });
});

describe('two questions at once in one chat', () => {
  it('both are saved with their answers, each answer after its question', async () => {
    const doc = await uploadReady(t, who, await makePdf([manualPage(1), manualPage(2)]), 'manual.pdf');
    const ask = (text: string) =>
      t.call({
        method: 'POST',
        url: '/api/Documents/message',
        token: who.token,
        payload: { businessId: who.businessId, fileId: doc.fileId, text, isUserMessage: true },
      });
    const questions = ['What tire pressure for unit 1?', 'How often is the air filter of unit 2 replaced?'];
    const answered = await Promise.all(questions.map(ask));
    for (const res of answered) expect(res.body).toContain('event: answer');
    const rows = await db().select().from(documentMessages).where(eq(documentMessages.documentId, doc.id));
    expect(
      rows
        .filter((r) => r.isUserMessage)
        .map((r) => r.text)
        .sort(),
    ).toEqual([...questions].sort());
    expect(rows.filter((r) => !r.isUserMessage)).toHaveLength(2);
    // Each stream's answer is saved after the question it answers.
    for (const res of answered) {
      const data = (event: string) =>
        JSON.parse(new RegExp(`event: ${event}\\ndata: (.*)\\n`).exec(res.body)![1]!) as { id: string };
      const question = rows.find((r) => r.id === data('message').id)!;
      const answer = rows.find((r) => r.id === data('answer').id)!;
      expect(answer.createdAt.getTime()).toBeGreaterThan(question.createdAt.getTime());
    }
  });
});
