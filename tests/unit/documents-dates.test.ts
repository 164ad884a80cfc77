import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { buildIndex } from '../../server/modules/documents/document-index';
import { readQuestion } from '../../server/modules/documents/question-reading';
import { lacksTime } from '../../server/modules/documents/sentence-checks';
import { monthTermsIn, termsOf } from '../../server/modules/documents/terms';

/** A changelog's entries, as a package prints them: dates in numbers, or a day of a month without its year. */
const PAGE = [
  'tzdata (2024a-1) unstable; urgency=medium * New upstream version:',
  '- Kazakhstan unifies on UTC+5 beginning 2024-03-01.',
  '- Palestine springs forward a week later after Ramadan.',
  '-- Benjamin Drung <bdrung@debian.org> Fri, 02 Feb 2024 11:05:00 +0100',
  'tzdata (2023c-1) unstable; urgency=medium * New upstream version:',
  '- This year Morocco springs forward April 23, not April 30.',
  '-- Benjamin Drung <bdrung@debian.org> Fri, 24 Mar 2023 10:12:00 +0100',
  'tzdata (2020a-1) unstable; urgency=medium * New upstream version:',
  '- Morocco springs forward on 2020-05-31, not 2020-05-24.',
  "- Canada's Yukon changes to year-round -07 on 2020-03-08.",
  '-- Aurelien Jarno <aurel32@debian.org> Sat, 25 Apr 2020 19:56:08 +0200',
].join(' ');
const index = buildIndex(new Map([[1, PAGE]]));
const firstQuote = (question: string) => offlineAnswerFrom(index, question).citations[0]?.quote;

describe('dates in a document and in a question', () => {
  it('reads a date written in numbers under its month name, month first in a slashed one unless it cannot be', () => {
    const [march, december] = termsOf('March December');
    expect(monthTermsIn('beginning 2024-03-01, again on 12/25/2024 and 31/12/2024')).toEqual([march, december]);
    expect(monthTermsIn('version 2.0-1, 3/4 of the files')).toEqual([]);
  });

  it('answers a question naming the month in words from a date in numbers', () => {
    expect(firstQuote('What time zone does Kazakhstan use from March 2024?')).toContain('Kazakhstan unifies on UTC+5');
  });

  it('takes a day of a month as a time, and a sentence dated in another year than the one asked as another time', () => {
    expect(firstQuote('When did Morocco spring forward in 2023?')).toContain(
      'This year Morocco springs forward April 23',
    );
    expect(firstQuote('When did Morocco spring forward in 2020?')).toContain('Morocco springs forward on 2020-05-31');
  });

  it('takes a release named by its product and number as a time ("in Debian 13"), a numbered place in a document not', () => {
    const q = readQuestion(index, 'When will /etc/timezone be removed?')!;
    expect(lacksTime(q, 'The removal of /etc/timezone will be done in Debian 13 "Trixie".', '')).toBe(false);
    expect(lacksTime(q, 'The removal of /etc/timezone is described in Section 13 "Upgrades".', '')).toBe(true);
    expect(lacksTime(q, 'The removal of /etc/timezone will be done in 13 steps.', '')).toBe(true);
  });
});
