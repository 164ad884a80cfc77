// @vitest-environment node
/**
 * The bot's name and greeting (chatbotSchema, src/domain/chat/rules.ts), the rule the settings
 * form and PUT chatbot both run: a request without the bot's name was answered "Must be text",
 * which reads as if a name had been sent in the wrong shape; left out (or null), it is the form's
 * empty field, "This field is required", as every schema says it (issue-messages.ts).
 */
import { describe, expect, it } from 'vitest';
import { chatbotSchema } from '../../src/domain/chat/rules';
import { fieldErrors } from '../../src/domain/schemas/common';
import { MESSAGES } from '../../src/domain/messages';

const DOMAIN = '0759c6d7-e1ba-4938-8144-878aa5587340';
const errorsOf = (body: Record<string, unknown>) => {
  const parsed = chatbotSchema.safeParse(body);
  return parsed.success ? null : fieldErrors(parsed.error);
};

describe("the bot's name", () => {
  it('left out or null is required, as an empty one is', () => {
    expect(errorsOf({ domainId: DOMAIN, greeting: '' })).toEqual({ name: MESSAGES.fieldRequired });
    expect(errorsOf({ domainId: DOMAIN, name: null, greeting: '' })).toEqual({ name: MESSAGES.fieldRequired });
    expect(errorsOf({ domainId: DOMAIN, name: '  ', greeting: '' })).toEqual({ name: MESSAGES.fieldRequired });
  });

  it('in the wrong shape is still "Must be text"', () => {
    expect(errorsOf({ domainId: DOMAIN, name: 42, greeting: '' })).toEqual({ name: MESSAGES.mustBeText });
    expect(errorsOf({ domainId: DOMAIN, name: 'Blue Bot', greeting: '' })).toBeNull();
  });
});
