/**
 * Citations in a document chat answer, as the viewer reads them: `[p. N]` markers cut out of the
 * answer's text (each with the passage it cites), and that passage found again in the page's
 * text layer so the viewer can mark it. Pure functions, so they are unit-tested without a PDF.
 *
 * The passage a marker cites is the text before it: the quoted words (`"…" [p. 3]`, as the
 * offline answer and a model's checked answer write them), else the sentence before the marker.
 * When the server saved the answer's citations, a saved quote for that page that the text
 * holds wins (it is the one the server checked against the page).
 *
 * In the chat over all documents a marker names its document too, `[manual.pdf, p. 3]`
 * (markerName); the saved citation of that name and page gives the document's fileId.
 */
import { markerName, type Citation } from './documents';

/** A place an answer cites: a page and its passage, and in an answer over all documents the document. */
export interface CitedPlace {
  page: number;
  quote: string;
  /** The document's name as the marker writes it (answers over all documents). */
  fileName?: string;
  /** The document, when the saved citation names it. */
  fileId?: string;
  /** The page is a scan read by OCR (the saved citation says so). */
  ocr?: boolean;
}

export type AnswerPart = { kind: 'text'; text: string } | ({ kind: 'citation' } & CitedPlace);

const MARKER = /\[(?:([^[\]\n]{1,210}), )?p\.\s*(\d{1,5})\]/g;
const QUOTED_BEFORE = /["“]([^"“”]+)["”]\s*$/;
const SENTENCE_END = /[.!?](?=\s)/g;

/** The passage a marker at the end of `before` cites. */
function passageBefore(before: string): string {
  const quoted = QUOTED_BEFORE.exec(before);
  if (quoted) return quoted[1]!.trim();
  const text = before.trimEnd().replace(/[.!?,;:]+$/, '');
  let start = 0;
  for (const m of text.matchAll(SENTENCE_END)) start = m.index + 1;
  return text.slice(start).trim();
}

/** The answer cut into plain text and citations, in order. */
export function parseAnswer(text: string, saved: readonly Citation[] = []): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    const fileName = m[1];
    const page = Number(m[2]);
    const before = text.slice(last, m.index);
    if (before) parts.push({ kind: 'text', text: before });
    const parsed = passageBefore(before);
    const match = saved.find(
      (c) =>
        c.page === page &&
        (fileName === undefined || (c.fileName !== undefined && markerName(c.fileName) === fileName)) &&
        normalize(parsed).includes(normalize(c.quote)),
    );
    const quote = match?.quote ?? parsed;
    const ocr = match?.ocr ? { ocr: true } : {};
    if (fileName === undefined) parts.push({ kind: 'citation', page, quote, ...ocr });
    else
      parts.push({
        kind: 'citation',
        page,
        quote,
        fileName,
        ...(match?.fileId ? { fileId: match.fileId } : {}),
        ...ocr,
      });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Letters and digits only, lower case: spacing, quote marks, hyphens at line ends and case never decide a match. */
function normalize(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** [start, end) character ranges of one text item. */
export type Range = readonly [number, number];

/**
 * Where `quote` stands in a page's text items (the strings of pdf.js's text content, in order):
 * for each item index that holds part of it, the ranges to mark. Empty when the page does not
 * hold the quote (nothing is marked rather than something wrong).
 */
export function findQuote(items: readonly string[], quote: string): Map<number, Range[]> {
  const wanted = normalize(quote);
  const found = new Map<number, Range[]>();
  if (!wanted) return found;
  // The page's letters and digits, each remembered with the item and offset it came from.
  let flat = '';
  const origin: { item: number; at: number }[] = [];
  items.forEach((str, item) => {
    for (let at = 0; at < str.length; at++) {
      const char = normalize(str[at]!);
      if (!char) continue;
      // A few letters change length in lower case (e.g. 'İ'): each piece keeps the same origin.
      for (const piece of char) {
        flat += piece;
        origin.push({ item, at });
      }
    }
  });
  const start = flat.indexOf(wanted);
  if (start < 0) return found;
  for (let i = start; i < start + wanted.length; i++) {
    const { item, at } = origin[i]!;
    const ranges = found.get(item) ?? [];
    const lastRange = ranges.at(-1);
    // Extend the item's range over the characters between (spaces, punctuation) that normalize dropped.
    if (lastRange) ranges[ranges.length - 1] = [lastRange[0], at + 1];
    else ranges.push([at, at + 1]);
    found.set(item, ranges);
  }
  return found;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One text item as HTML for react-pdf's customTextRenderer: the ranges wrapped in <mark>, the rest escaped. */
export function markItem(str: string, ranges: readonly Range[] | undefined): string {
  if (!ranges || ranges.length === 0) return escapeHtml(str);
  let out = '';
  let last = 0;
  for (const [from, to] of ranges) {
    out += `${escapeHtml(str.slice(last, from))}<mark>${escapeHtml(str.slice(from, to))}</mark>`;
    last = to;
  }
  return out + escapeHtml(str.slice(last));
}
