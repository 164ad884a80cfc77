// @vitest-environment node
/**
 * The CRM's shared field rules, as the forms check them (checkValues over the same schemas the
 * server parses with; the server's answers: tests/api/crm-field-rules.test.ts):
 * - a sender's display name and a template's or campaign's subject stay on one line: a CR or LF
 *   went into the mail's header through the API;
 * - a bot's messages per conversation may not be above its messages per visitor per day (a cap
 *   that could never be reached), said on the conversation's field;
 * - a malformed id says "This id is not valid" (idInvalid, en + es), not the vague "Invalid value".
 */
import { expect, it } from 'vitest';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { campaignSchema, previewSchema } from '../../src/domain/campaigns/rules';
import { botParametersSchema, domainQuery } from '../../src/domain/chat/rules';
import { emailTemplateSchema, STARTER_MJML } from '../../src/domain/email-templates/rules';
import { pasteSchema } from '../../src/domain/files/rules';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { validateRecord } from '../../src/domain/resources/field-rules';
import sendersResource from '../../src/resources/senders/resource';
import { checkValues } from '../../src/ui/forms/schema-rules';

const errorsOf = (schema: Parameters<typeof checkValues>[0]['schema'], values: object) => {
  const checked = checkValues({ schema }, values);
  return checked.ok ? {} : checked.errors;
};
/** A record id (a sender, a template, a contact), as the campaign and preview rules ask. */
const ID = '11111111-1111-4111-8111-111111111111';
const BREAKS = ['Big\nnight', 'Big\r\nnight', 'Big\rnight', 'Big\u2028night'];

it.each(BREAKS)("refuses a line break in a sender's display name (%j), on create and on a change", (name) => {
  const sender = { displayName: name, address: 'news@example.com' };
  expect(validateRecord(sendersResource, 'create', sender)).toEqual({
    ok: false,
    errors: { displayName: MESSAGES.lineBreakNotAllowed },
  });
  expect(validateRecord(sendersResource, 'update', { displayName: name })).toEqual({
    ok: false,
    errors: { displayName: MESSAGES.lineBreakNotAllowed },
  });
});

it('keeps a one-line display name, the spaces around it trimmed (a trailing newline is only space)', () => {
  expect(validateRecord(sendersResource, 'update', { displayName: '  Club News\n' })).toEqual({
    ok: true,
    value: { displayName: 'Club News' },
  });
});

it.each(BREAKS)("refuses a line break in a template's subject (%j)", (subject) => {
  const template = { name: 'Spring', kind: 'general', subject, mjml: STARTER_MJML };
  expect(errorsOf(emailTemplateSchema, template)).toEqual({ subject: MESSAGES.lineBreakNotAllowed });
  expect(errorsOf(emailTemplateSchema, { ...template, subject: 'Spring news' })).toEqual({});
});

it.each(BREAKS)("refuses a line break in a campaign's subjects and a preview's (%j)", (subject) => {
  const draft = {
    name: 'Fall',
    senderId: ID,
    templateId: ID,
    subject: 'Big night',
    segment: { match: 'all', conditions: [] },
    hourlyCap: null,
  };
  expect(errorsOf(campaignSchema, draft)).toEqual({});
  expect(errorsOf(campaignSchema, { ...draft, subject })).toEqual({ subject: MESSAGES.lineBreakNotAllowed });
  expect(errorsOf(campaignSchema, { ...draft, subjectB: subject, abPercent: 20, abWaitHours: 4 })).toEqual({
    subjectB: MESSAGES.lineBreakNotAllowed,
  });
  expect(errorsOf(previewSchema, { templateId: ID, contactId: ID, subject })).toEqual({
    subject: MESSAGES.lineBreakNotAllowed,
  });
});

it("refuses a bot's cap per conversation above its cap per visitor per day, on the conversation's field", () => {
  const parameters = {
    domainId: '22222222-2222-4222-8222-222222222222',
    tone: 'friendly',
    answerLength: 'medium',
    temperature: 0.3,
    handover: 'whenUnsure',
    capPerSession: 50,
    capPerDay: 1200,
    capPerIp: 5000,
  };
  expect(errorsOf(botParametersSchema, parameters)).toEqual({});
  expect(errorsOf(botParametersSchema, { ...parameters, capPerSession: 200, capPerDay: 200 })).toEqual({});
  expect(errorsOf(botParametersSchema, { ...parameters, capPerSession: 300, capPerDay: 200 })).toEqual({
    capPerSession: formatMessage('chatCapSessionAboveDay', { max: '200' }),
  });
  expect(errorsOf(botParametersSchema, { ...parameters, capPerSession: 500, capPerDay: 1200 })).toEqual({});
  expect(formatMessage('chatCapSessionAboveDay', { max: (1200).toLocaleString('en-US') })).toBe(
    'Cannot be more than the messages per visitor per day (1,200)',
  );
});

it("refuses a bot's cap per visitor per day above its cap per IP address per day, on the day's field", () => {
  // A visitor writes from one address: the address's daily cap would end the visitor's day first.
  const parameters = {
    domainId: '22222222-2222-4222-8222-222222222222',
    tone: 'friendly',
    answerLength: 'medium',
    temperature: 0.3,
    handover: 'whenUnsure',
    capPerSession: 50,
    capPerDay: 1000,
    capPerIp: 1000,
  };
  expect(errorsOf(botParametersSchema, parameters)).toEqual({});
  expect(errorsOf(botParametersSchema, { ...parameters, capPerDay: 1200 })).toEqual({
    capPerDay: formatMessage('chatCapDayAboveIp', { max: '1,000' }),
  });
  // Both out of order: each field says its own.
  expect(errorsOf(botParametersSchema, { ...parameters, capPerSession: 300, capPerDay: 200, capPerIp: 100 })).toEqual({
    capPerSession: formatMessage('chatCapSessionAboveDay', { max: '200' }),
    capPerDay: formatMessage('chatCapDayAboveIp', { max: '100' }),
  });
  expect(formatMessage('chatCapDayAboveIp', { max: '1,000' })).toBe(
    'Cannot be more than the messages per IP address per day (1,000)',
  );
  expect(es.messages.chatCapDayAboveIp).toBe('No puede superar los mensajes por dirección IP al día ({{max}})');
});

it('says a malformed id is not a valid id, in English and in Spanish', () => {
  expect(errorsOf(domainQuery, { domainId: 'not-a-uuid' })).toEqual({ domainId: MESSAGES.idInvalid });
  expect(errorsOf(pasteSchema, { mode: 'copy', targetId: 'not-a-uuid', items: [{ id: 'nope', version: 1 }] })).toEqual({
    targetId: MESSAGES.idInvalid,
    'items.0.id': MESSAGES.idInvalid,
  });
  expect(MESSAGES.idInvalid).toBe('This id is not valid');
  expect(en.messages.idInvalid).toBe(MESSAGES.idInvalid);
  expect(es.messages.idInvalid).toBe('Este identificador no es válido');
  expect(es.messages.lineBreakNotAllowed).toBe('Escríbelo en una sola línea, sin saltos de línea');
});
