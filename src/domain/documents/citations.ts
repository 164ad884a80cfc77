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
 * In the chat over all documents a marker names its document too, by the label the answer gives
 * it, `[D2, p. 3]` (two documents may share a name): the saved citations, or while the answer
 * streams its `documents` event, say which document each label is. Answers saved before labels
 * name it by its name, `[manual.pdf, p. 3]` (markerName), and the saved citation of that name
 * and page gives the document's fileId.
 */
import { markerName, type Citation, type DocumentSource } from './documents';

/** A place an answer cites: a page and its passage, and in an answer over all documents the document. */
export interface CitedPlace {
  page: number;
  quote: string;
  /** The document's name as a marker writes it (answers over all documents). */
  fileName?: string;
  /** The label the answer cites the document by (answers over all documents). */
  label?: string;
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

/** The document a label names: a saved citation's, else (while the answer streams) its source's. */
function labelled(label: string, saved: readonly Citation[], sources: readonly DocumentSource[]) {
  const cited = saved.find((c) => c.label === label && c.fileId !== undefined && c.fileName !== undefined);
  return cited ? { fileId: cited.fileId!, fileName: cited.fileName! } : sources.find((d) => d.label === label);
}

/** The answer cut into plain text and citations, in order. */
export function parseAnswer(
  text: string,
  saved: readonly Citation[] = [],
  sources: readonly DocumentSource[] = [],
): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    const ref = m[1];
    const page = Number(m[2]);
    const before = text.slice(last, m.index);
    if (before) parts.push({ kind: 'text', text: before });
    const parsed = passageBefore(before);
    const doc = ref === undefined ? undefined : labelled(ref, saved, sources);
    const here = (c: Citation) =>
      c.page === page &&
      (ref === undefined || (doc ? c.label === ref : c.fileName !== undefined && markerName(c.fileName) === ref));
    // The saved quote the passage holds; else one the text since the last marker holds: a quote
    // with quote marks of its own (`"… on an "AS IS" BASIS …"`) parses as its tail alone.
    const match =
      saved.find((c) => here(c) && normalize(parsed).includes(normalize(c.quote))) ??
      saved.find((c) => here(c) && normalize(before).includes(normalize(c.quote)));
    // A labelled marker without its quote before it (a bare one): its place's saved citation.
    const bare = doc !== undefined && !QUOTED_BEFORE.test(before);
    const place = match ?? (bare ? saved.find((c) => c.label === ref && c.page === page) : undefined);
    const quote = place?.quote ?? parsed;
    const ocr = place?.ocr ? { ocr: true } : {};
    if (ref === undefined) parts.push({ kind: 'citation', page, quote, ...ocr });
    else if (doc)
      parts.push({
        kind: 'citation',
        page,
        quote,
        fileName: markerName(doc.fileName),
        label: ref,
        fileId: doc.fileId,
        ...ocr,
      });
    else
      parts.push({
        kind: 'citation',
        page,
        quote,
        fileName: ref,
        ...(match?.fileId ? { fileId: match.fileId } : {}),
        ...ocr,
      });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

type Uploaded = { fileId: string; fileName: string; createdAt: string };

/** The business's documents in groups of one name as a marker writes it, each group in upload order. */
function sameNameGroups<T extends Uploaded>(docs: readonly T[]): T[][] {
  const byName = new Map<string, T[]>();
  for (const d of docs) byName.set(markerName(d.fileName), [...(byName.get(markerName(d.fileName)) ?? []), d]);
  return [...byName.values()]
    .filter((group) => group.length > 1)
    .map((group) => [...group].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0)));
}

/** Whether `write` gives each document of the group a text of its own. */
const distinct = (group: readonly Uploaded[], write: (iso: string) => string) =>
  new Set(group.map((d) => write(d.createdAt))).size === group.length;

/**
 * Each document's place in upload order (1, 2 …) where its name is another's too and their upload
 * times, as `dateTime` writes them, do not tell them apart (the same minute): the "(2)" a citation
 * (sameNameTimes) and the documents list write after the upload time. Other documents are not in it.
 */
export function sameNameOrder(docs: readonly Uploaded[], dateTime: (iso: string) => string): Map<string, number> {
  const order = new Map<string, number>();
  for (const group of sameNameGroups(docs)) {
    if (!distinct(group, dateTime)) group.forEach((d, i) => order.set(d.fileId, i + 1));
  }
  return order;
}

/**
 * How each of the business's documents that shares its name with another is told apart in a
 * citation: by its upload date, by date and time when they share the day, and by its place in
 * upload order too ("(2)", sameNameOrder) when they share the minute. Documents with a name of
 * their own are not in the map. `date` and `dateTime` format an ISO time as the screens do.
 */
export function sameNameTimes(
  docs: readonly Uploaded[],
  date: (iso: string) => string,
  dateTime: (iso: string) => string,
): Map<string, string> {
  const order = sameNameOrder(docs, dateTime);
  const times = new Map<string, string>();
  for (const group of sameNameGroups(docs)) {
    for (const d of group) {
      const place = order.get(d.fileId);
      const when =
        place !== undefined
          ? `${dateTime(d.createdAt)} (${place})`
          : distinct(group, date)
            ? date(d.createdAt)
            : dateTime(d.createdAt);
      times.set(d.fileId, when);
    }
  }
  return times;
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
