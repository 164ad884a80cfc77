/**
 * Headings without a section number, found at indexing from how pdfjs sets each line
 * (server/modules/documents/layout.ts): a short line set larger, or wholly in another font than
 * the body's, or in capitals at the left margin above indented text, followed by body text. Their
 * offsets in the stored page text, the sentence each opens, and the section it heads: its words
 * count for the sentences under it as a numbered heading's do.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { headingsOf, rawHeadingsOf, storedHeadings } from '../../server/modules/documents/layout';
import { unitsOf } from '../../server/modules/documents/page-units';
import { readPdf, type LineStyle } from '../../server/modules/documents/pdf-reader';
import { buildIndex, sentenceText } from '../../server/modules/documents/document-index';
import { rank } from '../../server/modules/documents/ranking';
import { structureOf } from '../../server/modules/documents/sections';
import { normalizePage } from '../../server/modules/documents/text';
import { makeHeadedPdf } from '../api/helpers/pdfs';

/** A raw page (lines joined by "\n", as the reader gives them) and each line's style: [text, size, font, x, monospace?]. */
function page(lines: [string, number, string, number, (0 | 1)?][]): { raw: string; styles: LineStyle[] } {
  let raw = '';
  const styles: LineStyle[] = [];
  for (const [text, size, font, x, mono] of lines) {
    if (raw) raw += '\n';
    styles.push([raw.length, raw.length + text.length, size, font, x, mono ?? 0, 0]);
    raw += text;
  }
  return { raw, styles };
}

const BODY = 'Body text of the section runs over a line of its own and goes on';

describe('headings found by their type', () => {
  it('finds a larger line, a line wholly in another font, and capitals at the margin above indented text', () => {
    const guide = page([
      ['User Guide', 18, 'sans', 72],
      ['Uninstalling Packages', 14, 'sans', 72],
      [BODY, 11, 'serif', 72],
      ['Getting started', 11, 'bold', 72],
      [`${BODY}.`, 11, 'serif', 72],
    ]);
    const man = page([
      ['OPTIONS', 11, 'serif', 72],
      [BODY, 11, 'serif', 108],
      ['DESCRIPTION', 11, 'serif', 72],
      [`${BODY}.`, 11, 'serif', 108],
    ]);
    const found = rawHeadingsOf([guide.raw, man.raw], [guide.styles, man.styles]).map((h) => ({
      text: [guide.raw, man.raw][h.page - 1]!.slice(h.start, h.end),
      level: h.level,
    }));
    expect(found).toEqual([
      { text: 'User Guide', level: 1 },
      { text: 'Uninstalling Packages', level: 2 },
      { text: 'Getting started', level: 3 },
      { text: 'OPTIONS', level: 3 },
      { text: 'DESCRIPTION', level: 3 },
    ]);
  });

  it('takes no sentence, no label over code, no line of mixed fonts and no last line for a heading', () => {
    const p = page([
      ['It ends as a sentence does.', 14, 'sans', 72],
      [BODY, 11, 'serif', 72],
      ['Unix/macOS', 11, 'bold', 72],
      ['python -m pip install SomePackage', 10, 'mono', 86, 1],
      [BODY, 11, 'serif', 72],
      ['A closing line', 14, 'sans', 72],
    ]);
    const link = page([
      ['https://pip.pypa.io/en/stable', 11, 'bold', 72],
      [BODY, 11, 'serif', 72],
      [BODY, 11, 'serif', 72],
    ]);
    expect(rawHeadingsOf([link.raw], [link.styles])).toEqual([]);
    const mixed: LineStyle[] = p.styles.map((s, k) => (k === 2 ? ([...s.slice(0, 6), 1] as LineStyle) : s));
    expect(rawHeadingsOf([p.raw], [p.styles])).toEqual([]);
    expect(rawHeadingsOf([p.raw], [mixed])).toEqual([]);
  });

  it("takes no lower-case lead-in to an example set on its own line ('in:' of '… quoting the URL as in:')", () => {
    const curl = page([
      ['You can specify multiple URLs by quoting the URL as', 11, 'serif', 72],
      ['in:', 11, 'bold', 72],
      [BODY, 11, 'serif', 72],
      [BODY, 11, 'serif', 72],
    ]);
    expect(rawHeadingsOf([curl.raw], [curl.styles])).toEqual([]);
  });

  it("takes a table's header row, however many its columns, over rows aligned with it; not a long bold line over prose", () => {
    const header = 'version codename series created release eol eol-server eol-esm eol-legacy';
    const table = page([
      ['ubuntu.csv', 14, 'sans', 34],
      [header, 11, 'bold', 39],
      ['4.10 Warty Warthog warty 2004-03-05 2004-10-20 2006-04-30', 11, 'serif', 39],
      ['5.04 Hoary Hedgehog hoary 2004-10-20 2005-04-08 2006-10-31', 11, 'serif', 39],
      ['5.10 Breezy Badger breezy 2005-04-08 2005-10-12 2007-04-13', 11, 'serif', 39],
    ]);
    expect(rawHeadingsOf([table.raw], [table.styles]).map((h) => table.raw.slice(h.start, h.end))).toEqual([
      'ubuntu.csv',
      header,
    ]);
    // The same words over a paragraph that starts further in: a long bold line, no header.
    const prose = page([
      [header, 11, 'bold', 39],
      [BODY, 11, 'serif', 72],
      [BODY, 11, 'serif', 72],
      [BODY, 11, 'serif', 72],
    ]);
    expect(rawHeadingsOf([prose.raw], [prose.styles])).toEqual([]);
  });

  it('reads a heading broken over two lines set alike as one', () => {
    const p = page([
      ['Changes to the pip dependency', 14, 'sans', 72],
      ['resolver in 20.3', 14, 'sans', 72],
      [BODY, 11, 'serif', 72],
    ]);
    expect(rawHeadingsOf([p.raw], [p.styles]).map((h) => p.raw.slice(h.start, h.end))).toEqual([
      'Changes to the pip dependency\nresolver in 20.3',
    ]);
  });

  it('keeps the heading’s place in the stored text, and no heading when a mark would change that text', () => {
    const raw = 'the end of a line\n  OPTIONS \nBody text goes on';
    const start = raw.indexOf('OPTIONS');
    const stored = normalizePage(raw);
    expect(storedHeadings(raw, [{ start: start - 2, end: start + 8 }])).toEqual([
      [stored.indexOf('OPTIONS'), stored.indexOf('OPTIONS') + 7],
    ]);
    // A word broken at a line end joins again ("Pack-\nages"): a mark between its halves would keep them apart.
    const broken = 'Uninstalling Pack-\nages and more';
    expect(storedHeadings(broken, [{ start: broken.indexOf('ages'), end: broken.length }])).toEqual([]);
  });

  it('reads a PDF’s heading set in a larger bold font from pdfjs', async () => {
    const pdf = await makeHeadedPdf([
      { heading: 'Uninstalling Packages', body: 'pip is able to uninstall most packages like this.' },
    ]);
    const read = await readPdf(pdf, { mode: 'extract', timeoutMs: 20_000, maxPages: 10 });
    if (!read.ok) throw new Error(read.reason);
    const text = normalizePage(read.pages![0]!);
    expect(headingsOf(read.pages!, read.layouts!).map((h) => text.slice(h.start, h.end))).toEqual([
      'Uninstalling Packages',
    ]);
  });
});

describe('a heading found by its type in the ranking', () => {
  const text =
    'NAME tar - an archiving utility SYNOPSIS tar -c [-f ARCHIVE] [FILE...] RETURN VALUE ' +
    'Tar exit code indicates whether it was able to successfully perform the requested operation. ' +
    'EXAMPLES Create archive.tar from files foo and bar.';
  const at = (word: string, level: number) => ({
    page: 1,
    start: text.indexOf(word),
    end: text.indexOf(word) + word.length,
    level,
  });
  const headings = [at('NAME', 1), at('SYNOPSIS', 1), at('RETURN VALUE', 1), at('EXAMPLES', 1)];

  it('opens a sentence where the text has no stop to break at', () => {
    const cut = (starts: number[]) => unitsOf([text], [starts]).map((u) => text.slice(u.start, u.end));
    expect(cut([])[0]).toContain('SYNOPSIS');
    expect(cut(headings.map((h) => h.start)).slice(0, 3)).toEqual([
      'NAME tar - an archiving utility',
      'SYNOPSIS tar -c [-f ARCHIVE] [FILE...]',
      'RETURN VALUE Tar exit code indicates whether it was able to successfully perform the requested operation.',
    ]);
  });

  it('heads a section that runs to the next heading of its level, as a numbered one does', () => {
    const texts = ['RETURN VALUE Tar exit code …', 'Some files differ.', 'This means …', 'EXAMPLES Create …'];
    const set = [{ level: 1, length: 12 }, undefined, undefined, { level: 1, length: 8 }];
    expect([...structureOf(texts).sectionOf]).toEqual([-1, -1, -1, -1]);
    const { sectionOf, heads } = structureOf(texts, set);
    expect([...sectionOf]).toEqual([0, 0, 0, 3]);
    expect(heads.get(0)).toEqual(new Set(['return', 'valu']));
  });

  it('lets the heading’s words count for the sentences under it', () => {
    // The same rule under two headings: the question's word is only in the second heading.
    const rules =
      'BACKUPS Copies are written every night. Old copies are removed after a week. Nobody restores them by hand. ' +
      'The file must not be readable by others. KEYS Each user has a pair. They are made with a tool. ' +
      'A lost pair is made again. Nothing else is kept. The file must not be readable by others.';
    const keys = { page: 1, start: rules.indexOf('KEYS'), end: rules.indexOf('KEYS') + 4, level: 1 };
    const backups = { page: 1, start: 0, end: 7, level: 1 };
    const question = 'Can others read the keys file?';
    const best = (index: ReturnType<typeof buildIndex>) => {
      const top = rank(index, question)[0]!;
      return `${sentenceText(index, top.sentence)} @${top.sentence.start}`;
    };
    const second = `The file must not be readable by others. @${rules.lastIndexOf('The file')}`;
    expect(best(buildIndex(new Map([[1, rules]])))).not.toBe(second);
    expect(best(buildIndex(new Map([[1, rules]]), [backups, keys]))).toBe(second);
  });
});
