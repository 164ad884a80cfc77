// @vitest-environment node
/**
 * Why "Not spam" saved no contact (src/custom/forms/contact-refusal.ts): the server names each
 * refused answer `answers.<key>`; the admin reads the field's label as it was in the answer's
 * version and the contact's message in their language, and a field the version lacks by its key.
 */
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { blankField } from '../../src/custom/forms/editor/editor-state';
import { contactRefusalLines } from '../../src/custom/forms/contact-refusal';
import type { FormDetail } from '../../src/domain/forms/wire';
import { MESSAGES } from '../../src/domain/messages';
import { initEnglish } from './helpers/i18n';

const field = (key: string, label: string) => blankField('shortText', key, label);
const VERSIONS: FormDetail['versions'] = [
  { version: 2, publishedAt: '2026-11-29T10:00:00.000Z', submissions: 0, fields: [field('mail', 'Work email')] },
  { version: 1, publishedAt: '2026-11-28T10:00:00.000Z', submissions: 3, fields: [field('mail', 'Email')] },
];

beforeAll(() => initEnglish());

describe('a contact refused on Not spam', () => {
  it("names the field as the answer's version labelled it, with the message", () => {
    expect(contactRefusalLines(i18n.t, VERSIONS, 1, { 'answers.mail': MESSAGES.emailInvalid })).toEqual([
      'The contact refused Email: Enter a valid email address',
    ]);
    expect(contactRefusalLines(i18n.t, VERSIONS, 2, { 'answers.mail': MESSAGES.emailInvalid })).toEqual([
      'The contact refused Work email: Enter a valid email address',
    ]);
  });

  it('names a field its version does not have by its key, and keeps each refusal', () => {
    const lines = contactRefusalLines(i18n.t, VERSIONS, 1, {
      'answers.mail': 'Too long',
      'answers.first': 'Too short',
    });
    expect(lines).toEqual(['The contact refused Email: Too long', 'The contact refused first: Too short']);
  });
});
