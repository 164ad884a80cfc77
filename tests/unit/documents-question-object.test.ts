/**
 * What a question asks for, read from its form (docs/document-chat.md, twenty-sixth session):
 * "what buffer size" asks for a size; "what does X mean" is answered by what X indicates; "what do
 * I need" by what something requires; "which file if I don't give one" by "By default, … a file named X"; and a
 * heading left alone at the foot of its page is never the answer.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { offlineAnswerFrom } from '../../server/modules/documents/answer-offline';
import { buildIndex } from '../../server/modules/documents/document-index';
import { documentOf, FILLER } from './helpers/document-answers';
import type { LayoutHeading } from '../../server/modules/documents/layout';

const NOT_FOUND = "I couldn't find this in the document";
/** The first quote of the answer: the answer itself (up to two more places may follow it). */
const firstQuoteOf =
  (...sentences: string[]) =>
  (q: string) =>
    documentOf(...sentences)(q).split('\n\n')[0]!;

describe('"what buffer size …?" asks for a size, a word between "what" and "size"', () => {
  const ask = firstQuoteOf(
    'Larger buffer sizes would be more efficient, especially for inflate().',
    'Below is an annotated example of simple routines to compress and decompress a file.',
    'CHUNK is simply the buffer size for feeding data to and pulling data from the zlib routines.',
    'If the memory is available, buffer sizes on the order of 128K or 256K bytes should be used. #define CHUNK 16384',
  );
  it('is answered by the passage giving one', () => {
    expect(ask('What buffer size does the example use?')).toContain('#define CHUNK 16384');
  });
});

describe('"what does X mean?"', () => {
  const ask = firstQuoteOf(
    'Z_BUF_ERROR does not need to be checked for here, for the same reasons noted for def().',
    'Z_BUF_ERROR is simply an indication that deflate() could not consume more input or produce more output.',
  );
  it('is answered by what X indicates', () => {
    expect(ask('What does Z_BUF_ERROR mean?')).toContain('an indication that deflate()');
  });
});

describe('"what do I need …?"', () => {
  const ask = firstQuoteOf(
    'The current tools are: query dump the inputs and outputs of a given target.',
    'browse browse the dependency graph in a web browser.',
    'Clicking a file focuses the view on that file, showing inputs and outputs.',
    'This feature requires a Python installation.',
    'By default port 8000 is used and a web browser will be opened.',
    'This can be changed as follows: ninja -t browse --port=8000 --no-browser mytarget',
    'graph output a file in the syntax used by graphviz, a automatic graph layout tool.',
  );
  it('is answered by what something requires', () => {
    expect(ask('What do I need installed to use the browse tool?')).toContain('requires a Python installation');
  });
});

describe('"which file … if I don\'t give it one?" asks for a default value', () => {
  const ask = firstQuoteOf(
    'By default, the tool looks for a file named build.ninja in the current directory.',
    'By default, the tool prints a status line for every rule it runs.',
  );
  it('is answered by a sentence saying what it uses by default when it names it', () => {
    expect(ask("Which file does the tool look for if I don't give it one?")).toContain('a file named build.ninja');
  });
  it('is not answered by a behaviour named after "by default"', () => {
    expect(ask("What status line does the tool print if I don't give one?")).toBe(NOT_FOUND);
  });
});

describe('a heading alone at the foot of its page', () => {
  it('is never quoted: its text is on the next page, and a quote never runs across pages', () => {
    const page1 = `Introduction The tool is yet another build system. ${FILLER.join(' ')} Design goals`;
    const page2 = 'Here are the design goals of the tool: very fast incremental builds, even for very large projects.';
    const headings: LayoutHeading[] = [
      { page: 1, start: 0, end: 'Introduction'.length, level: 1 },
      { page: 1, start: page1.length - 'Design goals'.length, end: page1.length, level: 2 },
    ];
    const index = buildIndex(
      new Map([
        [1, page1],
        [2, page2],
      ]),
      headings,
    );
    expect(offlineAnswerFrom(index, 'What are the design goals?').text).toContain('[p. 2]');
    expect(offlineAnswerFrom(index, 'What are the design goals?').text).not.toContain('"Design goals"');
  });
});
