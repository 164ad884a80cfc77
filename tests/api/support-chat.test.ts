/**
 * The in-app support chat (docs/live-chat.md, "The in-app support chat"): ADMIN keeps the
 * platform's bot and helpdesk; a user with a business starts a chat and the platform's bot
 * answers from that helpdesk, cited; IT takes over, replies and hands back; the user and IT turn
 * a chat into a support ticket with its transcript (through the support desk). Refusals: ADMIN
 * and VENUEEMPLOYEE get no support chat, another business's user cannot read or write one, a
 * non-IT caller cannot answer from the desk, a website visitor's routes never reach one, a
 * 10,000-character message is refused and markup is kept as typed text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { chatConversations, supportTickets, users } from '../../server/db/schema';
import { MESSAGES, formatMessage } from '../../src/domain/messages';
import { CHAT_LIMITS } from '../../src/domain/chat/rules';
import { PLATFORM_CHAT_ID } from '../../src/domain/chat/support';
import type { ChatMessage, MessagesAfter } from '../../src/domain/chat/wire';
import { pushServiceOf } from '../../server/modules/notifications/push-service';
import { FakeSender, PUSH_KEYS } from './helpers/push';
import { createTestApp, type TestApp } from './helpers/app';

const BASE = '/api/support-chat';
let t: TestApp;
const token: Record<string, string> = {};
const userId: Record<string, string> = {};
let passwordEntry = '';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: string, method: Method, url: string, payload?: object) =>
  t.call({ method, url, token: token[who], ...(payload === undefined ? {} : { payload }) });

async function start(who: string) {
  const res = await call(who, 'POST', `${BASE}/conversations`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { conversationId: string; state: string; botName: string; ticketId: string | null };
}
async function say(who: string, id: string, text: string) {
  const res = await call(who, 'POST', `${BASE}/conversations/${id}/messages`, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().result as MessagesAfter;
}
async function read(who: string, id: string, after = 0) {
  const res = await call(who, 'GET', `${BASE}/conversations/${id}/messages?after=${after}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as MessagesAfter;
}
const lastOf = (a: MessagesAfter): ChatMessage => a.messages.at(-1)!;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  for (const who of ['clubowner', 'user', 'venueemployee', 'trucker', 'admin', 'it']) {
    token[who] = (await t.login(`${who}@demo.test`)).access;
    const [row] = await t.app.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `${who}@demo.test`));
    userId[who] = row!.id;
  }
});
afterAll(() => t.close());

describe("ADMIN keeps the platform's bot and helpdesk", () => {
  it('saves the bot and its parameters, adds, lists (paged) and deletes helpdesk entries', async () => {
    const got = await call('admin', 'GET', `${BASE}/bot`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().result).toMatchObject({ domainId: PLATFORM_CHAT_ID, name: 'Assistant' });

    const put = await call('admin', 'PUT', `${BASE}/bot`, {
      domainId: PLATFORM_CHAT_ID,
      name: 'Platform Helper',
      greeting: 'Hi! Ask the platform anything.',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().result).toMatchObject({ name: 'Platform Helper', greeting: 'Hi! Ask the platform anything.' });

    const params = await call('admin', 'PUT', `${BASE}/bot/parameters`, {
      domainId: PLATFORM_CHAT_ID,
      tone: 'friendly',
      answerLength: 'medium',
      temperature: 0.3,
      handover: 'onRequest',
      capPerSession: 100,
      capPerDay: 1000,
      capPerIp: 1000,
    });
    expect(params.statusCode, params.body).toBe(200);
    expect(params.json().result.handover).toBe('onRequest');

    const entries = [
      ['How do I reset my password?', 'Open Forgot password on the sign-in page and follow the emailed link.'],
      ['How do I change my plan?', 'Go to Settings, then Subscription, and pick another plan.'],
      ['Temporary entry', 'To be deleted.'],
    ];
    const ids: string[] = [];
    for (const [question, answer] of entries) {
      const res = await call('admin', 'POST', `${BASE}/helpdesk/add`, { domainId: PLATFORM_CHAT_ID, question, answer });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().result.id);
    }
    passwordEntry = ids[0]!;
    const list = await call('admin', 'GET', `${BASE}/helpdesk?domainId=${PLATFORM_CHAT_ID}&page=1&perPage=2`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result).toHaveLength(2);
    expect(JSON.parse(list.headers['paging-data'] as string)).toMatchObject({ totalCount: 3 });
    const del = await call('admin', 'DELETE', `${BASE}/helpdesk?questionId=${ids[2]}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await call('admin', 'DELETE', `${BASE}/helpdesk?questionId=${ids[2]}`)).statusCode).toBe(404);
  });

  it('refuses another id than the platform, a bad form, and every role but ADMIN', async () => {
    const other = '11111111-1111-4111-8111-111111111111';
    expect((await call('admin', 'GET', `${BASE}/helpdesk?domainId=${other}`)).statusCode).toBe(404);
    const wrongId = await call('admin', 'POST', `${BASE}/helpdesk/add`, {
      domainId: other,
      question: 'q',
      answer: 'a',
    });
    expect(wrongId.statusCode).toBe(404);
    const blank = await call('admin', 'POST', `${BASE}/helpdesk/add`, {
      domainId: PLATFORM_CHAT_ID,
      question: ' ',
      answer: 'x',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.question).toBe(MESSAGES.fieldRequired);
    for (const who of ['clubowner', 'it', 'user'])
      expect((await call(who, 'GET', `${BASE}/bot`)).statusCode, who).toBe(403);
    const sneaky = await call('clubowner', 'POST', `${BASE}/helpdesk/add`, {
      domainId: PLATFORM_CHAT_ID,
      question: 'How do I reset my password?',
      answer: 'Send it to me.',
    });
    expect(sneaky.statusCode).toBe(403);
  });
});

describe('the user and the platform bot', () => {
  it('starts (and resumes) a chat greeted by the platform bot, which answers from the helpdesk, cited', async () => {
    const chat = await start('clubowner');
    expect(chat).toMatchObject({ botName: 'Platform Helper', state: 'bot', ticketId: null });
    expect((await start('clubowner')).conversationId).toBe(chat.conversationId);
    const first = await read('clubowner', chat.conversationId);
    expect(first.messages[0]).toMatchObject({ seq: 1, author: 'bot', text: 'Hi! Ask the platform anything.' });

    const answer = await say('clubowner', chat.conversationId, 'how can I reset my password');
    expect(answer.messages.map((m) => m.author)).toEqual(['visitor', 'bot']);
    expect(lastOf(answer)).toMatchObject({
      text: 'Open Forgot password on the sign-in page and follow the emailed link.',
      citation: { questionId: passwordEntry, question: 'How do I reset my password?' },
    });
    const unsure = await say('clubowner', chat.conversationId, 'Is the moon made of cheese?');
    expect(lastOf(unsure)).toMatchObject({ author: 'bot', unsure: true, citation: null });
  });

  it('keeps markup as text and refuses a 10,000-character message', async () => {
    const { conversationId } = await start('clubowner');
    const markup = '<img src=x onerror=alert(1)> <b>bold</b>';
    const said = await say('clubowner', conversationId, markup);
    expect(said.messages[0]!.text).toBe(markup);
    const long = await call('clubowner', 'POST', `${BASE}/conversations/${conversationId}/messages`, {
      text: 'x'.repeat(10_000),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.text).toBe(formatMessage('textTooLong', { max: CHAT_LIMITS.messageMax }));
  });

  it('gives ADMIN and VENUEEMPLOYEE no support chat, and hides a chat from everyone but its user and IT', async () => {
    expect((await call('admin', 'POST', `${BASE}/conversations`)).statusCode).toBe(403);
    expect((await call('venueemployee', 'POST', `${BASE}/conversations`)).statusCode).toBe(403);
    const { conversationId: id } = await start('clubowner');
    const before = await read('clubowner', id);
    for (const who of ['user', 'trucker']) {
      expect((await call(who, 'GET', `${BASE}/conversations/${id}/messages`)).statusCode, who).toBe(404);
      const write = await call(who, 'POST', `${BASE}/conversations/${id}/messages`, { text: 'mine now' });
      expect(write.statusCode, who).toBe(404);
      expect((await call(who, 'POST', `${BASE}/conversations/${id}/person`)).statusCode, who).toBe(404);
      expect((await call(who, 'POST', `${BASE}/conversations/${id}/ticket`)).statusCode, who).toBe(404);
    }
    expect((await call('venueemployee', 'GET', `${BASE}/conversations/${id}/messages`)).statusCode).toBe(403);
    expect((await read('clubowner', id)).lastSeq).toBe(before.lastSeq);
    // A website visitor's routes never reach a support chat.
    const visitor = await t.call({ method: 'GET', url: `/api/chat/public/conversations/${id}/messages` });
    expect(visitor.statusCode).toBe(404);
    // Nor can anyone but IT answer from the desk.
    for (const who of ['clubowner', 'user', 'admin']) {
      const res = await call(who, 'POST', `${BASE}/desk/${id}/messages`, { text: 'desk reply' });
      expect(res.statusCode, who).toBe(403);
      expect((await call(who, 'GET', `${BASE}/desk/contacts`)).statusCode, who).toBe(403);
    }
    expect((await read('clubowner', id)).lastSeq).toBe(before.lastSeq);
  });
});

describe("IT's desk", () => {
  it('lists the chat, takes over (the bot stops), replies, hands back', async () => {
    const { conversationId: id } = await start('clubowner');
    const contacts = await call('it', 'GET', `${BASE}/desk/contacts`);
    expect(contacts.statusCode, contacts.body).toBe(200);
    const row = (contacts.json().result as { id: string; visitorName: string; unread: number }[]).find(
      (c) => c.id === id,
    );
    expect(row?.visitorName).toMatch(/Blue Note Club/);
    expect(row!.unread).toBeGreaterThan(0);

    const took = await call('it', 'PATCH', `${BASE}/desk/${id}`, { status: 'human' });
    expect(took.statusCode, took.body).toBe(200);
    expect(took.json().result).toMatchObject({ state: 'human', memberName: 'Ian Tech' });
    const noBot = await say('clubowner', id, 'how do I reset my password');
    expect(noBot.messages.map((m) => m.author)).toEqual(['visitor']);

    const replied = await call('it', 'POST', `${BASE}/desk/${id}/messages`, { text: 'Hi Carla, I can help.' });
    expect(replied.statusCode, replied.body).toBe(201);
    const seen = await read('clubowner', id, noBot.lastSeq);
    expect(seen).toMatchObject({ state: 'human', memberName: 'Ian Tech' });
    expect(lastOf(seen)).toMatchObject({ author: 'member', authorName: 'Ian Tech', text: 'Hi Carla, I can help.' });

    const back = await call('it', 'PATCH', `${BASE}/desk/${id}`, { status: 'bot' });
    expect(back.json().result.state).toBe('bot');
    const botAgain = await say('clubowner', id, 'how do I change my plan');
    expect(lastOf(botAgain)).toMatchObject({ author: 'bot', citation: { question: 'How do I change my plan?' } });

    // A website visitor's conversation is not the desk's.
    expect((await call('it', 'GET', `${BASE}/desk/00000000-0000-4000-8000-000000000000/messages`)).statusCode).toBe(
      404,
    );
  });

  it("answers IT's reply that takes the chat over with the takeover line before it", async () => {
    // The desk's screen keeps nothing below the last number it holds (use-conversation.ts).
    const { conversationId: id } = await start('user');
    const held = await call('it', 'GET', `${BASE}/desk/${id}/messages?after=0`);
    const replied = await call('it', 'POST', `${BASE}/desk/${id}/messages`, { text: 'Hi, Ian from support.' });
    expect(replied.statusCode, replied.body).toBe(201);
    const answer = replied.json().result as MessagesAfter;
    expect(answer.messages[0]!.seq).toBe((held.json().result as MessagesAfter).lastSeq + 1);
    expect(answer.messages.map((m) => m.event ?? m.author)).toEqual(['tookOver', 'member']);
  });

  it('is not in a business inbox: the support chat has no domain', async () => {
    const { conversationId: id } = await start('clubowner');
    const [row] = await t.app.ctx.database.db.select().from(chatConversations).where(eq(chatConversations.id, id));
    expect(row).toMatchObject({ domainId: null, userId: userId.clubowner });
  });
});

describe('a chat becomes a support ticket', () => {
  it('by its user: the transcript is the description, once; the ticket is on their list', async () => {
    const { conversationId: id } = await start('clubowner');
    const made = await call('clubowner', 'POST', `${BASE}/conversations/${id}/ticket`);
    expect(made.statusCode, made.body).toBe(201);
    const { ticketId, number } = made.json().result as { ticketId: string; number: number };
    expect(number).toBeGreaterThan(0);
    const again = await call('clubowner', 'POST', `${BASE}/conversations/${id}/ticket`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.supportChatAlreadyTicket);
    expect((await start('clubowner')).ticketId).toBe(ticketId);

    const ticket = await call('clubowner', 'GET', `/api/Ticket/${ticketId}`);
    expect(ticket.statusCode, ticket.body).toBe(200);
    const detail = ticket.json().result as { subject: string; description: string; opener: { email: string } };
    expect(detail.opener.email).toBe('clubowner@demo.test');
    expect(detail.subject).toBe('Support chat: how can I reset my password');
    expect(detail.description).toContain('Support chat with Carla Owner (Blue Note Club).');
    expect(detail.description).toMatch(
      /\d\d\/\d\d\/\d{4} \d{1,2}:\d\d [AP]M UTC — Carla Owner: how can I reset my password/,
    );
    expect(detail.description).toContain('Ian Tech: Hi Carla, I can help.');
    expect(detail.description).toContain('[from the help desk: How do I reset my password?]');
    const desk = await call('it', 'GET', `/api/Ticket/${ticketId}`);
    expect(desk.statusCode).toBe(200);
  });

  it('once when the user and IT press at the same moment: one ticket, the others told it is one already', async () => {
    const { conversationId: id } = await start('trucker');
    await say('trucker', id, 'Race: my delivery report is empty');
    const presses = await Promise.all([
      call('trucker', 'POST', `${BASE}/conversations/${id}/ticket`),
      call('trucker', 'POST', `${BASE}/conversations/${id}/ticket`),
      call('it', 'POST', `${BASE}/desk/${id}/ticket`),
    ]);
    expect(presses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const made = presses.find((r) => r.statusCode === 201)!.json().result as { ticketId: string };
    const opened = await t.app.ctx.database.db
      .select({ id: supportTickets.id })
      .from(supportTickets)
      .where(and(eq(supportTickets.openedBy, userId.trucker!), like(supportTickets.subject, 'Support chat: Race%')));
    expect(opened.map((r) => r.id)).toEqual([made.ticketId]);
    expect((await start('trucker')).ticketId).toBe(made.ticketId);
  });

  it("by IT, in the user's name; an empty chat and a non-IT caller are refused", async () => {
    const { conversationId: id } = await start('user');
    const empty = await call('it', 'POST', `${BASE}/desk/${id}/ticket`);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(MESSAGES.supportChatEmpty);
    await say('user', id, 'My invoices do not show the logo');
    expect((await call('clubowner', 'POST', `${BASE}/desk/${id}/ticket`)).statusCode).toBe(403);
    const made = await call('it', 'POST', `${BASE}/desk/${id}/ticket`);
    expect(made.statusCode, made.body).toBe(201);
    const mine = await call('user', 'GET', `/api/Ticket/${made.json().result.ticketId}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().result.opener.email).toBe('user@demo.test');
    expect(mine.json().result.description).toContain('My invoices do not show the logo');
  });

  it('a closed chat takes no more messages; the next start is one new chat, also from two tabs at once', async () => {
    const { conversationId: id } = await start('trucker');
    expect((await call('it', 'PATCH', `${BASE}/desk/${id}`, { status: 'closed' })).statusCode).toBe(200);
    const late = await call('trucker', 'POST', `${BASE}/conversations/${id}/messages`, { text: 'hello?' });
    expect(late.statusCode).toBe(409);
    // The next start is a new chat: one, also when two tabs start it at the same moment.
    const [a, b] = await Promise.all([start('trucker'), start('trucker')]);
    expect(a.conversationId).not.toBe(id);
    expect(b.conversationId).toBe(a.conversationId);
    const greetings = await read('trucker', a.conversationId);
    expect(greetings.messages.filter((m) => m.author === 'bot')).toHaveLength(1);
  });
});

describe('a chat waiting for a person', () => {
  it("rings IT's bell and sends IT a web push that opens the chat on the desk; no business account hears of it", async () => {
    const fake = new FakeSender();
    pushServiceOf(t.app.ctx)!.sender = fake;
    const keys = PUSH_KEYS;
    for (const who of ['it', 'clubowner', 'user', 'trucker']) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/support-${who}`;
      const res = await call(who, 'POST', '/api/Notification/subscribe-push', { endpoint, keys });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { conversationId: id } = await start('clubowner');
    const asked = await call('clubowner', 'POST', `${BASE}/conversations/${id}/person`);
    expect((asked.json().result as MessagesAfter).state).toBe('waiting');
    await pushServiceOf(t.app.ctx)!.idle();
    expect(fake.sent.map((s) => s.target.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/support-it']);
    expect(fake.sent[0]!.payload).toMatchObject({
      title: 'A support chat is waiting for a person',
      message: 'Carla Owner (Blue Note Club) asked to talk to a person in the support chat.',
      url: `/support_chat?open=${id}`,
    });
    const bell = async (who: string) => {
      const res = await call(who, 'GET', '/api/Notification/notifications?perPage=100');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().result as { message: string }[]).filter((n) => n.message.includes('in the support chat'));
    };
    expect(await bell('it')).toHaveLength(1);
    // The chat's own business (its owner and its user), another business's account and ADMIN: nothing.
    for (const who of ['clubowner', 'user', 'trucker', 'admin']) expect(await bell(who), who).toEqual([]);

    // Asking again while it waits rings no second time.
    await call('clubowner', 'POST', `${BASE}/conversations/${id}/person`);
    expect(await bell('it')).toHaveLength(1);
    await call('it', 'PATCH', `${BASE}/desk/${id}`, { status: 'closed' });
  });
});

// Last in the file: its asks for a person ring IT's bell, which the test above counts.
describe("a chat's ticket in its owner's language", () => {
  it("writes the ticket's own words in its owner's language (users.language), whoever makes it", async () => {
    const db = t.app.ctx.database.db;
    await db.update(users).set({ language: 'es' }).where(eq(users.id, userId.user!));
    try {
      // A chat of its own: the user's last one may be a ticket already.
      const last = await start('user');
      expect((await call('it', 'PATCH', `${BASE}/desk/${last.conversationId}`, { status: 'closed' })).statusCode).toBe(
        200,
      );
      const { conversationId: id } = await start('user');
      await say('user', id, '¿Cómo cambio mi contraseña?');
      expect((await call('user', 'POST', `${BASE}/conversations/${id}/person`)).statusCode).toBe(200);
      expect((await call('it', 'PATCH', `${BASE}/desk/${id}`, { status: 'human' })).statusCode).toBe(200);
      // Three long messages: the transcript keeps the latest that fit and says how many it left out.
      for (let i = 0; i < 3; i++) await say('user', id, `${i}`.repeat(3000));
      // IT presses, an English reader: the words are still the owner's.
      const made = await call('it', 'POST', `${BASE}/desk/${id}/ticket`);
      expect(made.statusCode, made.body).toBe(201);
      const detail = (await call('user', 'GET', `/api/Ticket/${made.json().result.ticketId}`)).json().result as {
        subject: string;
        description: string;
      };
      expect(detail.subject).toBe('Chat de soporte: ¿Cómo cambio mi contraseña?');
      expect(detail.description).toMatch(
        /^Chat de soporte con .+\.\n\(\d+ mensajes anteriores omitidos; el chat los conserva\.\)\n/,
      );
      expect(detail.description).not.toMatch(/Support chat|left out|Asked for a person|took over/);

      // A short chat keeps every line: the question with its stamp (month first, as every date) and the event lines.
      await call('it', 'PATCH', `${BASE}/desk/${id}`, { status: 'closed' });
      const { conversationId: short } = await start('user');
      await say('user', short, '¿Cómo cambio mi contraseña?');
      await call('user', 'POST', `${BASE}/conversations/${short}/person`);
      await call('it', 'PATCH', `${BASE}/desk/${short}`, { status: 'human' });
      const first = (await read('user', short)).messages.find((m) => m.author === 'visitor')!;
      const f = new Date(first.createdAt);
      const pad = (n: number) => String(n).padStart(2, '0');
      // MM/DD/YYYY h:mm A, as the product brief writes a time (section 9), on the UTC clock.
      const h = f.getUTCHours();
      const stamp = `${pad(f.getUTCMonth() + 1)}/${pad(f.getUTCDate())}/${f.getUTCFullYear()} ${h % 12 || 12}:${pad(f.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'} UTC`;
      const mine = await call('user', 'POST', `${BASE}/conversations/${short}/ticket`);
      expect(mine.statusCode, mine.body).toBe(201);
      const text = (
        (await call('user', 'GET', `/api/Ticket/${mine.json().result.ticketId}`)).json().result as {
          description: string;
        }
      ).description;
      expect(text).toContain(`${stamp} — ${first.authorName}: ¿Cómo cambio mi contraseña?`);
      expect(text).toContain('— Pidió hablar con una persona.');
      expect(text).toContain('— Ian Tech tomó el chat.');
      expect(text).not.toContain('omitido');
    } finally {
      await db.update(users).set({ language: 'en' }).where(eq(users.id, userId.user!));
    }
  });
});
