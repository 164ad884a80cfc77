// @vitest-environment node
/**
 * The bot parameters' rule (src/domain/chat/rules.ts), the one the settings form and
 * PUT chatbot/parameters both run: a cleared number field (the form's number field hands null)
 * was coerced to 0 and saved as temperature 0 without a word, and true or [1] read as 1.
 */
import { describe, expect, it } from 'vitest';
import { botParametersSchema } from '../../src/domain/chat/rules';
import { fieldErrors } from '../../src/domain/schemas/common';
import { formatMessage, MESSAGES } from '../../src/domain/messages';

const VALID = {
  domainId: '0759c6d7-e1ba-4938-8144-878aa5587340',
  tone: 'friendly',
  answerLength: 'short',
  temperature: 0.7,
  handover: 'whenUnsure',
  capPerSession: 50,
  capPerDay: 200,
  capPerIp: 1000,
};
const errorsOf = (patch: Record<string, unknown>) => {
  const parsed = botParametersSchema.safeParse({ ...VALID, ...patch });
  return parsed.success ? null : fieldErrors(parsed.error);
};

describe('bot parameters', () => {
  it('takes numbers in range', () => {
    expect(botParametersSchema.parse(VALID)).toMatchObject({ temperature: 0.7, capPerIp: 1000 });
    expect(errorsOf({ temperature: 0, capPerSession: 500, capPerDay: 500 })).toBeNull();
  });

  it('says a cleared number is required instead of saving 0', () => {
    expect(errorsOf({ temperature: null })).toEqual({ temperature: MESSAGES.fieldRequired });
    expect(errorsOf({ temperature: undefined, capPerDay: null })).toEqual({
      temperature: MESSAGES.fieldRequired,
      capPerDay: MESSAGES.fieldRequired,
    });
  });

  it('refuses text, a decimal comma, true and a list as numbers', () => {
    // Typed text asks for a number as the form's field does (decimalNumberType); the rest is not a number.
    for (const temperature of ['0,7', '0.7', 'warm'])
      expect(errorsOf({ temperature }), String(temperature)).toEqual({ temperature: MESSAGES.numberInvalid });
    for (const temperature of ['', true, [1]])
      expect(errorsOf({ temperature }), String(temperature)).toEqual({ temperature: MESSAGES.mustBeNumber });
  });

  it('keeps the range and whole-number messages', () => {
    expect(errorsOf({ temperature: 2.5, capPerSession: 0, capPerIp: 1.5 })).toEqual({
      temperature: formatMessage('tooLarge', { max: 2 }),
      capPerSession: formatMessage('tooSmall', { min: 1 }),
      capPerIp: MESSAGES.mustBeInteger,
    });
  });
});
