import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { buildIndex } from '../../server/modules/documents/document-index';

/** GNU time's manual, its format's conversions as a text layer gives them, and as OCR lost their "%". */
const ENTRIES = [
  'Most information shown by time is derived from the wait3 system call.',
  'The format string may hold these conversions.',
];
const TEXT = [
  ...ENTRIES,
  '%e Elapsed real time, in seconds.',
  '%M Maximum resident set size of the process, in Kilobytes.',
];
const SCANNED = [
  ...ENTRIES,
  'e Elapsed real time, in seconds.',
  'M Maximum resident set size of the process, in Kilobytes.',
];
const answer = (lines: string[], question: string) =>
  offlineAnswerFrom(buildIndex(new Map([[1, lines.join(' ')]])), question);

describe("a format's conversion a question names (question-forms.ts FLAG_ASKED)", () => {
  it('is answered by the passage writing it', () => {
    expect(answer(TEXT, 'What does %M show?').citations[0]?.quote).toContain('%M Maximum resident set size');
  });

  it('is not answered by a sentence holding only the rest of the question', () => {
    expect(answer(SCANNED, 'What does %M show?').citations).toEqual([]);
  });
});
