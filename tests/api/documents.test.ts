/**
 * Document chat's calls: real PDFs (pdfkit) uploaded, indexed off the request and asked about.
 * Plan limits per plan (pages per PDF, monthly quota) refuse before anything is stored; not a
 * PDF, encrypted, damaged, oversize and hostile files answer a clear 4xx; other roles 403,
 * another business 404; the chat pages by cursor both ways; answers stream to an end marker,
 * quote the page exactly with [p. N], and say so when nothing matches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { plans, users } from '../../server/db/schema';
import { OFFLINE_PACE_MS } from '../../server/modules/documents/chat-server';
import { documentMessages, documents } from '../../server/modules/documents/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { postAndLeaveAtFirstToken } from './helpers/event-stream';
import { multipartBody } from './helpers/multipart-body';
import { declaredPagesPdf, handmadePdf, makePdf, manualPage } from './helpers/pdfs';

const work = mkdtempSync(join(tmpdir(), 'bo-documents-'));
let t: TestApp;
let trucker: { token: string; businessId: string; userId: string };
let owner: { token: string; businessId: string; userId: string };
let userToken: string;
let itToken: string;

const signIn = async (email: string) => {
  const { access, res } = await t.login(email);
  const result = res.json().result;
  return { token: access, businessId: result.business?.id as string, userId: result.id as string };
};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  trucker = await signIn('trucker@demo.test');
  owner = await signIn('clubowner@demo.test');
  userToken = (await signIn('user@demo.test')).token;
  itToken = (await signIn('it@demo.test')).token;
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const stored = () => (existsSync(join(work, 'documents')) ? readdirSync(join(work, 'documents')) : []);
const upload = (bytes: Buffer, token = trucker.token, fields: Record<string, string> = {}, name = 'manual.pdf') =>
  t.call({
    method: 'POST',
    url: '/api/Documents/upload',
    token,
    ...multipartBody(fields, [{ name: 'file', filename: name, type: 'application/pdf', bytes }]),
  });
const getDoc = (documentId: string, who = trucker) =>
  t.call({
    method: 'GET',
    url: `/api/Documents?businessId=${who.businessId}&documentId=${documentId}`,
    token: who.token,
  });

async function ready(documentId: string, who = trucker) {
  for (let i = 0; i < 200; i++) {
    const doc = getDoc(documentId, who);
    const body = (await doc).json().result;
    if (body.status !== 'processing') return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('document never left processing');
}

/** Server-sent events of a response body, in order. */
function events(body: string) {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { event, data: data ? JSON.parse(data) : undefined };
    });
}
const ask = (fileId: string, text: string, who: { token: string; businessId: string } = trucker) =>
  t.call({
    method: 'POST',
    url: '/api/Documents/message',
    token: who.token,
    payload: { businessId: who.businessId, fileId, text, isUserMessage: true },
  });
const messageCount = async () => (await t.db.database.db.select().from(documentMessages)).length;
/** A document's chat as the API reads it back (its newest 10 messages). */
const chatOf = async (documentId: string): Promise<{ id: string }[]> =>
  (
    await t.call({
      method: 'GET',
      url: `/api/Documents/messages?businessId=${trucker.businessId}&documentId=${documentId}`,
      token: trucker.token,
    })
  ).json().result.data;

async function setPlan(userId: string, name: 'Free' | 'Pro') {
  const db = t.db.database.db;
  const [plan] = await db.select().from(plans).where(eq(plans.name, name));
  await db.update(users).set({ planId: plan!.id }).where(eq(users.id, userId));
}

describe('upload and indexing', () => {
  let doc: { id: string; fileId: string };
  let pdf: Buffer;

  it('stores a real PDF, indexes it off the request with page numbers, and names the pages with no text', async () => {
    pdf = await makePdf([manualPage(1), '', manualPage(3), '', manualPage(5)]);
    const res = await upload(pdf, trucker.token, { userId: trucker.userId });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().result;
    expect(made).toMatchObject({ fileName: 'manual.pdf', pages: 5, sizeBytes: pdf.length });
    expect(['processing', 'ready']).toContain(made.status);
    const done = await ready(made.id);
    expect(done).toMatchObject({
      status: 'ready',
      pagesWithoutText: [2, 4],
      noTextNotice: 'pages 2 and 4 have no text',
    });
    doc = made;
    expect(stored()).toHaveLength(1);
  });

  it('tells open screens (hub records events) when a document is added and when its indexing ends', async () => {
    const hub = t.app.ctx.hub;
    const seen: { resource: string; action: string; ids?: string[]; businessIds?: (string | null)[] }[] = [];
    const original = hub.publish.bind(hub);
    hub.publish = async (event) => {
      if (event.kind === 'records') seen.push(event);
      return original(event);
    };
    try {
      const res = await upload(await makePdf(['A page about live updates.']));
      const { id } = res.json().result;
      await ready(id);
      const mine = seen.filter((e) => e.resource === 'chat_with_pdf');
      expect(mine.map((e) => e.action)).toEqual(['created', 'updated']);
      expect(mine[0]).toMatchObject({ ids: [id], businessIds: [trucker.businessId] });
      await t.call({
        method: 'DELETE',
        url: `/api/Documents?businessId=${trucker.businessId}&documentId=${id}`,
        token: trucker.token,
      });
      expect(seen.filter((e) => e.resource === 'chat_with_pdf').at(-1)).toMatchObject({ action: 'deleted', ids: [id] });
    } finally {
      hub.publish = original;
    }
  });

  it('lists, reads and downloads the business’s documents', async () => {
    const list = await t.call({
      method: 'GET',
      url: `/api/Documents/list?businessId=${trucker.businessId}`,
      token: trucker.token,
    });
    expect(list.json().result.map((d: { id: string }) => d.id)).toContain(doc.id);
    const mine = await t.call({ method: 'GET', url: '/api/Documents/uploads', token: trucker.token });
    expect(mine.json().result.map((d: { id: string }) => d.id)).toContain(doc.id);
    const dl = await t.call({
      method: 'GET',
      url: `/api/Documents/download?fileId=${doc.fileId}&businessId=${trucker.businessId}`,
      token: trucker.token,
    });
    expect(dl.json().result).toEqual({ filename: 'manual.pdf', url: `/api/Documents/file/${doc.fileId}` });
    const bytes = await t.call({ method: 'GET', url: dl.json().result.url, token: trucker.token });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/pdf');
    expect(bytes.headers['content-disposition']).toContain('manual.pdf');
    expect(bytes.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers a question by quoting the page exactly with [p. N], streamed to an end marker, and saves both messages', async () => {
    const before = await messageCount();
    const res = await ask(doc.fileId, 'What tire pressure must unit 3 keep?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const evs = events(res.body);
    expect(evs[0]).toMatchObject({
      event: 'message',
      data: { isUserMessage: true, text: 'What tire pressure must unit 3 keep?' },
    });
    expect(evs.filter((e) => e.event === 'token').length).toBeGreaterThan(0);
    expect(evs.at(-1)).toEqual({ event: 'end', data: '[END]' });
    const answer = evs.find((e) => e.event === 'answer')!.data;
    expect(answer.isUserMessage).toBe(false);
    expect(answer.citations[0]).toEqual({ page: 3, quote: 'The tire pressure of unit 3 must stay at 103 psi.' });
    expect(answer.text).toContain('"The tire pressure of unit 3 must stay at 103 psi." [p. 3]');
    // What streamed is what was saved.
    const streamed = evs
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    expect(streamed).toBe(answer.text);
    // A word at a time, so that it reaches the screen as it comes.
    expect(evs.filter((e) => e.event === 'token').every((e) => /^\s*\S+\s*$/.test(e.data.text))).toBe(true);
    expect(evs.filter((e) => e.event === 'token').length).toBe(answer.text.split(/\s+/).length);
    expect(await messageCount()).toBe(before + 2);
    // The chat reads back what streamed: the question (sent before its row is written) and the answer.
    expect((await chatOf(doc.id)).slice(-2)).toEqual([evs[0]!.data, answer]);
  });

  it('sends an offline answer over the wire word by word, spread out in time, not in one piece', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${address}/api/Documents/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${trucker.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        businessId: trucker.businessId,
        fileId: doc.fileId,
        text: 'How often is the air filter of unit 2 replaced?',
      }),
    });
    const decoder = new TextDecoder();
    let wire = '';
    const reads: { at: number; tokens: number }[] = [];
    for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
      const piece = decoder.decode(bytes, { stream: true });
      wire += piece;
      reads.push({ at: performance.now(), tokens: piece.split('event: token').length - 1 });
    }
    const words = events(wire).filter((e) => e.event === 'token').length;
    expect(words).toBeGreaterThan(5);
    // The words came in many reads, and the last one at least a few paces after the first.
    const withTokens = reads.filter((r) => r.tokens > 0);
    expect(withTokens.length).toBeGreaterThan(words / 2);
    expect(withTokens.at(-1)!.at - withTokens[0]!.at).toBeGreaterThanOrEqual(OFFLINE_PACE_MS * (words / 2));
  });

  it('saves the question as it was sent, and its answer whole, even when the asker leaves at the first word', async () => {
    const port = (t.app.server.address() as AddressInfo | null)?.port;
    const address = new URL(port ? `http://127.0.0.1:${port}` : await t.app.listen({ host: '127.0.0.1', port: 0 }));
    // A second after the asks before (the chat is ordered by time and the test's clock stands still).
    t.clock.advance(1000);
    // Closed at the first token, as a closed tab closes it.
    const wire = await postAndLeaveAtFirstToken(address.origin, '/api/Documents/message', trucker.token, {
      businessId: trucker.businessId,
      fileId: doc.fileId,
      text: 'coolant level',
    });
    const question = events(wire.slice(0, wire.indexOf('event: token')))[0]!;
    expect(question.event).toBe('message');
    // Its row is written as the answer streams: read the chat until it is there.
    for (let i = 0; !(await chatOf(doc.id)).some((m) => m.id === question.data.id); i++) {
      if (i === 100) throw new Error('the question was never saved');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await chatOf(doc.id)).find((m) => m.id === question.data.id)).toEqual(question.data);
    // The offline answer is made at once, only its pacing stops: it is saved whole, after its question
    // (before, the question stayed in the chat with nothing after it).
    const answerAfter = async () => {
      const chat = (await chatOf(doc.id)) as { id: string; text: string; isUserMessage: boolean }[];
      return chat[chat.findIndex((m) => m.id === question.data.id) + 1];
    };
    for (let i = 0; !(await answerAfter()); i++) {
      if (i === 100) throw new Error('the answer was never saved');
      await new Promise((r) => setTimeout(r, 50));
    }
    const saved = (await answerAfter())!;
    t.clock.advance(1000);
    const whole = events((await ask(doc.fileId, 'coolant level')).body).find((e) => e.event === 'answer')!.data;
    expect(saved.isUserMessage).toBe(false);
    expect(saved.text.split(/\s+/).length).toBeGreaterThan(3);
    expect({ text: saved.text, citations: (saved as { citations?: unknown }).citations }).toEqual({
      text: whole.text,
      citations: whole.citations,
    });
  });

  it('says plainly when the document does not hold the answer (never an invented one)', async () => {
    const evs = events((await ask(doc.fileId, 'Where do zebras sleep?')).body);
    expect(evs.find((e) => e.event === 'answer')!.data).toMatchObject({
      text: "I couldn't find this in the document",
      citations: [],
    });
    expect(evs.at(-1)?.event).toBe('end');
  });

  it('refuses an empty question, one of 10,000 characters and a non-user message, storing nothing', async () => {
    const before = await messageCount();
    const empty = await ask(doc.fileId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.text).toBe('Type a question');
    const long = await ask(doc.fileId, 'why '.repeat(2500));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.text).toBe('A question can be at most 2000 characters');
    const bot = await t.call({
      method: 'POST',
      url: '/api/Documents/message',
      token: trucker.token,
      payload: { businessId: trucker.businessId, fileId: doc.fileId, text: 'hi', isUserMessage: false },
    });
    expect(bot.statusCode).toBe(400);
    expect(await messageCount()).toBe(before);
  });

  it('keeps another business out (404) and other roles out (403), storing nothing', async () => {
    const before = await messageCount();
    const calls = [
      { method: 'GET' as const, url: `/api/Documents?businessId=${owner.businessId}&documentId=${doc.id}` },
      { method: 'GET' as const, url: `/api/Documents?businessId=${trucker.businessId}&documentId=${doc.id}` },
      { method: 'GET' as const, url: `/api/Documents/list?businessId=${trucker.businessId}` },
      { method: 'GET' as const, url: `/api/Documents/download?fileId=${doc.fileId}&businessId=${owner.businessId}` },
      { method: 'GET' as const, url: `/api/Documents/file/${doc.fileId}` },
      { method: 'GET' as const, url: `/api/Documents/messages?businessId=${owner.businessId}&fileId=${doc.fileId}` },
      { method: 'DELETE' as const, url: `/api/Documents?businessId=${owner.businessId}&documentId=${doc.id}` },
    ];
    for (const c of calls) expect((await t.call({ ...c, token: owner.token })).statusCode, c.url).toBe(404);
    expect((await ask(doc.fileId, 'tire pressure?', owner)).statusCode).toBe(404);
    expect(
      (await ask(doc.fileId, 'tire pressure?', { token: owner.token, businessId: trucker.businessId })).statusCode,
    ).toBe(404);
    const owners = await t.call({
      method: 'GET',
      url: `/api/Documents/list?businessId=${owner.businessId}`,
      token: owner.token,
    });
    expect(owners.json().result).toEqual([]);
    for (const token of [userToken, itToken]) {
      expect((await t.call({ method: 'GET', url: '/api/Documents/uploads', token })).statusCode).toBe(403);
      expect((await upload(pdf, token)).statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/Documents/uploads' })).statusCode).toBe(401);
    expect(await messageCount()).toBe(before);
    expect((await getDoc(doc.id)).statusCode).toBe(200);
  });

  it('refuses a user whose trial is over with no subscription (the screens send them to /checkout): 403 on every call', async () => {
    const db = t.db.database.db;
    const [was] = await db.select().from(users).where(eq(users.id, owner.userId));
    await db
      .update(users)
      .set({ shouldHaveSubscription: true, trialEndsAt: null, subscriptionActive: false })
      .where(eq(users.id, owner.userId));
    try {
      const calls = [
        { method: 'GET' as const, url: `/api/Documents/list?businessId=${owner.businessId}` },
        { method: 'GET' as const, url: '/api/Documents/uploads' },
        { method: 'GET' as const, url: `/api/Documents/all/messages?businessId=${owner.businessId}` },
        {
          method: 'POST' as const,
          url: '/api/Documents/all/message',
          payload: { businessId: owner.businessId, text: 'Where are the keys?' },
        },
      ];
      for (const c of calls) {
        const res = await t.call({ ...c, token: owner.token });
        expect(res.statusCode, c.url).toBe(403);
        expect(res.json().message).toBe('An active subscription or free trial is required');
      }
      const before = stored().length;
      expect((await upload(await makePdf(['Keys go back to the desk.']), owner.token)).statusCode).toBe(403);
      expect(stored().length).toBe(before);
    } finally {
      await db
        .update(users)
        .set({
          shouldHaveSubscription: was!.shouldHaveSubscription,
          trialEndsAt: was!.trialEndsAt,
          subscriptionActive: was!.subscriptionActive,
        })
        .where(eq(users.id, owner.userId));
    }
    expect((await t.call({ method: 'GET', url: '/api/Documents/uploads', token: owner.token })).statusCode).toBe(200);
  });

  it('refuses a userId that is not the caller’s', async () => {
    const res = await upload(pdf, trucker.token, { userId: owner.businessId });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.userId).toBe('userId must be your own user');
  });
});

describe('plan limits, refused before anything is stored', () => {
  it('Free: 5 pages per PDF; Pro: 25 — with the brief’s texts', async () => {
    const before = stored().length;
    const six = await makePdf(Array.from({ length: 6 }, (_, i) => manualPage(i + 1)));
    const free = await upload(six);
    expect(free.statusCode).toBe(400);
    expect(free.json()).toEqual({
      message: 'Too many pages in PDF',
      errors: {
        file: 'The Free plan supports up to 5 pages per PDF',
        pages: 'The Free plan supports up to 5 pages per PDF',
      },
    });
    await setPlan(trucker.userId, 'Pro');
    const pro = await upload(six);
    expect(pro.statusCode, pro.body).toBe(200);
    const big = await upload(await makePdf(Array.from({ length: 26 }, (_, i) => manualPage(i + 1))));
    expect(big.statusCode).toBe(400);
    expect(big.json().errors.file).toBe('The Pro plan supports up to 25 pages per PDF');
    expect(stored().length).toBe(before + 1);
    await ready(pro.json().result.id);
    await setPlan(trucker.userId, 'Free');
  });

  it('the quota is documents uploaded per calendar month: Free 10 (a deleted one still counts), Pro 50', async () => {
    const db = t.db.database.db;
    const one = await makePdf(['One page about brakes.']);
    const thisMonth = (await db.select().from(documents).where(eq(documents.businessId, trucker.businessId))).length;
    // Last month's uploads do not count.
    const lastMonth = new Date(t.clock.now);
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const row = {
      businessId: trucker.businessId,
      fileName: 'x.pdf',
      storageKey: 'documents/none.pdf',
      sizeBytes: 1,
      pages: 1,
    };
    await db.insert(documents).values(Array.from({ length: 20 }, () => ({ ...row, createdAt: lastMonth })));
    const fill = 9 - thisMonth;
    await db
      .insert(documents)
      .values(Array.from({ length: fill }, () => ({ ...row, createdAt: new Date(t.clock.now) })));
    const tenth = await upload(one);
    expect(tenth.statusCode, tenth.body).toBe(200);
    await ready(tenth.json().result.id);
    const del = await t.call({
      method: 'DELETE',
      url: `/api/Documents?businessId=${trucker.businessId}&documentId=${tenth.json().result.id}`,
      token: trucker.token,
    });
    expect(del.statusCode).toBe(200);
    expect((await getDoc(tenth.json().result.id)).statusCode).toBe(404);
    const before = stored().length;
    const eleventh = await upload(one);
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json().message).toBe(
      'The Free plan allows 10 document uploads per month; the quota renews on the 1st',
    );
    expect(stored().length).toBe(before);
    await setPlan(trucker.userId, 'Pro');
    expect((await upload(one)).statusCode).toBe(200);
    // The rest of the file uploads on Pro (the Free month is used up).
    await db.delete(documents).where(eq(documents.storageKey, 'documents/none.pdf'));
  });
});

describe('bad and hostile files: a clear 4xx, nothing stored, other requests keep going', () => {
  const refused = async (bytes: Buffer, message: string) => {
    const before = stored().length;
    const res = await upload(bytes);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(stored().length).toBe(before);
  };

  it('not a PDF, whatever its name says', async () => {
    await refused(Buffer.from('Just some text, named .pdf'), 'The file is not a PDF');
    await refused(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'The file is not a PDF');
  });

  it('an empty (0-byte) file: "The file is empty" on the file field, not "not a PDF", never a 500', async () => {
    const before = stored().length;
    const res = await upload(Buffer.alloc(0), trucker.token, { userId: trucker.userId }, 'empty.pdf');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The file is empty', errors: { file: 'The file is empty' } });
    expect(stored().length).toBe(before);
  });

  it('no file at all', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/Documents/upload',
      token: trucker.token,
      ...multipartBody({ userId: trucker.userId }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.file).toBe('Choose a PDF file to upload');
  });

  it('a body cut off in the middle of the file (a dropped connection, a broken client): 400, nothing stored', async () => {
    const before = stored().length;
    const { payload, headers } = multipartBody({ userId: trucker.userId }, [
      { name: 'file', filename: 'cut.pdf', type: 'application/pdf', bytes: await makePdf(['Cut short.']) },
    ]);
    // No closing boundary: the file part never ends.
    const res = await t.call({
      method: 'POST',
      url: '/api/Documents/upload',
      token: trucker.token,
      headers,
      payload: payload.subarray(0, payload.length - 300),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(stored().length).toBe(before);
  });

  it('encrypted', async () => {
    await refused(
      await makePdf(['Secret page.'], { userPassword: 'secret' }),
      'The PDF is password-protected: upload a copy without a password',
    );
  });

  it('damaged', async () => {
    await refused(
      Buffer.from('%PDF-1.7\nthis is not a PDF body at all\n%%EOF'),
      'The PDF is damaged and cannot be read',
    );
  });

  it('zero pages, and a huge declared page count', async () => {
    const none = await upload(declaredPagesPdf(0));
    expect(none.statusCode).toBe(400);
    expect(['The PDF has no pages', 'The PDF is damaged and cannot be read']).toContain(none.json().message);
    // pdfjs checks a declared count against the page tree: the one real page is what is read.
    const huge = await upload(declaredPagesPdf(10_000_000));
    expect([200, 400]).toContain(huge.statusCode);
    if (huge.statusCode === 400) expect(huge.json().message).toBe('Too many pages in PDF');
    else expect((await ready(huge.json().result.id)).pages).toBe(1);
  });

  it('a malformed xref is repaired or refused, never a 500', async () => {
    const res = await upload(
      handmadePdf(
        [
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
          '<< /Length 44 >>\nstream\nBT /F1 12 Tf 72 700 Td (Broken xref text) Tj ET\nendstream',
          '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
        ],
        { breakXref: true },
      ),
    );
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 200) expect((await ready(res.json().result.id)).status).toMatch(/ready|failed/);
  });

  it('an image declaring 100,000 × 100,000 pixels is never decoded: the text is indexed within the limit', async () => {
    const content = 'q 612 0 0 792 0 0 cm /Im1 Do Q BT /F1 12 Tf 72 700 Td (Huge image page) Tj ET';
    const res = await upload(
      handmadePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> >>',
        `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
        '<< /Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length 10 >>\nstream\n0123456789\nendstream',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const started = Date.now();
    expect(await ready(res.json().result.id)).toMatchObject({ status: 'ready', pagesWithoutText: [] });
    expect(Date.now() - started).toBeLessThan(10_000);
    const evs = events((await ask(res.json().result.fileId, 'huge image')).body);
    expect(evs.find((e) => e.event === 'answer')!.data.citations).toEqual([{ page: 1, quote: 'Huge image page' }]);
  });

  it('over 20 MB', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(21 * 1024 * 1024, 0x20)]);
    await refused(big, 'The PDF must be at most 20 MB');
  });

  it('other requests are served while a PDF is read', async () => {
    const pdf = await makePdf(Array.from({ length: 5 }, (_, i) => manualPage(i + 1).repeat(20)));
    const started = Date.now();
    const uploading = upload(pdf);
    const health = await t.call({ method: 'GET', url: '/api/Documents/uploads', token: trucker.token });
    expect(health.statusCode).toBe(200);
    const res = await uploading;
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    await ready(res.json().result.id);
  });
});

describe('the chat, a page at a time', () => {
  it('pages by cursor both ways (pages of 10, each in time order)', async () => {
    const pdf = await makePdf(['Page one text.']);
    const made = (await upload(pdf)).json().result;
    await ready(made.id);
    const base = t.clock.now;
    await t.db.database.db.insert(documentMessages).values(
      Array.from({ length: 25 }, (_, i) => ({
        documentId: made.id,
        text: `m${i + 1}`,
        isUserMessage: i % 2 === 0,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const page = async (cursor?: string) => {
      const res = await t.call({
        method: 'GET',
        url: `/api/Documents/messages?businessId=${trucker.businessId}&documentId=${made.id}&limit=10${cursor ? `&cursor=${cursor}` : ''}`,
        token: trucker.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json().result;
      return { texts: r.data.map((m: { text: string }) => m.text), next: r.nextCursor, prev: r.prevCursor };
    };
    const names = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);
    const newest = await page();
    expect(newest.texts).toEqual(names(16, 25));
    expect(newest.prev).toBeNull();
    const middle = await page(newest.next);
    expect(middle.texts).toEqual(names(6, 15));
    const oldest = await page(middle.next);
    expect(oldest.texts).toEqual(names(1, 5));
    expect(oldest.next).toBeNull();
    // And back towards the newest.
    const back = await page(oldest.prev);
    expect(back.texts).toEqual(names(6, 15));
    const front = await page(back.prev);
    expect(front.texts).toEqual(names(16, 25));
    expect(front.prev).toBeNull();
    // By fileId too; the default limit is 10; a forged cursor is a 400.
    const byFile = await t.call({
      method: 'GET',
      url: `/api/Documents/messages?businessId=${trucker.businessId}&fileId=${made.fileId}`,
      token: trucker.token,
    });
    expect(byFile.json().result.data).toHaveLength(10);
    const forged = await t.call({
      method: 'GET',
      url: `/api/Documents/messages?businessId=${trucker.businessId}&fileId=${made.fileId}&cursor=bm9wZQ`,
      token: trucker.token,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors.cursor).toBe('The cursor is not valid');
  });
});
