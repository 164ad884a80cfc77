/**
 * "Who signed the letter?" and "Who is the letter addressed to?" are answered from the letter's
 * closing and salutation, which hold no word of the question; a document with neither is left to
 * the ranking (server/modules/documents/correspondence.ts).
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { asksForAddressee, asksForSigner } from '../../server/modules/documents/correspondence';
import { buildIndex } from '../../server/modules/documents/document-index';

const NOT_FOUND = "I couldn't find this in the document";
const ask = (pages: string[], q: string) =>
  offlineAnswerFrom(buildIndex(new Map(pages.map((text, i) => [i + 1, text]))), q).text;

const letter = [
  'August 25, 2013 GUILLAUME BARRIÈRES Minidoux Corporation 5000 Pannes Drive Redmond, Virginia USA ' +
    'Dear Mr. Barrières, It has come to my attention that you have been lobbying the government. ' +
    'I strongly advise that you withdraw support for any such legislation.',
  'We look forward to your answer. Sincerely, Yannick P. Guique',
];

describe('who signed a letter, and whom it is addressed to', () => {
  it('is read only of the letter itself', () => {
    expect(asksForSigner('Who signed the letter?')).toBe(true);
    expect(asksForSigner('who wrote this email')).toBe(true);
    expect(asksForSigner('Who was the memo from?')).toBe(true);
    expect(asksForSigner('Who is the letter addressed to?')).toBe(false);
    expect(asksForSigner('Who signed the contract?')).toBe(false);
    expect(asksForAddressee('Who is the letter addressed to?')).toBe(true);
    expect(asksForAddressee('To whom was this letter sent?')).toBe(true);
    expect(asksForAddressee('Who received the memo?')).toBe(true);
    expect(asksForAddressee('Who signed the letter?')).toBe(false);
  });
  it('is answered by the closing and the name under it, and by the salutation', () => {
    expect(ask(letter, 'Who signed the letter?')).toBe('"Sincerely, Yannick P. Guique" [p. 2]');
    expect(ask(letter, 'Who wrote this letter?')).toBe('"Sincerely, Yannick P. Guique" [p. 2]');
    expect(ask(letter, 'Who is the letter addressed to?')).toBe('"Dear Mr. Barrières" [p. 1]');
  });
  it('is left to the ranking in a document without them', () => {
    const manual = ['The build tool reads build.ninja and runs the commands it lists in parallel.'];
    expect(ask(manual, 'Who signed the letter?')).toBe(NOT_FOUND);
    expect(ask(manual, 'Who is the letter addressed to?')).toBe(NOT_FOUND);
  });
});
