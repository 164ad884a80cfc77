// @vitest-environment node
/**
 * A list's text filter and its search take at most 200 characters, and say so in characters
 * (src/domain/resources/list-query.ts): "Must be at most 200 characters long", translated as every
 * text field's limit (messages.textTooLong, en + es). Before, they answered the number rule's
 * "Must be at most 200", which reads as a value, not a length.
 */
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/domain/messages';
import { parseListQuery } from '../../src/domain/resources/list-query';
import usersResource from '../../src/resources/users/resource';
import en from '../../public/locales/en/translation.json';
import es from '../../public/locales/es/translation.json';

const long = 'a'.repeat(201);

describe("a list's text filter or search longer than 200 characters", () => {
  it('is refused naming the parameter, in characters', () => {
    const said = formatMessage('textTooLong', { max: 200 });
    expect(said).toBe('Must be at most 200 characters long');
    expect(parseListQuery(usersResource, { email: long, query: long })).toEqual({
      ok: false,
      errors: { email: said, query: said },
    });
    expect(parseListQuery(usersResource, { email: long.slice(1), query: long.slice(1) }).ok).toBe(true);
    // The screen's words for it, in both languages.
    expect(en.messages.textTooLong).toBe('Must be at most {{max}} characters long');
    expect(es.messages.textTooLong).toBe('Debe tener como máximo {{max}} caracteres');
  });
});
