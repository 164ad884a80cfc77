/**
 * The document chat's citations as the viewer reads them: `[p. N]` markers with the passage they
 * cite, that passage found again in a page's text items (split as pdf.js splits them, hyphen at a
 * line end, other spacing), and the <mark> HTML handed to react-pdf's text layer. Also the page
 * input's rule and the zoom and rotation steps.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findQuote, markItem, parseAnswer, sameNameOrder, sameNameTimes } from '../../src/domain/documents/citations';
import {
  anchorAt,
  isRendered,
  pageInputProblem,
  pagesInView,
  rotateOnce,
  scrollFor,
  stepZoom,
} from '../../src/domain/documents/viewer';

describe('parseAnswer', () => {
  it('reads an answer over all documents: each marker names its document, the saved citation gives its id', () => {
    const text = '"Hitch: 24 months." [warranty (2026).pdf, p. 1]\n\n"Every 2000 miles." [fleet-manual.pdf, p. 2]';
    const saved = [
      { page: 1, quote: 'Hitch: 24 months.', fileId: 'w-id', fileName: 'warranty [2026].pdf' },
      { page: 2, quote: 'Every 2000 miles.', fileId: 'm-id', fileName: 'fleet-manual.pdf' },
    ];
    expect(parseAnswer(text, saved).filter((p) => p.kind === 'citation')).toEqual([
      { kind: 'citation', page: 1, quote: 'Hitch: 24 months.', fileName: 'warranty (2026).pdf', fileId: 'w-id' },
      { kind: 'citation', page: 2, quote: 'Every 2000 miles.', fileName: 'fleet-manual.pdf', fileId: 'm-id' },
    ]);
    // While it streams (nothing saved yet) the name alone; a document's own chat has no name.
    expect(parseAnswer('"Every 2000 miles." [fleet-manual.pdf, p. 2]')).toContainEqual({
      kind: 'citation',
      page: 2,
      quote: 'Every 2000 miles.',
      fileName: 'fleet-manual.pdf',
    });
    expect(parseAnswer('"Every 2000 miles." [p. 2]')[1]).toEqual({
      kind: 'citation',
      page: 2,
      quote: 'Every 2000 miles.',
    });
  });

  it('reads labelled markers: two documents of one name each resolve to their own id, saved or streaming', () => {
    const text = '"Rent 900." [D1, p. 1] and "Rent 1200." [D2, p. 1]; see [D2, p. 1].';
    const saved = [
      { page: 1, quote: 'Rent 900.', fileId: 'f1', fileName: 'contract [v].pdf', label: 'D1' },
      { page: 1, quote: 'Lease of the depot. Rent 1200.', fileId: 'f2', fileName: 'contract [v].pdf', label: 'D2' },
    ];
    const cited = (parts: ReturnType<typeof parseAnswer>) => parts.filter((p) => p.kind === 'citation');
    expect(cited(parseAnswer(text, saved))).toEqual([
      { kind: 'citation', page: 1, quote: 'Rent 900.', fileName: 'contract (v).pdf', label: 'D1', fileId: 'f1' },
      // Its quote is not the saved one: the words before it, the document by its label.
      { kind: 'citation', page: 1, quote: 'Rent 1200.', fileName: 'contract (v).pdf', label: 'D2', fileId: 'f2' },
      // A bare marker: its place's saved citation.
      {
        kind: 'citation',
        page: 1,
        quote: 'Lease of the depot. Rent 1200.',
        fileName: 'contract (v).pdf',
        label: 'D2',
        fileId: 'f2',
      },
    ]);
    // While it streams: the documents event says which document each label is.
    const sources = saved.map(({ label, fileId, fileName }) => ({ label, fileId, fileName }));
    expect(cited(parseAnswer(text, [], sources)).map((c) => c.kind === 'citation' && c.fileId)).toEqual([
      'f1',
      'f2',
      'f2',
    ]);
  });

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

  it('marks the whole saved quote when the quote holds quote marks of its own ("AS IS")', () => {
    // The offline answer quotes the sentence as the page writes it, inner quote marks and all: the
    // last quoted piece before the marker is only its tail, the saved citation is the sentence.
    const quote = 'The Licensor provides the Work on an "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND.';
    const text = `"${quote}" [p. 2]\n\n"Other words." [p. 2]`;
    const saved = [
      { page: 2, quote },
      { page: 2, quote: 'Other words.' },
    ];
    expect(parseAnswer(text, saved).filter((p) => p.kind === 'citation')).toEqual([
      { kind: 'citation', page: 2, quote },
      { kind: 'citation', page: 2, quote: 'Other words.' },
    ]);
    // Over all documents the same, by the citation of that document.
    const across = [{ page: 2, quote, label: 'D1', fileId: 'l-id', fileName: 'license.pdf' }];
    expect(parseAnswer(`"${quote}" [D1, p. 2]`, across)[1]).toEqual({
      kind: 'citation',
      page: 2,
      quote,
      fileName: 'license.pdf',
      label: 'D1',
      fileId: 'l-id',
    });
  });
});

describe('sameNameTimes', () => {
  const date = (iso: string) => iso.slice(0, 10);
  const dateTime = (iso: string) => iso.slice(0, 16);
  it('tells documents of one name apart by date, then time, then upload order; a name of its own needs none', () => {
    const docs = [
      { fileId: 'a', fileName: 'contract.pdf', createdAt: '2026-11-02T09:00:00.000Z' },
      { fileId: 'b', fileName: 'contract.pdf', createdAt: '2026-11-20T09:00:00.000Z' },
      { fileId: 'c', fileName: 'rules.pdf', createdAt: '2026-11-20T09:00:00.000Z' },
      { fileId: 'd', fileName: 'lease [1].pdf', createdAt: '2026-11-20T10:05:00.000Z' },
      { fileId: 'e', fileName: 'lease (1).pdf', createdAt: '2026-11-20T09:30:00.000Z' },
      { fileId: 'f', fileName: 'scan.pdf', createdAt: '2026-11-20T10:05:10.000Z' },
      { fileId: 'g', fileName: 'scan.pdf', createdAt: '2026-11-20T10:05:00.000Z' },
    ];
    expect(Object.fromEntries(sameNameTimes(docs, date, dateTime))).toEqual({
      a: '2026-11-02',
      b: '2026-11-20',
      // Written alike in a marker (brackets become parentheses): the same day, so the time.
      e: '2026-11-20T09:30',
      d: '2026-11-20T10:05',
      // The same minute: their place in upload order too.
      g: '2026-11-20T10:05 (1)',
      f: '2026-11-20T10:05 (2)',
    });
  });
});

describe('sameNameOrder', () => {
  const dateTime = (iso: string) => iso.slice(0, 16);
  it("numbers the documents the list's upload time cannot tell apart, as their citations do", () => {
    const docs = [
      { fileId: 'a', fileName: 'scan.pdf', createdAt: '2026-11-20T10:05:40.000Z' },
      { fileId: 'b', fileName: 'scan.pdf', createdAt: '2026-11-20T10:05:00.000Z' },
      { fileId: 'c', fileName: 'contract.pdf', createdAt: '2026-11-20T10:05:00.000Z' },
      { fileId: 'd', fileName: 'contract.pdf', createdAt: '2026-11-20T10:06:00.000Z' },
      { fileId: 'e', fileName: 'rules.pdf', createdAt: '2026-11-20T10:05:00.000Z' },
    ];
    // The same name and minute: upload order. Another minute or a name of its own: no number.
    expect(Object.fromEntries(sameNameOrder(docs, dateTime))).toEqual({ b: 1, a: 2 });
    // The citation of the same document carries the same number.
    expect(sameNameTimes(docs, (iso) => iso.slice(0, 10), dateTime).get('a')).toBe('2026-11-20T10:05 (2)');
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

  it('steps the zoom within 100–250 %, turns a quarter at a time, and draws the pages in view with their neighbours', () => {
    expect(stepZoom(100, 1)).toBe(150);
    expect(stepZoom(250, 1)).toBe(250);
    expect(stepZoom(100, -1)).toBe(100);
    expect(stepZoom(200, -1)).toBe(150);
    expect([0, 90, 180, 270].map(rotateOnce)).toEqual([90, 180, 270, 0]);
    expect([1, 2, 3, 4, 5].filter((p) => isRendered(p, { first: 3, last: 3 }))).toEqual([2, 3, 4]);
    expect([1, 2, 3, 4, 5, 6].filter((p) => isRendered(p, { first: 3, last: 4 }))).toEqual([2, 3, 4, 5]);
  });

  it('reads the pages on screen from the boxes and the scroll, and keeps the top point when the boxes grow', () => {
    // Five 500 px pages, 16 px above the first and 12 between.
    const boxes = (height: number) => Array.from({ length: 5 }, (_, i) => ({ top: 16 + i * (height + 12), height }));
    const small = boxes(500);
    expect(pagesInView(small, 0, 400)).toEqual({ first: 1, last: 1, current: 1 });
    // Page 1 ends at 516; from 520 the gap is at the top and page 2 is the first on screen.
    expect(pagesInView(small, 520, 600)).toEqual({ first: 2, last: 3, current: 2 });
    expect(pagesInView(small, 300, 900)).toEqual({ first: 1, last: 3, current: 2 });
    expect(pagesInView([], 0, 900)).toEqual({ first: 1, last: 1, current: 1 });
    // Full screen at 1.8 times the width: the same point of page 4 stays at the top; without
    // keeping it the old scroll (1554) would show page 2 with the page box still saying 4.
    const top = small[3]!.top + 100;
    const anchor = anchorAt(small, top);
    expect(anchor).toEqual({ page: 4, into: 0.2 });
    const big = boxes(900);
    expect(scrollFor(big, anchor)).toBe(big[3]!.top + 180);
    expect(pagesInView(big, scrollFor(big, anchor), 900).current).toBe(4);
    expect(pagesInView(big, top, 900).first).toBe(2);
    // Fewer pages than the anchor's (a document replaced): the last page.
    expect(scrollFor(small.slice(0, 2), anchor)).toBe(small[1]!.top + 100);
  });
});
