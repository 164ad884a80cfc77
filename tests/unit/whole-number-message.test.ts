// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { campaignSchema } from '../../src/domain/campaigns/rules';
import { botParametersSchema } from '../../src/domain/chat/rules';
import { ticketTypeSchema } from '../../src/domain/events/events';
import { fieldSchema } from '../../src/domain/forms/definition';
import { DEFAULT_INVOICE_SETTINGS, invoiceSettingsSchema } from '../../src/domain/invoices/invoices';
import { MESSAGES } from '../../src/domain/messages';
import { fieldErrors } from '../../src/domain/schemas/common';
import { checkValues } from '../../src/ui/forms/schema-rules';
import { readNumber } from '../../src/ui/forms/number-text';

/** What the server answers for a body (it parses with the same schema and sends fieldErrors). */
const serverSays = (schema: z.ZodMiniType, body: unknown, path: string) => {
  const parsed = schema.safeParse(body);
  return parsed.success ? undefined : fieldErrors(parsed.error)[path];
};
/** What the form shows under the field. */
const formSays = (schema: z.ZodMiniType, values: unknown, path: string) => {
  const checked = checkValues({ schema }, values);
  return checked.ok ? undefined : checked.errors[path];
};

const campaign = {
  name: 'Fall',
  senderId: 's',
  templateId: 't',
  subject: 'Hi',
  segment: { match: 'all', conditions: [] },
  hourlyCap: null,
};
const bot = {
  domainId: '8f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  tone: 'friendly',
  answerLength: 'short',
  temperature: 0.5,
  handover: 'onRequest',
  capPerSession: 20,
  capPerDay: 100,
  capPerIp: 200,
};

describe('text typed in a whole-number field asks for a whole number, on the server and in the form', () => {
  it.each([
    ['the campaign hourly limit', campaignSchema, campaign, 'hourlyCap'],
    ['the campaign test share', campaignSchema, campaign, 'abPercent'],
    ['the chatbot messages per conversation', botParametersSchema, bot, 'capPerSession'],
    ['the chatbot messages per visitor a day', botParametersSchema, bot, 'capPerDay'],
  ] as const)('%s', (_, schema, valid, path) => {
    for (const typed of ['abc', '1,5', 'twelve']) {
      const values = { ...valid, [path]: readNumber(typed) };
      expect(formSays(schema, values, path)).toBe(MESSAGES.wholeNumberInvalid);
      expect(serverSays(schema, values, path)).toBe(MESSAGES.wholeNumberInvalid);
    }
  });

  it('never suggests a decimal to a whole-number field, and says it in Spanish too', async () => {
    expect(MESSAGES.wholeNumberInvalid).toBe('Enter a whole number, such as 12');
    const es = (await import('../../public/locales/es/translation.json')).default as Record<string, unknown>;
    expect(JSON.stringify(es)).toContain('"wholeNumberInvalid":"Escribe un número entero, como 12"');
  });

  it('a field that takes decimals still says "Enter a number", and the other refusals are unchanged', () => {
    expect(formSays(botParametersSchema, { ...bot, temperature: 'warm' }, 'temperature')).toBe(MESSAGES.numberInvalid);
    expect(formSays(botParametersSchema, { ...bot, capPerSession: null }, 'capPerSession')).toBe(
      MESSAGES.fieldRequired,
    );
    expect(serverSays(botParametersSchema, { ...bot, capPerSession: true }, 'capPerSession')).toBe(
      MESSAGES.mustBeNumber,
    );
    expect(serverSays(botParametersSchema, { ...bot, capPerSession: 2.5 }, 'capPerSession')).toBe(
      MESSAGES.mustBeInteger,
    );
    expect(serverSays(campaignSchema, { ...campaign, hourlyCap: 2.5 }, 'hourlyCap')).toBe(
      serverSays(campaignSchema, { ...campaign, hourlyCap: 0 }, 'hourlyCap'),
    );
  });
});

describe('text typed in a number field: the server answers what the form shows, from the one schema', () => {
  // These answered 'Must be a number' while the form showed "Enter a number" (its own rewrite, now gone).
  const ticket = { name: 'General', price: 10, quantity: 100 };
  const formField = { key: 'guests', type: 'number', label: 'Guests' };
  it.each([
    ['an invoice settings next number', invoiceSettingsSchema, DEFAULT_INVOICE_SETTINGS, 'nextNumber', 'whole'],
    ['an invoice settings due days', invoiceSettingsSchema, DEFAULT_INVOICE_SETTINGS, 'defaultDueDays', 'whole'],
    ['the chatbot temperature', botParametersSchema, bot, 'temperature', 'decimal'],
    ['an event ticket price', ticketTypeSchema, ticket, 'price', 'decimal'],
    ['a form field’s least value', fieldSchema, formField, 'min', 'decimal'],
  ] as const)('%s', (_, schema, valid, path, kind) => {
    const expected = kind === 'whole' ? MESSAGES.wholeNumberInvalid : MESSAGES.numberInvalid;
    for (const typed of ['abc', '1,5']) {
      const values = { ...valid, [path]: readNumber(typed) };
      expect(serverSays(schema, values, path), typed).toBe(expected);
      expect(formSays(schema, values, path), typed).toBe(expected);
    }
    // What no one types (true) is still not a number.
    expect(serverSays(schema, { ...valid, [path]: true }, path)).toBe(MESSAGES.mustBeNumber);
  });
});
