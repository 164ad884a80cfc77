/**
 * What the CRM's shared schemas refuse, as the server answers it (the forms' side of the same
 * rules: tests/unit/crm-field-rules.test.ts):
 * - a line break in a sender's display name (add and change) and in a template's or campaign's
 *   subject: they go into a mail's headers, and the API took them (400 naming the field, nothing kept);
 * - a bot's messages per conversation above its messages per visitor per day (400 on capPerSession).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { createTestApp, type TestApp } from './helpers/app';
import { CAMPAIGN_MJML, template, verifiedSender } from './helpers/campaigns';

const RUN = Date.now().toString(36);
let t: TestApp;
let owner: string;
let sender: string;
let tpl: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  owner = (await t.login('clubowner@demo.test')).access;
  sender = await verifiedSender(t, owner, `lines-${RUN}@gmail.test`);
  tpl = await template(t, owner, `Lines ${RUN}`, 'News', 'Hello');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object) =>
  t.call({ method, url, token: owner, ...(payload ? { payload } : {}) });
const refusal = (res: { statusCode: number; body: string; json(): { errors: Record<string, string> } }) => {
  expect(res.statusCode, res.body).toBe(400);
  return res.json().errors;
};
const INJECTED = 'News\r\nBcc: everyone@example.com';

it("refuses a line break in a sender's display name, on add and on a change", async () => {
  const added = await call('POST', '/api/crmmanagement/senders', {
    displayName: INJECTED,
    address: `injected-${RUN}@gmail.test`,
  });
  expect(refusal(added)).toEqual({ displayName: MESSAGES.lineBreakNotAllowed });
  const changed = await call('PUT', '/api/crmmanagement/senders', { id: sender, displayName: 'Club\nNews' });
  expect(refusal(changed)).toEqual({ displayName: MESSAGES.lineBreakNotAllowed });
  const kept = await call('GET', `/api/crmmanagement/senders/${sender}`);
  expect(kept.json().result.displayName).toBe('Blue Note News');
});

it("refuses a line break in a template's subject, on create and on a save", async () => {
  const body = { name: `Broken ${RUN}`, kind: 'general', subject: INJECTED, mjml: CAMPAIGN_MJML('Hi') };
  expect(refusal(await call('POST', '/api/email-templates', body))).toEqual({
    subject: MESSAGES.lineBreakNotAllowed,
  });
  const saved = await call('PUT', `/api/email-templates/${tpl}`, { ...body, name: `Lines ${RUN}` });
  expect(refusal(saved)).toEqual({ subject: MESSAGES.lineBreakNotAllowed });
});

it("refuses a line break in a campaign's subject and in its A/B subject", async () => {
  const draft = {
    name: `Lines ${RUN}`,
    senderId: sender,
    templateId: tpl,
    subject: INJECTED,
    segment: { match: 'all', conditions: [] },
    hourlyCap: null,
  };
  expect(refusal(await call('POST', '/api/Campaign/campaigns', draft))).toEqual({
    subject: MESSAGES.lineBreakNotAllowed,
  });
  const ab = { ...draft, subject: 'News', subjectB: 'More\nnews', abPercent: 20, abWaitHours: 4 };
  expect(refusal(await call('POST', '/api/Campaign/campaigns', ab))).toEqual({
    subjectB: MESSAGES.lineBreakNotAllowed,
  });
});

/** A new domain's bot and the settings to save for it with the caps given (the rest as the form's defaults). */
async function botWithCaps(prefix: string, caps: { capPerSession: number; capPerDay: number; capPerIp: number }) {
  const added = await call('POST', '/api/crmmanagement/domains/add', { name: `${prefix}-${RUN}.example.com` });
  expect(added.statusCode, added.body).toBe(200);
  const domainId = added.json().result.id as string;
  const parameters = {
    domainId,
    tone: 'friendly',
    answerLength: 'medium',
    temperature: 0.3,
    handover: 'whenUnsure',
    ...caps,
  };
  return { domainId, parameters };
}

it("refuses a bot's cap per conversation above its cap per visitor per day, naming the conversation's field", async () => {
  const { parameters } = await botWithCaps('caps', { capPerSession: 300, capPerDay: 200, capPerIp: 1000 });
  const res = await call('PUT', '/api/crmmanagement/chatbot/parameters', parameters);
  expect(refusal(res)).toEqual({ capPerSession: formatMessage('chatCapSessionAboveDay', { max: '200' }) });
  const same = await call('PUT', '/api/crmmanagement/chatbot/parameters', { ...parameters, capPerSession: 200 });
  expect(same.statusCode, same.body).toBe(200);
  expect(same.json().result).toMatchObject({ capPerSession: 200, capPerDay: 200 });
});

it("refuses a bot's cap per visitor per day above its cap per IP address per day, naming the day's field", async () => {
  const { domainId, parameters } = await botWithCaps('ipcaps', { capPerSession: 50, capPerDay: 2000, capPerIp: 1000 });
  const res = await call('PUT', '/api/crmmanagement/chatbot/parameters', parameters);
  expect(refusal(res)).toEqual({ capPerDay: formatMessage('chatCapDayAboveIp', { max: '1,000' }) });
  const kept = await call('GET', `/api/crmmanagement/chatbot?domainId=${domainId}`);
  expect(kept.json().result).toMatchObject({ capPerDay: 200, capPerIp: 1000 });
  const same = await call('PUT', '/api/crmmanagement/chatbot/parameters', { ...parameters, capPerDay: 1000 });
  expect(same.statusCode, same.body).toBe(200);
  expect(same.json().result).toMatchObject({ capPerDay: 1000, capPerIp: 1000 });
});
