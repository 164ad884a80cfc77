/**
 * The document chat's citations as the viewer reads them: `[p. N]` markers with the passage they
 * cite, that passage found again in a page's text items (split as pdf.js splits them, hyphen at a
 * line end, other spacing), and the <mark> HTML handed to react-pdf's text layer. Also the page
 * input's rule and the zoom and rotation steps.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findQuote, markItem, parseAnswer } from '../../src/domain/documents/citations';
import { isRendered, pageInputProblem, rotateOnce, stepZoom } from '../../src/domain/documents/viewer';

describe('parseAnswer', () => {
  it('cuts the offline answer into quotes and links, the quote being the quoted words before each marker', () => {
    const text = '"Check the coolant level of unit 3 before every trip." [p. 3]\n\n"Tires stay at 103 psi." [p. 4]';
    expect(parseAnswer(text)).toEqual([
      { kind: 'text', text: '"Check the coolant level of unit 3 before every trip." ' },
      { kind: 'citation', page: 3, quote: 'Check the coolant level of unit 3 before every trip.' },
      { kind: 'text', text: '\n\n"Tires stay at 103 psi." ' },
      { kind: 'citation', page: 4, quote: 'Tires stay at 103 psi.' },
    ]);
  });

  it('takes the sentence before a bare marker, and prefers the saved citation the text holds', () => {
    const text = 'The depot opens early. Keys go back to the dispatcher [p. 2]. Ask the office.';
    expect(parseAnswer(text)[1]).toEqual({ kind: 'citation', page: 2, quote: 'Keys go back to the dispatcher' });
    const saved = [
      { page: 9, quote: 'Keys go back' },
      { page: 2, quote: 'keys go back to the dispatcher.' },
    ];
    expect(parseAnswer(text, saved)[1]).toEqual({
      kind: 'citation',
      page: 2,
      quote: 'keys go back to the dispatcher.',
    });
    expect(parseAnswer('No markers here')).toEqual([{ kind: 'text', text: 'No markers here' }]);
  });
});

describe('findQuote', () => {
  it('finds a quote spread over text items and marks only its characters in each', () => {
    const items = ['Section 3. Check the coolant ', 'level of unit 3 before every ', 'trip. The tire pressure'];
    const found = findQuote(items, 'Check the coolant level of unit 3 before every trip.');
    expect([...found.entries()]).toEqual([
      [0, [[11, 28]]],
      [1, [[0, 28]]],
      [2, [[0, 4]]],
    ]);
    expect(markItem(items[0]!, found.get(0))).toBe('Section 3. <mark>Check the coolant</mark> ');
    expect(markItem(items[2]!, found.get(2))).toBe('<mark>trip</mark>. The tire pressure');
  });

  it('ignores case, quote marks, spacing and a word broken at a line end', () => {
    const items = ['Replace the air filter every mainte-', 'nance visit, “said the chief”.'];
    const found = findQuote(items, 'replace the AIR filter every maintenance visit, "said the chief"');
    expect(found.get(0)).toEqual([[0, 35]]);
    expect(found.get(1)).toEqual([[0, 28]]);
  });

  it('marks nothing when the page does not hold the quote, and escapes what it hands to the text layer', () => {
    expect(findQuote(['Another page entirely'], 'coolant level').size).toBe(0);
    expect(findQuote(['anything'], ' ...').size).toBe(0);
    expect(markItem('a <b> & "c"', [[2, 5]])).toBe('a <mark>&lt;b&gt;</mark> &amp; &quot;c&quot;');
    expect(markItem('<i>', undefined)).toBe('&lt;i&gt;');
  });
});

describe('viewer rules', () => {
  it('accepts a page above 0 and not above the total, and says why otherwise', () => {
    expect(pageInputProblem('3', 5)).toBe(null);
    expect(pageInputProblem(' 5 ', 5)).toBe(null);
    expect(pageInputProblem('0', 5)).toBe('outOfRange');
    expect(pageInputProblem('6', 5)).toBe('outOfRange');
    expect(pageInputProblem('2.5', 5)).toBe('notANumber');
    expect(pageInputProblem('', 5)).toBe('notANumber');
    expect(pageInputProblem('-1', 5)).toBe('notANumber');
  });

  it('steps the zoom within 100–250 %, turns a quarter at a time, and draws the page in view with its neighbours', () => {
    expect(stepZoom(100, 1)).toBe(150);
    expect(stepZoom(250, 1)).toBe(250);
    expect(stepZoom(100, -1)).toBe(100);
    expect(stepZoom(200, -1)).toBe(150);
    expect([0, 90, 180, 270].map(rotateOnce)).toEqual([90, 180, 270, 0]);
    expect([1, 2, 3, 4, 5].filter((p) => isRendered(p, 3))).toEqual([2, 3, 4]);
  });
});
