/**
 * Document chat's pure parts: the page text and its chunks, the OR query built from a question
 * (nothing typed is read as tsquery syntax), the offline answer (exact quotes or the plain
 * "not found"), the model answer's citation check, the "no text" notice, and a PDF read that
 * runs out of time (the worker is replaced, the next read works).
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pagesWithoutTextText } from '../../src/domain/documents/documents';
import { offlineAnswer } from '../../server/modules/documents/answer-offline';
import { checkCitations } from '../../server/modules/documents/answer-model';
import { readPdf } from '../../server/modules/documents/pdf-reader';
import { orQuery } from '../../server/modules/documents/retrieval';
import { chunkPage, normalizePage } from '../../server/modules/documents/text';
import { makePdf } from '../api/helpers/pdfs';

describe('page text and chunks', () => {
  it('collapses whitespace, joins a word broken at a line end, and chunks back into the page', () => {
    const page = normalizePage('The brake  pads are\ninspected every mainte-\nnance visit.\n\n Next line.');
    expect(page).toBe('The brake pads are inspected every maintenance visit. Next line.');
    const long = Array.from({ length: 60 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const chunks = chunkPage(long);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join(' ')).toBe(long);
    expect(chunkPage('')).toEqual([]);
  });
});

describe('the OR query', () => {
  it('keeps letters and digits only, ORed', () => {
    expect(orQuery("What's the tire-pressure (psi) for unit 3?!")).toBe(
      'what | the | tire | pressure | psi | for | unit | 3',
    );
    expect(orQuery("ab' & cd | !ef:* <-> (gh) ''")).toBe('ab | cd | ef | gh');
    expect(orQuery('   ?? ')).toBeNull();
  });
});

describe('the offline answer', () => {
  const passages = [
    { page: 4, ordinal: 0, text: 'Brake pads are inspected every 20,000 miles. Oil is changed often.', rank: 0.5 },
    { page: 1, ordinal: 0, text: 'Walk around the truck. The tire pressure is 110 psi.', rank: 0.1 },
  ];
  it('quotes whole sentences exactly, each with its page', () => {
    const answer = offlineAnswer('How often are brake pads inspected?', passages);
    expect(answer.citations[0]).toEqual({ page: 4, quote: 'Brake pads are inspected every 20,000 miles.' });
    expect(answer.text.startsWith('"Brake pads are inspected every 20,000 miles." [p. 4]')).toBe(true);
    for (const c of answer.citations)
      expect(passages.some((p) => p.page === c.page && p.text.includes(c.quote))).toBe(true);
  });
  it('says plainly when nothing matched', () => {
    expect(offlineAnswer('zebras', [])).toEqual({ text: "I couldn't find this in the document", citations: [] });
  });
});

describe('the model answer’s citation check', () => {
  it('keeps a quote found on its page (case, quote marks, spacing aside) and drops one that is not', async () => {
    const pages: Record<number, string> = { 1: 'The tire pressure is 110 psi.', 2: 'Brakes every 20,000 miles.' };
    const answer = await checkCitations(
      'It is “the tire  pressure is 110 psi.” [p. 1] and "brakes every 5 miles" [p. 2] (see [p. 7]).',
      [{ page: 1, ordinal: 0, text: pages[1]!, rank: 1 }],
      async (page) => pages[page] ?? '',
    );
    expect(answer.citations).toEqual([{ page: 1, quote: 'the tire  pressure is 110 psi.' }]);
    expect(answer.text).toBe('It is “the tire  pressure is 110 psi.” [p. 1] and (see).');
  });
});

describe('the no-text notice', () => {
  it('names the pages', () => {
    expect(pagesWithoutTextText([])).toBeNull();
    expect(pagesWithoutTextText([3])).toBe('page 3 has no text');
    expect(pagesWithoutTextText([3, 7])).toBe('pages 3 and 7 have no text');
    expect(pagesWithoutTextText([2, 3, 7])).toBe('pages 2, 3 and 7 have no text');
  });
});

describe('reading a PDF in a worker', () => {
  it('gives up at the time limit, and the next read still works', async () => {
    const pdf = await makePdf(['Page one.', 'Page two.']);
    expect(await readPdf(pdf, { mode: 'extract', timeoutMs: 1, maxPages: 10 })).toEqual({
      ok: false,
      reason: 'timeout',
    });
    const read = await readPdf(pdf, { mode: 'extract', timeoutMs: 20_000, maxPages: 10 });
    expect(read).toMatchObject({ ok: true, numPages: 2 });
    expect(read.ok && read.pages?.map((p) => p.trim())).toEqual(['Page one.', 'Page two.']);
  }, 30_000);
});
