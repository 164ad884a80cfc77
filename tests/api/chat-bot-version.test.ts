/**
 * Two tabs on a bot's settings (conversations/{id}/settings, and ADMIN's platform bot): each save
 * names the settings' updatedAt it was made from, and a save made from settings that were saved
 * since answers 409 (botSettingsChangedMeanwhile) and writes nothing. Before, the later save
 * silently undid the earlier one. A first save (the defaults, updatedAt null) races the same way;
 * a save that names no version (an API script) is written as before.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLATFORM_CHAT_ID } from '../../src/domain/chat/support';
import type { BotSettings } from '../../src/domain/chat/wire';
import { MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';

const CRM = '/api/crmmanagement';
let t: TestApp;
let owner: string;
let admin: string;
let domainId: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  admin = (await t.login('admin@demo.test')).access;
  const added = await t.call({
    method: 'POST',
    url: `${CRM}/domains/add`,
    token: owner,
    payload: { name: `version-${Date.now().toString(36)}.example.com` },
  });
  expect(added.statusCode, added.body).toBe(200);
  domainId = added.json().result.id;
});
afterAll(() => t.close());

const put = (url: string, payload: object, token = owner) => t.call({ method: 'PUT', url, token, payload });
const settings = async () =>
  (await t.call({ method: 'GET', url: `${CRM}/chatbot?domainId=${domainId}`, token: owner })).json()
    .result as BotSettings;
const parameters = (capPerSession: number) => ({
  domainId,
  tone: 'friendly',
  answerLength: 'medium',
  temperature: 0.3,
  handover: 'whenUnsure',
  capPerSession,
  capPerDay: 200,
  capPerIp: 1000,
});
const refusedAsStale = (res: { statusCode: number; body: string; json(): { message: string } }) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().message).toBe(MESSAGES.botSettingsChangedMeanwhile);
};

it('refuses the second of two first saves made from the defaults', async () => {
  const fresh = await settings();
  expect(fresh.updatedAt).toBeNull();
  const [a, b] = await Promise.all([
    put(`${CRM}/chatbot/system-prompt`, { domainId, systemPrompt: 'Tab A', updatedAt: null }),
    put(`${CRM}/chatbot/parameters`, { ...parameters(20), updatedAt: null }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  const kept = await settings();
  expect(kept.updatedAt).not.toBeNull();
  // Exactly one of the two was written.
  expect(Number(kept.systemPrompt === 'Tab A') + Number(kept.capPerSession === 20)).toBe(1);
});

it('refuses a save made from settings another tab saved since, keeps what that tab saved', async () => {
  const opened = await settings();
  // Tab A saves the parameters from what it opened.
  const first = await put(`${CRM}/chatbot/parameters`, { ...parameters(30), updatedAt: opened.updatedAt });
  expect(first.statusCode, first.body).toBe(200);
  const saved = first.json().result as BotSettings;
  expect(saved.updatedAt).not.toBe(opened.updatedAt);
  // Tab B, opened at the same moment, saves each form: each is refused, nothing written.
  refusedAsStale(await put(`${CRM}/chatbot/parameters`, { ...parameters(40), updatedAt: opened.updatedAt }));
  refusedAsStale(
    await put(`${CRM}/chatbot/system-prompt`, { domainId, systemPrompt: 'Tab B', updatedAt: opened.updatedAt }),
  );
  refusedAsStale(await put(`${CRM}/chatbot`, { domainId, name: 'Tab B', greeting: '', updatedAt: opened.updatedAt }));
  expect(await settings()).toEqual(saved);
  // From what tab A saved, the next save goes through; so does one naming no version (a script).
  const next = await put(`${CRM}/chatbot/system-prompt`, {
    domainId,
    systemPrompt: 'Tab B',
    updatedAt: saved.updatedAt,
  });
  expect(next.statusCode, next.body).toBe(200);
  expect((await put(`${CRM}/chatbot/system-prompt`, { domainId, systemPrompt: 'Script' })).statusCode).toBe(200);
  expect((await settings()).systemPrompt).toBe('Script');
});

it('refuses a version that is not a date and time', async () => {
  const res = await put(`${CRM}/chatbot/system-prompt`, { domainId, systemPrompt: 'x', updatedAt: 'yesterday' });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual({ updatedAt: MESSAGES.invalidValue });
});

it("guards the platform's bot the same way", async () => {
  const url = '/api/support-chat/bot';
  const opened = (await t.call({ method: 'GET', url, token: admin })).json().result as BotSettings;
  const body = { domainId: PLATFORM_CHAT_ID, name: 'Helper', greeting: '', updatedAt: opened.updatedAt };
  const first = await put(url, body, admin);
  expect(first.statusCode, first.body).toBe(200);
  refusedAsStale(await put(url, { ...body, name: 'Other tab' }, admin));
  expect((await t.call({ method: 'GET', url, token: admin })).json().result.name).toBe('Helper');
});
