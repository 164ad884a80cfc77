// @vitest-environment node
/**
 * The chat's names stay on one line (src/domain/chat/rules.ts, the schemas the server and the
 * settings forms share): a visitor's name, which the public start call takes from anyone and the
 * owners' bell and push repeat ("{visitor} is waiting for a person"), the bot's name (the widget's
 * header) and a filter question's choices (buttons). Each took a line break: "Emma\nYour plan has
 * expired…" reached the bell as written. A question and an answer may still hold line breaks.
 */
import { describe, expect, it } from 'vitest';
import { chatbotSchema, filterQuestionSchema, visitorStartSchema } from '../../src/domain/chat/rules';
import { fieldErrors } from '../../src/domain/schemas/common';
import { FIELD_MESSAGES } from '../../src/domain/field-messages';

const DOMAIN = '1060d329-f146-4a45-ba3a-8bb3a5d2c5c0';
const UPDATED = '2026-12-01T21:41:52.718Z';
const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
const ONE_LINE = FIELD_MESSAGES.lineBreakNotAllowed;

describe('chat names on one line', () => {
  it("refuses a line break in a visitor's name, and takes a plain one", () => {
    for (const name of ['Emma\nYour plan has expired', 'Emma\r\nWright', 'Emma\u2028Wright'])
      expect(errorsOf(visitorStartSchema.safeParse({ name }))).toEqual({ name: ONE_LINE });
    expect(visitorStartSchema.safeParse({ name: ' Emma Wright\n' }).data?.name).toBe('Emma Wright');
  });

  it("refuses a line break in the bot's name", () => {
    const bot = (name: string) => chatbotSchema.safeParse({ domainId: DOMAIN, name, greeting: '', updatedAt: UPDATED });
    expect(errorsOf(bot('Blue\nNote'))).toEqual({ name: ONE_LINE });
    expect(bot('Blue').success).toBe(true);
  });

  it("refuses a line break in a filter question's choice, not in the question", () => {
    const question = (choices: string[]) =>
      filterQuestionSchema.safeParse({ domainId: DOMAIN, question: 'Which night?\nPick one', choices });
    expect(errorsOf(question(['Friday\nlate', 'Saturday']))).toEqual({ 'choices.0': ONE_LINE });
    expect(question(['Friday', 'Saturday']).success).toBe(true);
  });
});
