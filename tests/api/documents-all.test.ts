/**
 * Ask all documents: one chat per business over all its ready documents. The answer quotes the
 * document that holds it and its marker and saved citation name that document and page; another
 * business's documents are never asked; the chat is paged like a document's and kept apart from
 * each document's own; refusals (empty question, another business, other roles, nothing ready)
 * store nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOT_FOUND_ANSWER } from '../../src/domain/documents/documents';
import { documentMessages } from '../../server/modules/documents/tables';
import { createTestApp, type TestApp } from './helpers/app';
import { uploadReady as uploadPdf } from './helpers/documents';
import { postAndLeaveAtFirstToken } from './helpers/event-stream';
import { makePdf, manualPage } from './helpers/pdfs';

const work = mkdtempSync(join(tmpdir(), 'bo-documents-all-'));
let t: TestApp;
type Who = { token: string; businessId: string };
let trucker: Who;
let owner: Who;
let manual: { id: string; fileId: string };
let warranty: { id: string; fileId: string };

const WARRANTY = [
  'Warranty terms for trailer parts. The warranty on the trailer hitch lasts 24 months from delivery. ' +
    'Claims are sent to the dealer in writing with the invoice number.',
  'Exclusions. Damage from overloading the trailer is not covered. Paint and tires are not covered either.',
];

async function uploadReady(who: Who, name: string, pages: string[]) {
  // Uploaded one after the other: the answers' labels (D1, D2 …) follow the upload order.
  t.clock.advance(1000);
  return uploadPdf(t, who, await makePdf(pages), name);
}

function events(body: string) {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
    }));
}

const askAll = (who: Who, text: string, businessId = who.businessId) => {
  // A second between questions: the chat is ordered by time and the test's clock stands still.
  t.clock.advance(1000);
  return t.call({
    method: 'POST',
    url: '/api/Documents/all/message',
    token: who.token,
    payload: { businessId, text, isUserMessage: true },
  });
};
/** The question and answer of every ask, as streamed, by asker: the chat must read them back the same. */
const streamedBy = new Map<Who, unknown[]>();
const answerOf = async (who: Who, text: string) => {
  const res = await askAll(who, text);
  expect(res.statusCode, res.body).toBe(200);
  const evs = events(res.body);
  expect(evs.at(-1)).toEqual({ event: 'end', data: '[END]' });
  const answer = evs.find((e) => e.event === 'answer')!.data;
  streamedBy.set(who, [...(streamedBy.get(who) ?? []), evs[0]!.data, answer]);
  const streamed = evs
    .filter((e) => e.event === 'token')
    .map((e) => e.data.text)
    .join('');
  expect(streamed).toBe(answer.text);
  return answer;
};
const messageCount = async () => (await t.db.database.db.select().from(documentMessages)).length;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
  const signIn = async (email: string) => {
    const { access, res } = await t.login(email);
    return { token: access, businessId: res.json().result.business.id as string };
  };
  trucker = await signIn('trucker@demo.test');
  owner = await signIn('clubowner@demo.test');
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('ask all documents', () => {
  it('refuses a business with no ready document (409), storing nothing', async () => {
    const before = await messageCount();
    const res = await askAll(owner, 'When does the pool close?');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No document is ready yet: upload a PDF first');
    expect(await messageCount()).toBe(before);
  });

  it('quotes the document that holds the answer; the marker and the saved citation name it and its page', async () => {
    manual = await uploadReady(trucker, 'fleet-manual.pdf', [manualPage(1), manualPage(2), manualPage(3)]);
    warranty = await uploadReady(trucker, 'warranty [2026].pdf', WARRANTY);
    await uploadReady(owner, 'club-rules.pdf', ['House rules. The pool closes at 9 PM on weekdays.']);

    const hitch = await answerOf(trucker, 'How long does the warranty on the trailer hitch last?');
    const hitchQuote = 'The warranty on the trailer hitch lasts 24 months from delivery.';
    expect(hitch.citations[0]).toEqual({
      page: 1,
      quote: hitchQuote,
      fileId: warranty.fileId,
      fileName: 'warranty [2026].pdf',
      label: 'D2',
    });
    // The marker names the document by its label (D1, D2 … in upload order): a name can be two documents'.
    expect(hitch.text).toContain(`"${hitchQuote}" [D2, p. 1]`);

    const filter = await answerOf(trucker, 'How often is the air filter of unit 2 replaced?');
    expect(filter.citations[0]).toEqual({
      page: 2,
      quote: 'Replace the air filter of unit 2 every 2000 miles.',
      fileId: manual.fileId,
      fileName: 'fleet-manual.pdf',
      label: 'D1',
    });
    expect(filter.text.startsWith('"Replace the air filter of unit 2 every 2000 miles." [D1, p. 2]')).toBe(true);
    // Every quote is on the page it cites.
    for (const c of [...hitch.citations, ...filter.citations]) {
      const page = c.fileId === manual.fileId ? manualPage(c.page) : WARRANTY[c.page - 1]!;
      expect(page).toContain(c.quote);
    }
  });

  it("never asks another business's documents, and says so plainly when none of its own answers", async () => {
    const trucks = await answerOf(trucker, 'When does the pool close on weekdays?');
    expect(trucks).toMatchObject({ text: NOT_FOUND_ANSWER, citations: [] });
    const club = await answerOf(owner, 'When does the pool close on weekdays?');
    expect(club.citations).toEqual([
      {
        page: 1,
        // A short sentence before it reads with it.
        quote: 'House rules. The pool closes at 9 PM on weekdays.',
        fileId: expect.any(String),
        fileName: 'club-rules.pdf',
        label: 'D1',
      },
    ]);
  });

  it("pages its chat like a document's, apart from each document's own chat and from other businesses", async () => {
    const page = async (who: Who, query: string) => {
      const res = await t.call({ method: 'GET', url: `/api/Documents/all/messages?${query}`, token: who.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result;
    };
    const newest = await page(trucker, `businessId=${trucker.businessId}&limit=4`);
    expect(newest.data.map((m: { isUserMessage: boolean }) => m.isUserMessage)).toEqual([true, false, true, false]);
    // Saved as streamed: the question (sent before its row is written) and the answer.
    expect(newest.data).toEqual(streamedBy.get(trucker)!.slice(-4));
    expect(newest.data[1].citations[0]).toMatchObject({ fileId: manual.fileId, page: 2 });
    expect(newest.data.at(-1).text).toBe(NOT_FOUND_ANSWER);
    const older = await page(trucker, `businessId=${trucker.businessId}&limit=4&cursor=${newest.nextCursor}`);
    expect(older.data.map((m: { text: string }) => m.text)).toEqual([
      'How long does the warranty on the trailer hitch last?',
      expect.stringContaining('[D2, p. 1]'),
    ]);
    expect(older.nextCursor).toBe(null);
    // The club's chat holds only its own question and answer.
    expect((await page(owner, `businessId=${owner.businessId}`)).data).toHaveLength(2);
    // A document's own chat does not show the all-documents chat.
    const own = await t.call({
      method: 'GET',
      url: `/api/Documents/messages?businessId=${trucker.businessId}&documentId=${warranty.id}`,
      token: trucker.token,
    });
    expect(own.json().result.data).toEqual([]);
  });

  it('refuses an empty question (400), another business (404), other roles (403) and no sign-in (401), storing nothing', async () => {
    const before = await messageCount();
    const empty = await askAll(trucker, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.text).toBe('Type a question');
    expect((await askAll(trucker, 'tire pressure?', owner.businessId)).statusCode).toBe(404);
    const read = await t.call({
      method: 'GET',
      url: `/api/Documents/all/messages?businessId=${owner.businessId}`,
      token: trucker.token,
    });
    expect(read.statusCode).toBe(404);
    const bad = await t.call({
      method: 'GET',
      url: `/api/Documents/all/messages?businessId=${trucker.businessId}&cursor=not-a-cursor`,
      token: trucker.token,
    });
    expect(bad.statusCode).toBe(400);
    // A page size typed as text, or past the largest page, is told as a form's number field tells it.
    for (const [limit, message] of [
      ['abc', 'Enter a whole number, such as 12'],
      ['1.5', 'Enter a whole number, such as 12'],
      ['0', 'Must be 1 or more'],
      ['100000', 'Must be at most 50'],
    ] as const) {
      const res = await t.call({
        method: 'GET',
        url: `/api/Documents/all/messages?businessId=${trucker.businessId}&limit=${limit}`,
        token: trucker.token,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.limit).toBe(message);
    }
    for (const email of ['user@demo.test', 'it@demo.test']) {
      const { access } = await t.login(email);
      const res = await t.call({
        method: 'POST',
        url: '/api/Documents/all/message',
        token: access,
        payload: { businessId: trucker.businessId, text: 'tire pressure?' },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/Documents/all/messages' })).statusCode).toBe(401);
    expect(await messageCount()).toBe(before);
  });

  it('saves the whole answer even when the asker leaves at its first word (only its pacing stops)', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const text = 'How long does the warranty on the trailer hitch last?';
    // A second after the asks before: the chat is ordered by time and the test's clock stands still.
    t.clock.advance(1000);
    // Closed at the first token, as a closed tab closes it.
    const wire = await postAndLeaveAtFirstToken(address, '/api/Documents/all/message', trucker.token, {
      businessId: trucker.businessId,
      text,
      isUserMessage: true,
    });
    const question = events(wire.slice(0, wire.indexOf('\n\n') + 2))[0]!.data as { id: string };
    const answerAfter = async () => {
      const res = await t.call({
        method: 'GET',
        url: `/api/Documents/all/messages?businessId=${trucker.businessId}&limit=50`,
        token: trucker.token,
      });
      const chat = res.json().result.data as { id: string; text: string; isUserMessage: boolean }[];
      const at = chat.findIndex((m) => m.id === question.id);
      return at < 0 ? undefined : chat[at + 1];
    };
    // Before, the question stayed in the chat with nothing after it.
    for (let i = 0; !(await answerAfter()); i++) {
      if (i === 100) throw new Error('the answer was never saved');
      await new Promise((r) => setTimeout(r, 50));
    }
    const saved = (await answerAfter())!;
    const whole = await answerOf(trucker, text);
    expect(saved).toMatchObject({ isUserMessage: false, text: whole.text, citations: whole.citations });
    expect(saved.text.split(/\s+/).length).toBeGreaterThan(3);
  });

  it('cites each of two documents of one name by its own label and id (the same file uploaded twice)', async () => {
    const again = await uploadReady(owner, 'club-rules.pdf', ['House rules. The pool closes at 9 PM on weekdays.']);
    const res = await askAll(owner, 'When does the pool close on weekdays?');
    const evs = events(res.body);
    const answer = evs.find((e) => e.event === 'answer')!.data;
    const quote = 'House rules. The pool closes at 9 PM on weekdays.';
    // Both hold the answer word for word: each marker leads to its own document.
    expect(answer.text).toBe(`"${quote}" [D1, p. 1]\n\n"${quote}" [D2, p. 1]`);
    const [first, second] = answer.citations;
    expect(second).toEqual({ page: 1, quote, fileId: again.fileId, fileName: 'club-rules.pdf', label: 'D2' });
    expect(first).toMatchObject({ page: 1, quote, fileName: 'club-rules.pdf', label: 'D1' });
    expect(first.fileId).not.toBe(again.fileId);
    // Which document each label is, before the first token.
    expect(evs.find((e) => e.event === 'documents')!.data).toEqual([
      { label: 'D1', fileId: first.fileId, fileName: 'club-rules.pdf' },
      { label: 'D2', fileId: again.fileId, fileName: 'club-rules.pdf' },
    ]);
  });
});
