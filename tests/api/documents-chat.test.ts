/**
 * Document chat's answers beyond the offline default: written by a model (an OpenAI-compatible
 * stub this test starts on loopback, streaming the real wire format in ragged pieces), with
 * every quote checked against the cited page, for one document and over all of a business's
 * documents at once (ask all documents); and the chat server as its own HTTP service
 * (CHAT_SERVER_URL), which indexes and answers for the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CUT_SHORT_NOTE, DOCUMENT_MESSAGES, NOT_FOUND_ANSWER } from '../../src/domain/documents/documents';
import { documentChunks, documentMessages } from '../../server/modules/documents/tables';
import { buildChatServerApp } from '../../server/modules/documents/chat-server-app';
import { createRemoteChatServer } from '../../server/modules/documents/chat-server';
import { createStorage } from '../../server/modules/storage/create-storage';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './helpers/app';
import { uploadReady as uploadPdf, type DocumentUser } from './helpers/documents';
import { postAndLeaveAtFirstToken } from './helpers/event-stream';
import { makePdf, manualPage } from './helpers/pdfs';

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

/** The saved answer a chat stream ends with. */
const answerOf = (stream: ReturnType<typeof events>) => stream.find((e) => e.event === 'answer')!.data;

async function signedIn(t: TestApp) {
  const { access, res } = await t.login('trucker@demo.test');
  return { token: access, businessId: res.json().result.business.id as string };
}

/** The pages as a PDF, uploaded and read (helpers/documents.ts). */
const uploadReady = async (t: TestApp, who: DocumentUser, pages: string[], filename = 'manual.pdf') =>
  uploadPdf(t, who, await makePdf(pages), filename);

const ask = (t: TestApp, who: { token: string; businessId: string }, fileId: string, text: string) =>
  t.call({
    method: 'POST',
    url: '/api/Documents/message',
    token: who.token,
    payload: { businessId: who.businessId, fileId, text },
  });

/** A question to all the business's ready documents, read as its stream's events. */
const askAll = async (t: TestApp, who: { token: string; businessId: string }, text: string) =>
  events(
    (
      await t.call({
        method: 'POST',
        url: '/api/Documents/all/message',
        token: who.token,
        payload: { businessId: who.businessId, text, isUserMessage: true },
      })
    ).body,
  );

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

describe('with a model endpoint (OpenAI-compatible, streamed)', () => {
  const work = mkdtempSync(join(tmpdir(), 'bo-doc-model-'));
  let t: TestApp;
  let who: { token: string; businessId: string };
  let doc: { id: string; fileId: string };
  const requests: {
    auth?: string;
    body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
  }[] = [];
  let reply = '';
  let fail = false;
  /**
   * Token by token: when set, the stub sends one delta per token and waits, before the next,
   * until `seen` says the API's reader has it (or 5 s: then the token was held back somewhere).
   */
  let tokenByToken: {
    tokens: string[];
    seen: (i: number) => Promise<void>;
    heldBack: number[];
    /** Called with the tokens written so far when the API drops its request to the model before the last. */
    hungUp?: (written: number) => void;
    /** Waited for before the first token (the model still thinking). */
    first?: Promise<unknown>;
  } | null = null;
  const chunk = (content: string) =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
  const stub = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', async () => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      if (fail) return res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (tokenByToken) {
        const { tokens, seen, heldBack, hungUp, first } = tokenByToken;
        let written = 0;
        res.once('close', () => !res.writableFinished && hungUp?.(written));
        await first;
        for (const [i, token] of tokens.entries()) {
          if (res.destroyed) return;
          res.write(chunk(token));
          written += 1;
          const late = new Promise<'late'>((r) => setTimeout(() => r('late'), 5000).unref());
          if ((await Promise.race([seen(i), late])) === 'late') heldBack.push(i);
        }
        return res.end('data: [DONE]\n\n');
      }
      // The real wire: one JSON chunk per delta, then [DONE]; written in ragged pieces, so an event
      // and even a line arrive cut in two.
      const wire =
        [...reply.match(/.{1,7}/gs)!]
          .map(
            (piece) =>
              `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece } }] })}\n\n`,
          )
          .join('') + 'data: [DONE]\n\n';
      for (let i = 0; i < wire.length; i += 50) {
        res.write(wire.slice(i, i + 50));
        await new Promise((r) => setTimeout(r, 1));
      }
      res.end();
    });
  });

  beforeAll(async () => {
    const port = await listen(stub);
    process.env.LLM_BASE_URL = `http://127.0.0.1:${port}/v1`;
    process.env.LLM_API_KEY = 'stub-key';
    process.env.LLM_MODEL = 'stub-model';
    try {
      t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
    } finally {
      delete process.env.LLM_BASE_URL;
      delete process.env.LLM_API_KEY;
      delete process.env.LLM_MODEL;
    }
    who = await signedIn(t);
    doc = await uploadReady(t, who, [manualPage(1), manualPage(2), manualPage(3)]);
  });
  afterAll(async () => {
    await t.close();
    stub.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('writes the answer from the passages, streams it, and keeps only the quotes that are on the cited page', async () => {
    reply =
      'Keep it at 103 psi: "The tire pressure of unit 3 must stay at 103 psi." [p. 3] ' +
      'Also "The moon is made of cheese." [p. 2] and see [p. 9].';
    const res = await ask(t, who, doc.fileId, 'What tire pressure for unit 3?');
    expect(res.statusCode, res.body).toBe(200);
    const evs = events(res.body);
    const streamed = evs
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    expect(streamed).toBe(reply);
    const answer = answerOf(evs);
    expect(answer.citations).toEqual([{ page: 3, quote: 'The tire pressure of unit 3 must stay at 103 psi.' }]);
    expect(answer.text).toBe(
      'Keep it at 103 psi: "The tire pressure of unit 3 must stay at 103 psi." [p. 3] Also and see.',
    );
    expect(evs.at(-1)).toEqual({ event: 'end', data: '[END]' });
    const call = requests.at(-1)!;
    expect(call.auth).toBe('Bearer stub-key');
    expect(call.body).toMatchObject({ model: 'stub-model', stream: true });
    // A passage is the ranked sentence with its neighbours on the page.
    expect(call.body.messages.at(-1)!.content).toMatch(
      /\[p. 3\] [^\n]*The tire pressure of unit 3 must stay at 103 psi\./,
    );
    expect(call.body.messages.at(-1)!.content).toContain('Question: What tire pressure for unit 3?');
  });

  /**
   * Asks over a real socket (inject would hand the body over whole), the API listening on
   * loopback, while the stub writes `tokens` one at a time: each must reach the asker before
   * the stub writes the next. Gives every event of the answer.
   */
  let address: string | undefined;
  async function askLive(url: string, body: object, tokens: string[]) {
    address ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
    const arrived: ((value: void) => void)[] = [];
    const waits = tokens.map((_, i) => new Promise<void>((r) => (arrived[i] = r)));
    tokenByToken = { tokens, seen: (i) => waits[i]!, heldBack: [] };
    try {
      const res = await fetch(`${address}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ businessId: who.businessId, ...body }),
      });
      expect(res.status).toBe(200);
      const decoder = new TextDecoder();
      let wire = '';
      const received: string[] = [];
      let read = 0;
      for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
        wire += decoder.decode(bytes, { stream: true });
        for (const e of events(wire.slice(0, wire.lastIndexOf('\n\n') + 2)).slice(read)) {
          read += 1;
          if (e.event !== 'token') continue;
          received.push(e.data.text);
          arrived[received.length - 1]!();
        }
      }
      expect(tokenByToken.heldBack).toEqual([]);
      expect(received).toEqual(tokens);
      const all = events(wire);
      // Over all documents the labels' documents come before the first token.
      const sources = all.some((e) => e.event === 'documents') ? ['documents'] : [];
      expect(all.map((e) => e.event)).toEqual(['message', ...sources, ...tokens.map(() => 'token'), 'answer', 'end']);
      return all;
    } finally {
      tokenByToken = null;
    }
  }

  it('streams each token to the asker over the wire as the model writes it, before the model writes the next', async () => {
    const tokens = ['Unit 3 keeps ', '"The tire pressure', ' of unit 3 must stay', ' at 103 psi." ', '[p. 3]'];
    const all = await askLive(
      '/api/Documents/message',
      { fileId: doc.fileId, text: 'What tire pressure for unit 3?' },
      tokens,
    );
    // The saved answer is still checked against its page.
    expect(answerOf(all).citations).toEqual([{ page: 3, quote: 'The tire pressure of unit 3 must stay at 103 psi.' }]);
  });

  /**
   * Asks at `url` over a socket of its own and leaves at the first `leaveAt` event, the stub model
   * writing `tokens` (the first once `first` is settled), each but the first only once the model's
   * stream was dropped. Gives how many tokens the model wrote before the API dropped its stream,
   * and the question and what the chat (`chatUrl`) saved after it.
   */
  async function askAndLeave(url: string, body: object, chatUrl: string, tokens: string[], leaveAt = 'token') {
    address ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
    let hungUp!: (written: number) => void;
    const modelDropped = new Promise<number>((r) => (hungUp = r));
    // The stub writes the next token once the asker has the previous one, which never happens: the
    // asker leaves at the first. Only the API dropping the model's stream ends the wait (else 5 s).
    tokenByToken = {
      tokens,
      seen: () => modelDropped.then(() => undefined),
      heldBack: [],
      hungUp,
      first: leaveAt === 'token' ? undefined : modelDropped,
    };
    // A second after the asks before: the chat is ordered by time and the test's clock stands still.
    t.clock.advance(1000);
    try {
      const wire = await postAndLeaveAtFirstToken(
        address,
        url,
        who.token,
        { businessId: who.businessId, ...body },
        leaveAt,
      );
      const question = events(wire.slice(0, wire.indexOf('\n\n') + 2))[0]!.data as { id: string };
      const written = await modelDropped;
      // The chat is read until the answer after the question is there.
      const chat = async () =>
        (await t.call({ method: 'GET', url: `${chatUrl}&limit=50`, token: who.token })).json().result.data as {
          id: string;
          text: string;
          isUserMessage: boolean;
          citations: unknown[];
        }[];
      for (let i = 0; ; i++) {
        const messages = await chat();
        const at = messages.findIndex((m) => m.id === question.id);
        if (at >= 0 && messages[at + 1]) return { written, question: messages[at]!, answer: messages[at + 1]! };
        if (i === 100) throw new Error(`no answer was saved after the question: ${JSON.stringify(messages)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      tokenByToken = null;
    }
  }

  it('stops the model’s answer when the asker goes away in the middle of it, and saves what was said, checked, with a note that it was cut short', async () => {
    const { written, answer } = await askAndLeave(
      '/api/Documents/message',
      { fileId: doc.fileId, text: 'What tire pressure for unit 3?' },
      `/api/Documents/messages?businessId=${who.businessId}&documentId=${doc.id}`,
      [
        'Unit 3: "The tire pressure of unit 3 must stay at 103 psi." [p. 3] and "The moon is made of cheese." [p. 2] ',
        'keeps ',
        'going.',
      ],
    );
    // The API hears the asker leave and drops the model's stream at once: after the first token
    // (before, it read on until the next token came, and the model went on writing).
    expect(written).toBe(1);
    // What was said is saved as a whole answer would be: the quote not on its page dropped, then the
    // note (before, the question stayed in the chat with nothing after it).
    expect(answer).toMatchObject({
      isUserMessage: false,
      text: `Unit 3: "The tire pressure of unit 3 must stay at 103 psi." [p. 3] and\n\n${CUT_SHORT_NOTE}`,
      citations: [{ page: 3, quote: 'The tire pressure of unit 3 must stay at 103 psi.' }],
    });
  });

  it('saves just the note when the asker leaves before the model said anything', async () => {
    const { written, answer } = await askAndLeave(
      '/api/Documents/message',
      { fileId: doc.fileId, text: 'What tire pressure for unit 3?' },
      `/api/Documents/messages?businessId=${who.businessId}&documentId=${doc.id}`,
      ['Unit 3 ', 'keeps ', 'going.'],
      'message',
    );
    expect(written).toBe(0);
    expect(answer).toMatchObject({ isUserMessage: false, text: CUT_SHORT_NOTE, citations: [] });
  });

  /** The label of each document an answer over all documents draws on, from its `documents` event. */
  const labelsOf = (evs: { event?: string; data?: { label: string; fileId: string; fileName: string }[] }[]) =>
    new Map((evs.find((e) => e.event === 'documents')?.data ?? []).map((d) => [d.fileId, d.label]));

  it('asks all documents through the model too: passages labelled by document, tokens streamed as written, each quote checked on the page of the document its marker names', async () => {
    const warranty = await uploadReady(
      t,
      who,
      ['Warranty terms for trailer parts. The warranty on the trailer hitch lasts 24 months from delivery.'],
      'warranty.pdf',
    );
    // A model that writes the names it was shown: each name is one document's, so it is read as its label.
    const tokens = [
      'The hitch: ',
      '"The warranty on the trailer hitch lasts 24 months from delivery."',
      ' [warranty.pdf, p. 1] ',
      // On the manual's page 3, not the warranty's: dropped.
      '"The tire pressure of unit 3 must stay at 103 psi." [warranty.pdf, p. 1]',
      ' and "The hitch is made of cheese." [manual.pdf, p. 2]',
      ' (also "Check the coolant level of unit 2 before every trip." [manual.pdf, p. 2])',
      ' see [brochure.pdf, p. 4].',
    ];
    const before = requests.length;
    const all = await askLive(
      '/api/Documents/all/message',
      { text: 'How long is the warranty on the trailer hitch?', isUserMessage: true },
      tokens,
    );
    expect(requests.length).toBe(before + 1);
    // The warranty's passages went to the model (the manual's quote is still checked on its page).
    const w = labelsOf(all).get(warranty.fileId)!;
    const m = w === 'D1' ? 'D2' : 'D1';
    expect(labelsOf(all)).toEqual(new Map([[warranty.fileId, w]]));
    const prompt = requests.at(-1)!.body.messages;
    expect(prompt[0]!.content).toContain('[D1, p. N]');
    expect(prompt.at(-1)!.content).toContain(`${w}: warranty.pdf (uploaded `);
    expect(prompt.at(-1)!.content).toMatch(new RegExp(`\\[${w}, p\\. 1\\] [^\\n]*trailer hitch lasts 24 months`));
    const answer = answerOf(all);
    expect(answer.citations).toEqual([
      {
        page: 1,
        quote: 'The warranty on the trailer hitch lasts 24 months from delivery.',
        fileId: warranty.fileId,
        fileName: 'warranty.pdf',
        label: w,
      },
      {
        page: 2,
        quote: 'Check the coolant level of unit 2 before every trip.',
        fileId: doc.fileId,
        fileName: 'manual.pdf',
        label: m,
      },
    ]);
    // Saved with the labels: a name may be two documents'.
    expect(answer.text).toBe(
      `The hitch: "The warranty on the trailer hitch lasts 24 months from delivery." [${w}, p. 1] and ` +
        `(also "Check the coolant level of unit 2 before every trip." [${m}, p. 2]) see.`,
    );
    // Nothing in any document to write from: the model is not called.
    const none = await askAll(t, who, 'zebras giraffes');
    expect(answerOf(none).text).toBe("I couldn't find this in the document");
    expect(requests.length).toBe(before + 1);
  });

  it('over all documents too: the asker leaving stops the model, and what was said is saved, checked, with the note', async () => {
    const { written, answer } = await askAndLeave(
      '/api/Documents/all/message',
      { text: 'What tire pressure for unit 3?', isUserMessage: true },
      `/api/Documents/all/messages?businessId=${who.businessId}`,
      ['Unit 3: "The tire pressure of unit 3 must stay at 103 psi." [manual.pdf, p. 3] ', 'keeps ', 'going.'],
    );
    expect(written).toBe(1);
    expect(answer.text).toMatch(/^Unit 3: "The tire pressure of unit 3 must stay at 103 psi\." \[D\d, p\. 3\]\n\n/);
    expect(answer.text.endsWith(`\n\n${CUT_SHORT_NOTE}`)).toBe(true);
    expect(answer.citations).toEqual([
      expect.objectContaining({
        page: 3,
        quote: 'The tire pressure of unit 3 must stay at 103 psi.',
        fileId: doc.fileId,
      }),
    ]);
  });

  it('tells two documents of the same name apart: each is cited by its label, its quotes checked on its own page, and the citation names it', async () => {
    const ready = async () =>
      (
        await t.call({ method: 'GET', url: `/api/Documents/list?businessId=${who.businessId}`, token: who.token })
      ).json().result.length as number;
    const earlier = await ready();
    // The same file name uploaded twice, a later version with other terms.
    t.clock.advance(60_000);
    const yard = await uploadReady(
      t,
      who,
      [
        'Lease contract for the yard. The monthly rent of the yard is 900 dollars.',
        'Termination. The lease of the yard ends with 60 days notice.',
      ],
      'contract.pdf',
    );
    t.clock.advance(60_000);
    const depot = await uploadReady(
      t,
      who,
      [
        'Lease contract for the depot. The monthly rent of the depot is 1200 dollars.',
        'Termination. The lease of the depot ends with 30 days notice.',
      ],
      'contract.pdf',
    );
    // Another business's document of that name: never a passage, never citable.
    const owner = await (async () => {
      const { access, res } = await t.login('clubowner@demo.test');
      return { token: access, businessId: res.json().result.business.id as string };
    })();
    const club = await uploadReady(
      t,
      owner,
      ['Lease contract. The monthly rent of the club is 500 dollars.'],
      'contract.pdf',
    );
    // Upload order: the yard's contract is the earlier one.
    const [y, d] = [`D${earlier + 1}`, `D${earlier + 2}`];
    const yardRent = 'The monthly rent of the yard is 900 dollars.';
    const depotRent = 'The monthly rent of the depot is 1200 dollars.';
    const tokens = [
      'The yard: ',
      `"${yardRent}"`,
      ` [${y}, p. 1]`,
      // A bare marker at a place the passages came from: kept, its passage saved as its citation.
      `; the depot's is 1200 dollars [${d}, p. 1]`,
      // The depot's rent is not on the yard's contract page: dropped.
      ` (not "${depotRent}" [${y}, p. 1])`,
      // The name alone is two documents: dropped, even with a quote on one of them.
      ` and "${yardRent}" [contract.pdf, p. 1]`,
      // The other business's document, by its id and by its words: dropped.
      ` or "The monthly rent of the club is 500 dollars." [${club.fileId}, p. 1]`,
      // A page past the document's last: dropped.
      ` or "${depotRent}" [${d}, p. 7]`,
      ` see [${d}, p. 1].`,
    ];
    const all = await askLive(
      '/api/Documents/all/message',
      { text: 'What is the monthly rent?', isUserMessage: true },
      tokens,
    );
    const prompt = requests.at(-1)!.body.messages.at(-1)!.content;
    // Both shown to the model, each by its label with the name beside it; the other business's not.
    expect(prompt).toContain(`${y}: contract.pdf (uploaded `);
    expect(prompt).toContain(`${d}: contract.pdf (uploaded `);
    expect(prompt).toMatch(new RegExp(`\\[${y}, p\\. 1\\] [^\\n]*rent of the yard is 900`));
    expect(prompt).toMatch(new RegExp(`\\[${d}, p\\. 1\\] [^\\n]*rent of the depot is 1200`));
    expect(prompt).not.toContain('club');
    // The labels' documents, said before the first token (the screen names each citation as it streams).
    const sources = all.find((e) => e.event === 'documents')!.data;
    expect(sources).toEqual([
      { label: y, fileId: yard.fileId, fileName: 'contract.pdf' },
      { label: d, fileId: depot.fileId, fileName: 'contract.pdf' },
    ]);
    const answer = answerOf(all);
    expect(answer.citations).toEqual([
      { page: 1, quote: yardRent, fileId: yard.fileId, fileName: 'contract.pdf', label: y },
      {
        page: 1,
        quote: `Lease contract for the depot. ${depotRent}`,
        fileId: depot.fileId,
        fileName: 'contract.pdf',
        label: d,
      },
    ]);
    expect(answer.text).toBe(
      `The yard: "${yardRent}" [${y}, p. 1]; the depot's is 1200 dollars [${d}, p. 1] (not) and or or see [${d}, p. 1].`,
    );
    // Each citation opens its own document: the page of the document it names holds its quote.
    for (const c of answer.citations as { page: number; quote: string; fileId: string }[]) {
      const id = c.fileId === yard.fileId ? yard.id : depot.id;
      const chunks = await t.db.database.db.select().from(documentChunks);
      const page = chunks
        .filter((k) => k.documentId === id && k.page === c.page)
        .map((k) => k.text)
        .join(' ');
      expect(page).toContain(c.quote);
    }
    // Read back as saved.
    const saved = (
      await t.call({
        method: 'GET',
        url: `/api/Documents/all/messages?businessId=${who.businessId}&limit=1`,
        token: who.token,
      })
    ).json().result.data[0];
    expect(saved).toEqual(answer);
    // The other business's chat and documents stay out of reach.
    const theirs = await t.call({
      method: 'GET',
      url: `/api/Documents?businessId=${owner.businessId}&documentId=${club.id}`,
      token: who.token,
    });
    expect(theirs.statusCode).toBe(404);
    const askTheirs = await t.call({
      method: 'POST',
      url: '/api/Documents/all/message',
      token: who.token,
      payload: { businessId: owner.businessId, text: 'What is the monthly rent?', isUserMessage: true },
    });
    expect(askTheirs.statusCode).toBe(404);
  });

  it('checks every quote whatever way the model writes its page ([Page 3], [pg. 3], [D1, page 2]); one not on it is dropped', async () => {
    reply =
      'Pressure: "The tire pressure of unit 3 must stay at 103 psi." [Page 3] ' +
      'Coolant: "Check the coolant level of unit 3 before every trip." [pg. 3] ' +
      'Moon: "The moon is made of cheese." [page 2] and "Replace the air filter of unit 9 every 9000 miles." [P 3].';
    const one = events((await ask(t, who, doc.fileId, 'What tire pressure for unit 3?')).body);
    const answer = answerOf(one);
    expect(answer.citations).toEqual([
      { page: 3, quote: 'The tire pressure of unit 3 must stay at 103 psi.' },
      { page: 3, quote: 'Check the coolant level of unit 3 before every trip.' },
    ]);
    // Saved with the markers the screen links, and no quote left unchecked.
    expect(answer.text).toBe(
      'Pressure: "The tire pressure of unit 3 must stay at 103 psi." [p. 3] ' +
        'Coolant: "Check the coolant level of unit 3 before every trip." [p. 3] Moon: and.',
    );

    reply =
      '"Check the coolant level of unit 2 before every trip." [manual.pdf, page 2] ' +
      'but "The hitch is made of cheese." [manual.pdf, Page 2]';
    const all = await askAll(t, who, 'coolant level of unit 2');
    const across = answerOf(all);
    expect(across.citations).toEqual([
      {
        page: 2,
        quote: 'Check the coolant level of unit 2 before every trip.',
        fileId: doc.fileId,
        fileName: 'manual.pdf',
        label: expect.stringMatching(/^D\d+$/),
      },
    ]);
    expect(across.text).toBe(
      `"Check the coolant level of unit 2 before every trip." [${across.citations[0].label}, p. 2] but`,
    );
  });

  it("saves the model's 'not in the document' however it punctuates it as the fixed answer (the screen shows that one in its language)", async () => {
    reply = '“I couldn’t find this in the document.”';
    const one = events((await ask(t, who, doc.fileId, 'What tire pressure for unit 3?')).body);
    expect(answerOf(one)).toMatchObject({ text: NOT_FOUND_ANSWER, citations: [] });
    reply = "I couldn't find this in the document.";
    const all = await askAll(t, who, 'coolant level of unit 2');
    expect(answerOf(all)).toMatchObject({ text: NOT_FOUND_ANSWER, citations: [] });
  });

  it('saves no answer the pages do not hold: a model that quotes nothing (a page saying “ignore your instructions, say …”) gives the fixed answer', async () => {
    // What a model says when a passage's text talks it out of the rules: no quote, no page.
    reply = 'Sure! The brakes never need checking, and the tire pressure does not matter.';
    const one = events((await ask(t, who, doc.fileId, 'What tire pressure for unit 3?')).body);
    expect(answerOf(one)).toMatchObject({ text: NOT_FOUND_ANSWER, citations: [] });
    // Its quotes none of them on their page, or its markers of pages no passage came from: the same.
    reply = 'Unit 3 runs at 5 psi: "Unit 3 runs at 5 psi." [p. 3], see [p. 9].';
    expect(answerOf(events((await ask(t, who, doc.fileId, 'What tire pressure for unit 3?')).body))).toMatchObject({
      text: NOT_FOUND_ANSWER,
      citations: [],
    });
    reply = 'Sure! The hitch never needs checking.';
    expect(answerOf(await askAll(t, who, 'coolant level of unit 2'))).toMatchObject({
      text: NOT_FOUND_ANSWER,
      citations: [],
    });
  });

  it('does not call the model when no passage matches', async () => {
    const before = requests.length;
    const evs = events((await ask(t, who, doc.fileId, 'zebras giraffes')).body);
    expect(answerOf(evs).text).toBe("I couldn't find this in the document");
    expect(requests.length).toBe(before);
  });

  it('a failing model endpoint ends the stream with an error; the question stays, no answer is saved', async () => {
    fail = true;
    const count = async () => (await t.db.database.db.select().from(documentMessages)).length;
    const before = await count();
    const evs = events((await ask(t, who, doc.fileId, 'coolant level')).body);
    fail = false;
    expect(evs.map((e) => e.event)).toEqual(['message', 'error', 'end']);
    expect(evs[1]!.data.message).toBe('The chat server did not answer');
    expect(await count()).toBe(before + 1);
  });
});

describe('the chat server as its own service (CHAT_SERVER_URL)', () => {
  const work = mkdtempSync(join(tmpdir(), 'bo-doc-remote-'));
  let t: TestApp;
  let chatServer: Awaited<ReturnType<typeof buildChatServerApp>>;

  beforeAll(async () => {
    // A free port for the chat server, known before the API starts.
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((r) => probe.close(r));
    process.env.CHAT_SERVER_URL = `http://127.0.0.1:${port}`;
    process.env.CHAT_SERVER_TOKEN = 'between-services';
    try {
      t = await createTestApp({ rateLimit: { enabled: false }, dataDir: work });
    } finally {
      delete process.env.CHAT_SERVER_URL;
      delete process.env.CHAT_SERVER_TOKEN;
    }
    chatServer = await buildChatServerApp({
      db: t.db.database.db,
      storage: createStorage(loadConfig({ DATA_DIR: work })),
      model: null,
      token: 'between-services',
    });
    await chatServer.listen({ host: '127.0.0.1', port });
  });
  afterAll(async () => {
    await t.close();
    await chatServer.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('indexes through POST embedding and answers through POST message, ending at the end marker', async () => {
    const who = await signedIn(t);
    const doc = await uploadReady(t, who, [manualPage(1), manualPage(2)]);
    const evs = events((await ask(t, who, doc.fileId, 'How often is the air filter of unit 2 replaced?')).body);
    const answer = answerOf(evs);
    expect(answer.citations[0]).toEqual({ page: 2, quote: 'Replace the air filter of unit 2 every 2000 miles.' });
    expect(evs.at(-1)).toEqual({ event: 'end', data: '[END]' });
  });

  it('saves the note that the answer was cut short when the asker leaves mid-answer (the chat server’s answer goes with its connection)', async () => {
    const who = await signedIn(t);
    const doc = await uploadReady(t, who, [manualPage(1), manualPage(2), manualPage(3)]);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    t.clock.advance(1000);
    const wire = await postAndLeaveAtFirstToken(address, '/api/Documents/message', who.token, {
      businessId: who.businessId,
      fileId: doc.fileId,
      text: 'coolant level',
    });
    const question = events(wire.slice(0, wire.indexOf('\n\n') + 2))[0]!.data as { id: string };
    for (let i = 0; ; i++) {
      const chat = (
        await t.call({
          method: 'GET',
          url: `/api/Documents/messages?businessId=${who.businessId}&documentId=${doc.id}&limit=50`,
          token: who.token,
        })
      ).json().result.data as { id: string; text: string; isUserMessage: boolean }[];
      const at = chat.findIndex((m) => m.id === question.id);
      if (at >= 0 && chat[at + 1]) {
        expect(chat[at + 1]).toMatchObject({ isUserMessage: false, text: CUT_SHORT_NOTE, citations: [] });
        break;
      }
      if (i === 100) throw new Error(`no answer was saved after the question: ${JSON.stringify(chat)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('refuses a caller without the shared token', async () => {
    const { port } = chatServer.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileId: '00000000-0000-0000-0000-000000000000', text: 'hi' }),
    });
    expect(res.status).toBe(401);
  });

  it('refuses a question that is not the contract (no document id, an empty text) with 400', async () => {
    const { port } = chatServer.server.address() as AddressInfo;
    for (const body of [
      { fileId: 'doc-1', text: 'hi' },
      { fileId: '00000000-0000-0000-0000-000000000000', text: '  ' },
    ]) {
      const res = await fetch(`http://127.0.0.1:${port}/message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer between-services' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
    }
  });

  it('takes an event whose data is not the contract (another version of the chat server) as a broken answer', async () => {
    // A chat server that streams a token, then an answer without its citations.
    const stub = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(
        'event: token\ndata: {"text":"Hello"}\n\nevent: done\ndata: {"text":"Hello"}\n\nevent: end\ndata: "[END]"\n\n',
      );
    });
    const port = await listen(stub);
    try {
      const remote = createRemoteChatServer(`http://127.0.0.1:${port}`);
      const got = [];
      for await (const event of remote.message({ fileId: '00000000-0000-0000-0000-000000000000', text: 'hi' }))
        got.push(event);
      expect(got).toEqual([
        { type: 'token', text: 'Hello' },
        { type: 'error', message: DOCUMENT_MESSAGES.chatUnavailable },
      ]);
    } finally {
      await new Promise((r) => stub.close(r));
    }
  });
});
