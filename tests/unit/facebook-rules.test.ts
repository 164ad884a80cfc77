// @vitest-environment node
/**
 * The Facebook connection's pure rules: the OAuth state (signed for one user and business, 15
 * minutes, any changed byte refused), what a Graph answer means (a dead token is "reconnect",
 * anything else Facebook says is its refusal in its words, an answer without either is
 * unreadable) and the create-page form's messages. The routes around them: tests/api/facebook.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createPageSchema, PAGE_PICTURE, pagePictureRefusal, savePageSchema } from '../../src/domain/facebook/rules';
import { sniffContentType } from '../../server/modules/storage';
import { failureOf } from '../../server/modules/facebook/graph-failure';
import { readState, signState, STATE_TTL_MS } from '../../server/modules/facebook/state';

const key = randomBytes(32);
const owner = { userId: 'u-1', businessId: 'b-1' };
const at = 1_800_000_000_000;
const state = signState(key, { ...owner, redirectUri: 'https://app.example/facebook_ads', issuedAt: at });

describe('the OAuth state', () => {
  it('reads back for the user and business it was signed for, within 15 minutes', () => {
    expect(readState(key, state, owner, at + STATE_TTL_MS)).toEqual({
      ok: true,
      claims: { ...owner, redirectUri: 'https://app.example/facebook_ads', issuedAt: at },
    });
  });

  it('is refused for another user or business, under another key, changed, from the future, or late', () => {
    const invalid = { ok: false, reason: 'invalid' };
    expect(readState(key, state, { ...owner, userId: 'u-2' }, at)).toEqual(invalid);
    expect(readState(key, state, { ...owner, businessId: 'b-2' }, at)).toEqual(invalid);
    expect(readState(randomBytes(32), state, owner, at)).toEqual(invalid);
    const [body, mac] = state.split('.') as [string, string];
    const flipped = body.slice(0, 5) + (body[5] === 'A' ? 'B' : 'A') + body.slice(6);
    expect(readState(key, `${flipped}.${mac}`, owner, at)).toEqual(invalid);
    expect(readState(key, `${body}.`, owner, at)).toEqual(invalid);
    expect(readState(key, '', owner, at)).toEqual(invalid);
    expect(readState(key, state, owner, at - 5 * 60_000)).toEqual(invalid);
    expect(readState(key, state, owner, at + STATE_TTL_MS + 1)).toEqual({ ok: false, reason: 'expired' });
  });

  it('differs each time, even for the same owner in the same millisecond', () => {
    expect(signState(key, { ...owner, redirectUri: 'r', issuedAt: at })).not.toBe(
      signState(key, { ...owner, redirectUri: 'r', issuedAt: at }),
    );
  });
});

describe('what a Graph answer means', () => {
  const error = (code: number, message = 'x') => ({ error: { message, type: 'OAuthException', code } });

  it('a good answer is no failure', () => {
    expect(failureOf(200, { id: '1' })).toBeNull();
  });

  it('a dead token (190, or an old session 102) asks to reconnect', () => {
    expect(failureOf(400, error(190, 'Error validating access token'))).toEqual({ kind: 'reconnect' });
    expect(failureOf(400, error(102))).toEqual({ kind: 'reconnect' });
  });

  it('anything else Facebook says is its refusal, in its words (spaces tidied, a long one cut)', () => {
    expect(failureOf(403, error(10, 'Application  does not\nhave permission'))).toEqual({
      kind: 'refused',
      reason: 'Application does not have permission',
    });
    const long = failureOf(400, error(100, 'y'.repeat(400)));
    expect(long).toMatchObject({ kind: 'refused' });
    expect(long?.kind === 'refused' && long.reason.length).toBe(300);
    // An error in a 200 is still an error.
    expect(failureOf(200, error(4, 'Application request limit reached'))).toMatchObject({ kind: 'refused' });
  });

  it('an answer that says nothing usable is unreadable', () => {
    expect(failureOf(500, null)).toEqual({ kind: 'unreadable' });
    expect(failureOf(502, '<html>Bad gateway</html>')).toEqual({ kind: 'unreadable' });
    expect(failureOf(400, { error: { code: 1 } })).toEqual({ kind: 'unreadable' });
  });
});

describe("the forms' rules", () => {
  const messages = (schema: z.ZodMiniType, value: unknown) => {
    const result = z.safeParse(schema, value);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('a new page needs a name of at most 75 characters and a listed category; about is optional, at most 255', () => {
    expect(messages(createPageSchema, { name: ' ', category: '' })).toEqual({
      name: 'Enter the page name',
      category: 'Choose a category',
    });
    expect(messages(createPageSchema, { name: 'x'.repeat(76), category: 'BAR', about: 'y'.repeat(256) })).toEqual({
      name: 'A page name is at most 75 characters',
      about: 'The description is at most 255 characters',
    });
    expect(z.parse(createPageSchema, { name: '  Blue Note  ', category: 'BAR' })).toEqual({
      name: 'Blue Note',
      category: 'BAR',
      about: '',
    });
  });

  it('a page is chosen by its Facebook id (digits)', () => {
    expect(messages(savePageSchema, { pageId: 'abc' })).toEqual({ pageId: 'Choose one of your pages' });
    expect(messages(savePageSchema, {})).toEqual({ pageId: 'Choose one of your pages' });
    expect(z.parse(savePageSchema, { pageId: ' 2001 ' })).toEqual({ pageId: '2001' });
  });

  it("a page's picture is a PNG or JPEG of at most 4 MB: one rule for the file chosen and for the bytes that arrive", () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const jpeg = Buffer.from('ffd8ffe000104a4649460001', 'hex');
    const gif = Buffer.from('474946383961010001000000', 'hex');
    // The form asks it of the chosen file's type; the server of the type the bytes are.
    for (const type of PAGE_PICTURE.types) expect(pagePictureRefusal({ type, size: 1000 })).toBeNull();
    expect([png, jpeg].map((bytes) => sniffContentType(bytes))).toEqual(PAGE_PICTURE.types);
    for (const type of ['image/gif', 'image/webp', 'image/svg+xml', '', sniffContentType(gif) ?? ''])
      expect(pagePictureRefusal({ type, size: 1000 }), type).toBe('The picture must be a PNG or JPEG image');
    expect(pagePictureRefusal({ type: 'image/png', size: PAGE_PICTURE.maxBytes })).toBeNull();
    expect(pagePictureRefusal({ type: 'image/png', size: PAGE_PICTURE.maxBytes + 1 })).toBe(
      'The picture must be at most 4 MB',
    );
  });
});
