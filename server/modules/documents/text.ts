/**
 * A page's text as it is stored and quoted: whitespace collapsed to single spaces, cut into
 * chunks at sentence ends (a chunk is what full-text search ranks), so that the page's chunks
 * joined with one space are exactly the page's text. Quotes are taken from that text word for
 * word; a model's quote is checked against it with matchable().
 */

/** Chunks aim for about this many characters (a few sentences: enough context, still precise). */
const CHUNK_TARGET = 600;
/** A "sentence" longer than this (a table, a list without stops) is cut at spaces. */
const PIECE_MAX = 900;

/**
 * A page's text as pdfjs gives it, made storable: PostgreSQL refuses NUL in text and a lone
 * UTF-16 surrogate in jsonb (the headings); pdfjs gives NUL for a simple font's code 0, and a
 * font's own map can give any code unit. Control
 * characters other than whitespace read as a space, a lone surrogate as U+FFFD, one for one, so
 * the layouts' offsets into the text still hold.
 */
export function storableText(raw: string): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f]/g, ' ')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
  );
}

export function normalizePage(raw: string): string {
  // Soft hyphens and a word broken at a line end ("mainte-\nnance") join again.
  return raw
    .replace(/\u00ad/g, '')
    .replace(/(\p{L})-\n(\p{Ll})/gu, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page's sentences, in order (joined with one space they give the page back). */
export function sentencesOf(text: string): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const sentence of text.split(/(?<=[.!?;:])\s+(?=[\p{Lu}\p{N}"“(])/u)) {
    if (sentence.length <= PIECE_MAX) {
      out.push(sentence);
      continue;
    }
    const words = sentence.split(' ');
    let piece = '';
    for (const word of words) {
      if (piece && piece.length + 1 + word.length > PIECE_MAX) {
        out.push(piece);
        piece = word;
      } else piece = piece ? `${piece} ${word}` : word;
    }
    if (piece) out.push(piece);
  }
  return out;
}

export function chunkPage(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentencesOf(text)) {
    if (current && current.length + 1 + sentence.length > CHUNK_TARGET) {
      chunks.push(current);
      current = sentence;
    } else current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) chunks.push(current);
  return chunks;
}

/** Text reduced for comparing a quote with a page: case, quote marks, dashes and spaces ignored. */
export function matchable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a question, lower-cased and deduplicated (letters and digits only). */
export function wordsOf(question: string): string[] {
  const words = question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length > 1 || /\d/.test(w)))].slice(0, 32);
}
