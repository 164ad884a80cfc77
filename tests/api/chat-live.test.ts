/**
 * The live chat's live path (docs/live-chat.md, "The widget's live connection"): the widget's
 * server-sent-events stream (the visitor's token and origin checked before anything streams;
 * what came after the last number and the state first, then changes live), the reconnect replay
 * (drop the connection, 50 messages and a state change, reconnect: all 50 exactly once and the
 * state, within 2 s), typing both ways (a visitor's to the business's inbox connections only; a
 * member's to the visitor's stream), and the bell and web push of a conversation that starts
 * waiting for a person. On PostgreSQL (TEST_DATABASE_URL) the replay runs again with two server
 * processes sharing the database: writes on one, the widget's stream on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { notifications, users } from '../../server/db/schema';
import { STREAMS_PER_CONVERSATION, visitorStreams } from '../../server/modules/chat/visitor-streams';
import { pushServiceOf } from '../../server/modules/notifications/push-service';
import { DEMO_PASSWORD } from '../../server/seed/demo-accounts';
import type { MessagesAfter } from '../../src/domain/chat/wire';
import { MESSAGES } from '../../src/domain/messages';
import { copyTemplate, type TestDatabase } from './helpers/database';
import { openEventStream, type StreamEvent } from './helpers/event-stream';
import { FakeSender, PUSH_KEYS } from './helpers/push';
import { serveProcess } from './helpers/process';
import { baseUrl, handshaken, RS, type RawClient } from './hub/clients';

const CRM = '/api/crmmanagement';
const WHO = ['clubowner', 'user', 'venueemployee'] as const;
type Who = (typeof WHO)[number];

let db: TestDatabase;
let app: FastifyInstance;
const cleanup: (() => Promise<unknown>)[] = [];
const tokens = {} as Record<Who, string>;
const userIds = {} as Record<Who, string>;
const hubs = {} as Record<'clubowner' | 'user', RawClient>;
let domain = '';
let pinger: ReturnType<typeof setInterval>;

const call = (options: InjectOptions & { who?: Who }, on = app) =>
  on.inject({
    ...options,
    headers: { ...options.headers, ...(options.who ? { authorization: `Bearer ${tokens[options.who]}` } : {}) },
  });
const room = (id: string) => `${CRM}/chats/${domain}/chatroom/${id}`;
const reply = (id: string, text: string, on = app) =>
  call({ method: 'POST', url: `${room(id)}/messages`, payload: { text }, who: 'clubowner' }, on);

async function start(name = 'Vera') {
  const res = await call({ method: 'POST', url: `/api/chat/public/${domain}/conversations`, payload: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { conversationId: string; visitorToken: string };
}
const live = (on: FastifyInstance, c: { conversationId: string; visitorToken: string }, after = 0, headers = {}) =>
  openEventStream(`${baseUrl(on)}/api/chat/public/conversations/${c.conversationId}/live?after=${after}`, {
    'x-visitor-token': c.visitorToken,
    ...headers,
  });

const batches = (events: StreamEvent[]) =>
  events.filter((e) => e.event === 'messages').map((e) => e.data as MessagesAfter);
const seqsOf = (events: StreamEvent[]) => batches(events).flatMap((b) => b.messages.map((m) => m.seq));
const lastState = (events: StreamEvent[]) => batches(events).at(-1)?.state;

beforeAll(async () => {
  db = await copyTemplate();
  const base = loadConfig({ LOG_LEVEL: 'silent', CLIENT_DIR: '/nonexistent-client-dir' });
  // On PostgreSQL the hub uses LISTEN/NOTIFY (it needs the URL for its listening connection).
  const databaseUrl = db.database.kind === 'postgres' ? db.location : null;
  app = await buildApp(
    { ...base, databaseUrl, rateLimit: { ...base.rateLimit, enabled: false } },
    { database: db.database, logger: false },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  for (const who of WHO) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: `${who}@demo.test`, password: DEMO_PASSWORD },
    });
    tokens[who] = String(res.headers.authorization).replace(/^Bearer /, '');
    userIds[who] = res.json().result.id;
  }
  for (const who of ['clubowner', 'user'] as const) hubs[who] = await handshaken(baseUrl(app), tokens[who]);
  pinger = setInterval(() => Object.values(hubs).forEach((h) => h.ws.send(`{"type":6}${RS}`)), 5000);
  const added = await call({
    method: 'POST',
    url: `${CRM}/domains/add`,
    payload: { name: `live-${Date.now().toString(36)}.example.com` },
    who: 'clubowner',
  });
  domain = added.json().result.id;
  await call({
    method: 'PUT',
    url: `${CRM}/chatbot`,
    payload: { domainId: domain, name: 'Blue Bot', greeting: 'Hi!' },
    who: 'clubowner',
  });
  await call({
    method: 'POST',
    url: `${CRM}/helpdesk/add`,
    payload: { domainId: domain, question: 'Do you have parking?', answer: 'Yes, behind the club.' },
    who: 'clubowner',
  });
});
afterAll(async () => {
  clearInterval(pinger);
  for (const h of Object.values(hubs)) h?.ws.close();
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  await app?.close();
  await db?.dispose();
});

describe("the widget's live connection", () => {
  it('refuses another visitor, no token and another site before streaming; answers the replay and the state first', async () => {
    const c = await start();
    const stranger = await start('Other');
    expect((await live(app, { ...c, visitorToken: stranger.visitorToken })).status).toBe(404);
    expect((await live(app, { ...c, visitorToken: '' })).status).toBe(404);
    const evil = await live(app, c, 0, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body).message).toBe(MESSAGES.chatOriginRefused);
    const bad = await live(app, c, -1);
    expect(bad.status).toBe(400);

    // The widget's own site may open it, and is told so in CORS.
    const stream = await live(app, c, 0, { origin: `https://www.${(await domainName()).toLowerCase()}` });
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => seqsOf(e).includes(1));
    expect(batches(stream.events)[0]).toMatchObject({ state: 'bot', messages: [{ seq: 1, text: 'Hi!' }] });
    stream.drop();
  });

  it('holds at most STREAMS_PER_CONVERSATION streams of one conversation: the next answers 429, a closed one frees its place', async () => {
    const c = await start();
    const open = await Promise.all(Array.from({ length: STREAMS_PER_CONVERSATION }, () => live(app, c)));
    expect(open.map((s) => s.status)).toEqual(open.map(() => 200));
    const over = await live(app, c);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body).message).toBe(MESSAGES.tooManyRequests);
    // Another conversation has its own places.
    const other = await live(app, await start('Other'));
    expect(other.status).toBe(200);
    other.drop();
    open[0]!.drop();
    await expect.poll(() => visitorStreams(app).full(c.conversationId), { timeout: 5000 }).toBe(false);
    const again = await live(app, c);
    expect(again.status).toBe(200);
    for (const s of [again, ...open.slice(1)]) s.drop();
  });

  it('pushes the visitor’s, the bot’s and a member’s messages as they are written, each once', async () => {
    const c = await start();
    const stream = await live(app, c, 1);
    await stream.waitFor((e) => lastState(e) === 'bot');
    expect(seqsOf(stream.events)).toEqual([]);
    const said = await call({
      method: 'POST',
      url: `/api/chat/public/conversations/${c.conversationId}/messages`,
      headers: { 'x-visitor-token': c.visitorToken },
      payload: { text: 'is there parking?' },
    });
    expect(said.statusCode, said.body).toBe(201);
    const answered = (said.json().result as MessagesAfter).lastSeq;
    await stream.waitFor((e) => seqsOf(e).includes(answered));
    const replied = await reply(c.conversationId, 'Carla here.');
    expect(replied.statusCode).toBe(201);
    const last = (replied.json().result as MessagesAfter).lastSeq;
    await stream.waitFor((e) => seqsOf(e).includes(last) && lastState(e) === 'human');
    // Every number from 2 on, each once, in order: the visitor's, the bot's, the takeover, the reply.
    expect(seqsOf(stream.events)).toEqual(Array.from({ length: last - 1 }, (_, i) => i + 2));
    const authors = batches(stream.events).flatMap((b) => b.messages.map((m) => m.author));
    expect(authors.slice(0, 2)).toEqual(['visitor', 'bot']);
    expect(authors.slice(-2)).toEqual(['system', 'member']);
    stream.drop();
  });

  it('tells the widget its conversation is gone when the business deletes it', async () => {
    const c = await start();
    const stream = await live(app, c);
    await stream.waitFor((e) => seqsOf(e).includes(1));
    const del = await call({
      method: 'DELETE',
      url: `${CRM}/chats/${domain}?chatIds=${c.conversationId}`,
      who: 'clubowner',
    });
    expect(del.json().result.ids).toEqual([c.conversationId]);
    await stream.ended;
    expect(stream.events.at(-1)?.event).toBe('gone');
  });
});

/** Drop, 50 member messages and a state change on `writer`, reconnect to `reader`: all 50 once and the state within 2 s. */
async function replayAcrossDrop(writer: FastifyInstance, reader: FastifyInstance) {
  const c = await start('Replay Rita');
  const first = await live(reader, c);
  await first.waitFor((e) => seqsOf(e).includes(1));
  // Live from the other process too: the hub's backplane carries the event, the reader re-reads.
  expect((await reply(c.conversationId, 'before the drop', writer)).statusCode).toBe(201);
  await first.waitFor((e) => seqsOf(e).includes(3));
  const held = Math.max(...seqsOf(first.events));
  first.drop();
  await expect.poll(() => visitorStreams(reader).size, { timeout: 5000 }).toBe(0);

  for (let i = 1; i <= 50; i++) expect((await reply(c.conversationId, `missed ${i}`, writer)).statusCode).toBe(201);
  const closed = await call(
    { method: 'PATCH', url: room(c.conversationId), payload: { status: 'closed' }, who: 'clubowner' },
    writer,
  );
  expect(closed.statusCode).toBe(200);

  const reconnected = performance.now();
  const again = await live(reader, c, held);
  await again.waitFor((e) => lastState(e) === 'closed' && seqsOf(e).length >= 51, 2000);
  const elapsed = performance.now() - reconnected;
  const messages = batches(again.events).flatMap((b) => b.messages);
  const missed = messages.filter((m) => m.author === 'member').map((m) => m.text);
  expect(missed).toEqual(Array.from({ length: 50 }, (_, i) => `missed ${i + 1}`));
  expect(new Set(messages.map((m) => m.seq)).size).toBe(messages.length);
  expect(messages.map((m) => m.seq)).toEqual(Array.from({ length: 51 }, (_, i) => held + 1 + i));
  expect(messages.at(-1)).toMatchObject({ author: 'system', event: 'closed' });
  expect(elapsed).toBeLessThan(2000);
  again.drop();
  return elapsed;
}

describe('reconnect replay', () => {
  it('replays the 50 messages missed and the state, exactly once, within 2 s', async () => {
    const ms = await replayAcrossDrop(app, app);
    console.info(`chat replay (one process, ${db.database.kind}): 51 events and the state in ${ms.toFixed(0)} ms`);
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'does the same with two server processes on one PostgreSQL: writes on one, the stream on the other',
    async () => {
      const other = await serveProcess(db.location, cleanup, { DATABASE_URL: db.location, RATE_LIMIT: 'false' });
      await other.listen({ port: 0, host: '127.0.0.1' });
      const ms = await replayAcrossDrop(app, other);
      console.info(`chat replay (two processes, postgres): 51 events and the state in ${ms.toFixed(0)} ms`);
    },
    120_000,
  );
});

describe('typing both ways', () => {
  it("shows a visitor's typing to the business's inbox connections only, started and stopped", async () => {
    const c = await start('Tina');
    const typing = (on: unknown, headers: Record<string, string> = { 'x-visitor-token': c.visitorToken }) =>
      call({
        method: 'POST',
        url: `/api/chat/public/conversations/${c.conversationId}/typing`,
        headers,
        payload: { typing: on },
      });
    expect((await typing(true)).statusCode).toBe(200);
    const started = await hubs.clubowner.waitFor((r) => r.target === 'UserStartedTyping');
    expect(started.arguments).toEqual(['Tina', c.conversationId]);
    expect((await typing(false)).statusCode).toBe(200);
    const stopped = await hubs.clubowner.waitFor((r) => r.target === 'UserStoppedTyping');
    expect(stopped.arguments).toEqual([c.conversationId]);

    // Another business's connection heard nothing (a push sent after arrives after anything before).
    await app.ctx.hub.publish({ kind: 'user', userId: userIds.user, target: 'Barrier', args: ['b1'] });
    await hubs.user.waitFor((r) => r.target === 'Barrier');
    expect(hubs.user.records.filter((r) => String((r as { target?: string }).target).includes('Typing'))).toEqual([]);

    const bad = await typing('yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.typing).toBe(MESSAGES.mustBeBoolean);
    expect((await typing(true, { 'x-visitor-token': (await start()).visitorToken })).statusCode).toBe(404);
    expect((await typing(true, { 'x-visitor-token': c.visitorToken, origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
  });

  it("shows a member's typing on the visitor's stream; other businesses and roles are refused", async () => {
    const c = await start();
    const stream = await live(app, c);
    await stream.waitFor((e) => seqsOf(e).includes(1));
    const typing = (on: boolean, who: Who = 'clubowner') =>
      call({ method: 'POST', url: `${room(c.conversationId)}/typing`, payload: { typing: on }, who });
    expect((await typing(true)).statusCode).toBe(200);
    await stream.waitFor((e) => e.some((x) => x.event === 'typing'));
    expect((await typing(false)).statusCode).toBe(200);
    await stream.waitFor((e) => e.filter((x) => x.event === 'typing').length === 2);
    expect(stream.events.filter((x) => x.event === 'typing').map((x) => x.data)).toEqual([
      { name: 'Carla Owner', typing: true },
      { name: 'Carla Owner', typing: false },
    ]);
    expect((await typing(true, 'user')).statusCode).toBe(404);
    expect((await typing(true, 'venueemployee')).statusCode).toBe(403);
    stream.drop();
  });
});

describe('a conversation waiting for a person', () => {
  it("rings the business's bell and sends a web push that opens the conversation", async () => {
    const fake = new FakeSender();
    pushServiceOf(app.ctx)!.sender = fake;
    const keys = PUSH_KEYS;
    for (const who of ['clubowner', 'user'] as const) {
      const res = await call({
        method: 'POST',
        url: '/api/Notification/subscribe-push',
        payload: { endpoint: `https://fcm.googleapis.com/fcm/send/${who}`, keys },
        who,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const c = await start('Walter');
    const person = await call({
      method: 'POST',
      url: `/api/chat/public/conversations/${c.conversationId}/person`,
      headers: { 'x-visitor-token': c.visitorToken },
    });
    expect((person.json().result as MessagesAfter).state).toBe('waiting');
    const bell = await hubs.clubowner.waitFor(
      (r) => r.target === 'ReceiveMessage' && (r.arguments as string[])[0] === 'A visitor is waiting for a person',
    );
    expect(bell).toBeTruthy();
    await pushServiceOf(app.ctx)!.idle();
    expect(fake.sent.map((s) => s.target.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/clubowner']);
    expect(fake.sent[0]!.payload).toMatchObject({
      title: 'A visitor is waiting for a person',
      message: 'Walter asked to talk to a person in the website chat.',
      url: `/conversations?domain=${domain}&open=${c.conversationId}`,
    });
    // Stored for the owner's bell; nothing for another business.
    const rows = await db.database.db
      .select({ userId: notifications.recipientUserId })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.recipientUserId))
      .where(and(eq(notifications.message, 'Walter asked to talk to a person in the website chat.')));
    expect(rows.map((r) => r.userId)).toEqual([userIds.clubowner]);
  });
});

async function domainName() {
  const res = await call({ method: 'GET', url: `${CRM}/chatbot?domainId=${domain}`, who: 'clubowner' });
  return res.json().result.domainName as string;
}
