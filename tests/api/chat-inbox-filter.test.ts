/**
 * The conversations inbox filtered by a filter question's answer (the product brief, section 1:
 * "filters by state and by filter-question answers"): only the conversations whose visitor gave
 * that answer, combined with the state filter; another business's domain answers 404 as for
 * every inbox call, and a filter that is too long is refused like the form would. And which
 * conversations the inbox lists at all: a chat whose visitor opened the widget and sent nothing
 * was listed among the real ones; it shows once the visitor writes or asks for a person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact } from '../../src/domain/chat/wire';
import { formatMessage } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';

const CRM = '/api/crmmanagement';
let t: TestApp;
let owner = '';
let other = '';
let domain = '';
let topic = '';
const ids: Record<string, string> = {};

const contacts = async (query: Record<string, string>, token = owner) => {
  const res = await t.call({
    method: 'GET',
    url: `${CRM}/chats/contacts?${new URLSearchParams({ domainId: domain, ...query })}`,
    token,
  });
  return res;
};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  other = (await t.login('user@demo.test')).access;
  const added = await t.call({
    method: 'POST',
    url: `${CRM}/domains/add`,
    token: owner,
    payload: { name: `filter-${Date.now().toString(36)}.example.com` },
  });
  domain = added.json().result.id;
  const q = await t.call({
    method: 'POST',
    url: `${CRM}/filter-questions/add`,
    token: owner,
    payload: {
      domainId: domain,
      question: 'What is it about?',
      choices: ['Booking', 'Billing'],
      toPerson: ['Billing'],
    },
  });
  topic = q.json().result.id;
  for (const [name, answer] of [
    ['Ann', 'Booking'],
    ['Ben', 'Billing'],
    ['Cid', 'Booking'],
    ['Dee', ''],
  ] as const) {
    const res = await t.call({
      method: 'POST',
      url: `/api/chat/public/${domain}/conversations`,
      payload: { name, answers: answer ? [{ questionId: topic, answer }] : [] },
    });
    ids[name] = res.json().result.conversationId;
    await say(res.json().result, `Hello, this is ${name}`);
  }
});
afterAll(() => t.close());

type Started = { conversationId: string; visitorToken: string };
async function say(c: Started, text: string) {
  const res = await t.call({
    method: 'POST',
    url: `/api/chat/public/conversations/${c.conversationId}/messages`,
    headers: { 'x-visitor-token': c.visitorToken },
    payload: { text },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('the inbox by a filter answer', () => {
  it('lists only the conversations with that answer, with the state filter too', async () => {
    const booking = await contacts({ question: 'What is it about?', answer: 'Booking' });
    expect(booking.statusCode, booking.body).toBe(200);
    expect((booking.json().result as Contact[]).map((c) => c.visitorName).sort()).toEqual(['Ann', 'Cid']);
    // "Billing" routed Ben to a person: waiting.
    const billing = (await contacts({ question: 'What is it about?', answer: 'Billing', state: 'waiting' })).json()
      .result as Contact[];
    expect(billing.map((c) => c.id)).toEqual([ids.Ben]);
    const none = (await contacts({ question: 'What is it about?', answer: 'Billing', state: 'bot' })).json()
      .result as Contact[];
    expect(none).toEqual([]);
    // Without both parts there is no answer filter.
    expect(((await contacts({ question: 'What is it about?' })).json().result as Contact[]).length).toBe(4);
  });

  it('refuses a filter longer than an answer can be, and another business', async () => {
    const long = await contacts({ question: 'What is it about?', answer: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.answer).toBe(formatMessage('textTooLong', { max: 200 }));
    expect((await contacts({ question: 'What is it about?', answer: 'Booking' }, other)).statusCode).toBe(404);
  });
});

describe('which conversations the inbox lists', () => {
  const listed = async (query: Record<string, string> = {}) =>
    ((await contacts(query)).json().result as Contact[]).map((c) => c.id);
  const open = async (name: string) => {
    const res = await t.call({ method: 'POST', url: `/api/chat/public/${domain}/conversations`, payload: { name } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as Started;
  };

  it('leaves out a chat whose visitor sent nothing, in every list, until the visitor writes', async () => {
    const empty = await open('Eve');
    const lists: Record<string, string>[] = [{}, { state: 'bot' }, { archived: 'true' }];
    for (const query of lists) expect(await listed(query)).not.toContain(empty.conversationId);
    // Archived, it is still left out of the archive.
    await t.call({
      method: 'POST',
      url: `${CRM}/chats/archive`,
      token: owner,
      payload: { domainId: domain, chatIds: [empty.conversationId] },
    });
    expect(await listed({ archived: 'true' })).not.toContain(empty.conversationId);
    await say(empty, 'Are you open on Sunday?');
    expect(await listed()).toContain(empty.conversationId);
  });

  it('lists a visitor who asked for a person without writing: they are waiting for one', async () => {
    const asked = await open('Fay');
    const person = await t.call({
      method: 'POST',
      url: `/api/chat/public/conversations/${asked.conversationId}/person`,
      headers: { 'x-visitor-token': asked.visitorToken },
      payload: {},
    });
    expect(person.statusCode, person.body).toBe(200);
    expect(await listed({ state: 'waiting' })).toContain(asked.conversationId);
  });
});
