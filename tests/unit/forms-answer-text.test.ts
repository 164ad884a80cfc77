// @vitest-environment node
/**
 * A stored answer as the answers screen and the CSV show it (src/domain/forms/answer-text.ts):
 * a date answer MM/DD/YYYY, a US phone (202) 555-0143, choices joined; and what the search box
 * looks for, so a date or a phone typed as it is shown finds the stored answer.
 */
import { describe, expect, it } from 'vitest';
import { answerSearchTerms, answerText } from '../../src/domain/forms/answer-text';

describe('answerText', () => {
  it('writes a date answer MM/DD/YYYY and a US phone as people read it', () => {
    expect(answerText('date', '2026-02-14')).toBe('02/14/2026');
    expect(answerText('phone', '+12025550143')).toBe('(202) 555-0143');
    expect(answerText('phone', '+442071838750')).toBe('+442071838750');
  });

  it('leaves other answers as they are, joins choices and shows nothing for no answer', () => {
    expect(answerText('shortText', '2026-02-14')).toBe('2026-02-14');
    expect(answerText('number', 3)).toBe('3');
    expect(answerText('multiSelect', ['Bar', 'Dinner'])).toBe('Bar, Dinner');
    expect(answerText('multiSelect', ['Bar', 'Dinner'], '; ')).toBe('Bar; Dinner');
    expect(answerText('date', undefined)).toBe('');
  });
});

describe('answerSearchTerms', () => {
  it('looks for a date typed as shown as it is stored', () => {
    expect(answerSearchTerms('02/14/2026')).toEqual(['02/14/2026', '2026-02-14']);
    expect(answerSearchTerms('2/14')).toEqual(['2/14', '-02-14']);
  });

  it('looks for a phone typed with its punctuation by its digits, and for words as typed', () => {
    expect(answerSearchTerms('(202) 555')).toEqual(['(202) 555', '202555']);
    expect(answerSearchTerms('2025550143')).toEqual(['2025550143']);
    expect(answerSearchTerms('after 5')).toEqual(['after 5']);
    expect(answerSearchTerms('- 1')).toEqual(['- 1']);
  });
});
