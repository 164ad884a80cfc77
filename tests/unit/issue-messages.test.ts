// @vitest-environment node
/**
 * What a request of the wrong shape is told where its schema names no message: the app's
 * catalogue (issueMessage, src/domain/schemas/issue-messages.ts, which the server installs as
 * zod's error map), never zod's English, and so in Spanish on a Spanish screen. A schema's own
 * message still wins.
 */
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import * as z from 'zod/mini';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';
import { formatMessage, matchMessage, MESSAGES } from '../../src/domain/messages';
import { fieldErrors } from '../../src/domain/schemas/common';
import { issueMessage } from '../../src/domain/schemas/issue-messages';
import { translateFieldErrors } from '../../src/providers/i18n/translate-message';

/** A body with no message of its own on any field. */
const body = z.object({
  name: z.string(),
  count: z.number(),
  seats: z.int(),
  active: z.boolean(),
  match: z.enum(['all', 'any']),
  only: z.literal('thumb'),
  tags: z.array(z.string()).check(z.maxLength(2)),
  segment: z.object({ field: z.string() }),
  title: z.string().check(z.maxLength(5)),
  code: z.string().check(z.minLength(3)),
  note: z.string().check(z.minLength(1)),
  email: z.email(),
  day: z.iso.date(),
  size: z.number().check(z.lte(10), z.gte(2)),
  schedule: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('now') }),
    z.object({ mode: z.literal('at'), at: z.string() }),
  ]),
});
const RIGHT = {
  name: 'n',
  count: 1.5,
  seats: 2,
  active: true,
  match: 'all',
  only: 'thumb',
  tags: ['a'],
  segment: { field: 'f' },
  title: 'short',
  code: 'abc',
  note: 'x',
  email: 'a@b.co',
  day: '2030-01-01',
  size: 5,
  schedule: { mode: 'now' },
};
const says = (input: unknown) => {
  const parsed = z.safeParse(body, input, { error: issueMessage });
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('a field of the wrong shape, its schema naming no message', () => {
  it('is told in the catalogue’s words, under its path', () => {
    expect(says(RIGHT)).toEqual({});
    expect(
      says({
        ...RIGHT,
        name: 12345,
        count: 'twelve',
        seats: 'two',
        active: 'yes',
        match: 'some',
        only: 'full',
        tags: { a: 1 },
        segment: [1, 'two'],
        title: 'far too long',
        code: 'ab',
        note: '',
        email: 'not-an-email@',
        day: '2024-13-45',
        size: 11,
        schedule: { mode: 'later' },
      }),
    ).toEqual({
      // Before: 'Invalid input: expected string, received number' and the like.
      name: MESSAGES.mustBeText,
      count: MESSAGES.numberInvalid,
      seats: MESSAGES.wholeNumberInvalid,
      active: MESSAGES.mustBeBoolean,
      match: MESSAGES.optionInvalid,
      only: MESSAGES.invalidValue,
      tags: MESSAGES.invalidValue,
      segment: MESSAGES.invalidValue,
      title: formatMessage('textTooLong', { max: 5 }),
      code: formatMessage('textTooShort', { min: 3 }),
      note: MESSAGES.fieldRequired,
      email: MESSAGES.emailInvalid,
      day: MESSAGES.dateInvalid,
      size: formatMessage('tooLarge', { max: 10 }),
      'schedule.mode': MESSAGES.optionInvalid,
    });
    expect(says({ ...RIGHT, tags: ['a', 'b', 'c'], size: 1, segment: { field: 7 } })).toEqual({
      tags: formatMessage('tooManyItems', { max: 2 }),
      size: formatMessage('tooSmall', { min: 2 }),
      'segment.field': MESSAGES.mustBeText,
    });
  });

  it('left out or null is "This field is required", as an empty form field', () => {
    expect(says({ ...RIGHT, name: undefined, count: null })).toEqual({
      name: MESSAGES.fieldRequired,
      count: MESSAGES.fieldRequired,
    });
    expect(says([1, 2])).toEqual({ _: MESSAGES.invalidValue });
  });

  it('keeps the message a schema or a check names itself', () => {
    const own = z.object({
      name: z.string({ error: MESSAGES.nameRequired }).check(z.maxLength(3, MESSAGES.nameTooLong)),
    });
    const parse = (input: unknown) => fieldErrors(z.safeParse(own, input, { error: issueMessage }).error!);
    expect(parse({ name: 5 })).toEqual({ name: MESSAGES.nameRequired });
    expect(parse({ name: 'long' })).toEqual({ name: MESSAGES.nameTooLong });
  });

  it('reads in Spanish on a Spanish screen: every message is the catalogue’s', async () => {
    const errors = says({ ...RIGHT, name: 1, count: 'x', match: 'x', title: 'far too long', tags: {} });
    for (const text of Object.values(errors)) expect(matchMessage(text), text).not.toBeNull();
    // translateMessage recognises the text by the English catalogue of the global instance.
    await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
    const spanish = i18n.createInstance();
    await spanish.init({ lng: 'es', resources: { es: { translation: es } }, interpolation: { escapeValue: false } });
    expect(translateFieldErrors(spanish.t, errors)).toEqual({
      name: es.messages.mustBeText,
      count: es.messages.numberInvalid,
      match: es.messages.optionInvalid,
      title: es.messages.textTooLong.replace('{{max}}', '5'),
      tags: es.messages.invalidValue,
    });
    expect(Object.values(translateFieldErrors(spanish.t, errors))).not.toContain(MESSAGES.mustBeText);
  });
});
