import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { buildIndex } from '../../server/modules/documents/document-index';
import { readQuestion } from '../../server/modules/documents/question-reading';
import { acronymRunsOf } from '../../server/modules/documents/terms';

const PAGE = [
  'tzdata (2022f-1) unstable; urgency=high * New upstream version:',
  '- Mexico will no longer observe DST except near the US border.',
  '- Chihuahua moves to year-round -06 on 2022-10-30.',
  '- Fiji no longer observes DST.',
  '- Much of Greenland stops changing clocks after March 2023.',
  '* Build the pre-release packages with the release tools.',
].join(' ');
const index = buildIndex(new Map([[1, PAGE]]));

describe('words a document writes as their initials (terms.ts acronymRunsOf)', () => {
  it('reads three or four words side by side as their initials, small words inside kept', () => {
    const initials = (text: string) => acronymRunsOf(text).map((r) => r.initials);
    expect(initials('Does Fiji still observe daylight saving time?')).toContain('DST');
    expect(initials('When does it reach end of life?')).toContain('EOL');
    expect(initials('Is it a long-term support release?')).toContain('LTS');
  });

  it('answers in the words the acronym stands for', () => {
    expect(offlineAnswerFrom(index, 'Does Fiji still observe daylight saving time?').citations[0]?.quote).toContain(
      'Fiji no longer observes DST',
    );
  });

  it('answers a question whose own word for it the document never writes ("long-term")', () => {
    const table = buildIndex(
      new Map([
        [1, 'Ubuntu releases. 22.04 LTS Jammy Jellyfish jammy 2021-10-14 2022-04-21. 22.10 Kinetic Kudu kinetic.'],
      ]),
    );
    expect(offlineAnswerFrom(table, 'Is Ubuntu 22.04 a long-term support release?').citations[0]?.quote).toContain(
      '22.04 LTS Jammy Jellyfish',
    );
  });

  it('only where the document writes the initials in capitals (not "pre-release", not "CC-BY-SA")', () => {
    const forms = (question: string, page = PAGE) =>
      [...readQuestion(buildIndex(new Map([[1, page]])), question)!.alternatives.values()].flat().map(([form]) => form);
    expect(forms('Which pip release enables the tools?')).not.toContain('pre');
    expect(
      forms('Does it check certificate signatures?', 'Licensed under CC-BY-SA. It checks signatures.'),
    ).not.toContain('cc');
  });
});
