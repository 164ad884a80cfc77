// @vitest-environment node
/**
 * The bot's name and greeting (chatbotSchema, src/domain/chat/rules.ts), the rule the settings
 * form and PUT chatbot both run. The name may be left out, null or blank: no name set, which each
 * visitor's widget words as the default name in their language (it was required, and a new
 * domain's bot was stored as the English "Assistant"). Text of another shape is "Must be text".
 */
import { describe, expect, it } from 'vitest';
import { chatbotSchema } from '../../src/domain/chat/rules';
import { fieldErrors } from '../../src/domain/schemas/common';
import { formatMessage, MESSAGES } from '../../src/domain/messages';

const DOMAIN = '0759c6d7-e1ba-4938-8144-878aa5587340';
const errorsOf = (body: Record<string, unknown>) => {
  const parsed = chatbotSchema.safeParse(body);
  return parsed.success ? null : fieldErrors(parsed.error);
};

describe("the bot's name", () => {
  it('left out, null or blank is no name set (each visitor reads the default in their language)', () => {
    for (const name of [undefined, null, '', '  ']) {
      const parsed = chatbotSchema.safeParse({ domainId: DOMAIN, name, greeting: '' });
      expect(parsed.success && parsed.data.name, String(name)).toBe('');
    }
  });

  it('in the wrong shape is still "Must be text"', () => {
    expect(errorsOf({ domainId: DOMAIN, name: 42, greeting: '' })).toEqual({ name: MESSAGES.mustBeText });
    expect(errorsOf({ domainId: DOMAIN, name: 'Blue Bot', greeting: '' })).toBeNull();
  });

  it('over 60 characters is refused with the limit, as the form says it', () => {
    expect(errorsOf({ domainId: DOMAIN, name: 'B'.repeat(61), greeting: '' })).toEqual({
      name: formatMessage('textTooLong', { max: 60 }),
    });
    expect(errorsOf({ domainId: DOMAIN, name: 'B'.repeat(60), greeting: '' })).toBeNull();
  });
});
