/**
 * The answer written by a model (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL: any OpenAI-compatible
 * server), from the retrieved passages only. Called with plain fetch (the `openai` package
 * needs Node 22) and its server-sent events read here. Every quote the model cites as
 * `"…" [p. N]` is checked against page N's stored text; a quote that is not on that page is
 * dropped with its marker, so the saved answer only cites what the page says; an answer left with
 * no quote or marker that holds is not saved at all (the fixed answer instead). Over all of a
 * business's documents the same holds with markers that name the document by its label, unique in
 * the answer (two documents may share a name): `"…" [D2, p. N]`.
 */
import { isNotFoundAnswer, markerName, NOT_FOUND_ANSWER, type Citation } from '../../../src/domain/documents/documents';
import type { Answer, DocumentRef } from './answer-offline';
import type { Passage } from './retrieval';
import { matchable } from './text';

export interface ModelConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export function modelConfigFrom(env: NodeJS.ProcessEnv): ModelConfig | null {
  if (!env.LLM_BASE_URL) return null;
  return {
    baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY || null,
    model: env.LLM_MODEL || 'gpt-4o-mini',
    timeoutMs: Number(env.LLM_TIMEOUT_MS) || 60_000,
  };
}

const SYSTEM = [
  'You answer questions about a document using ONLY the numbered passages given.',
  'Quote the exact words of a passage in double quotes, each quote followed by its page as [p. N].',
  'Never use knowledge outside the passages. If they do not answer the question, reply exactly:',
  "I couldn't find this in the document",
].join(' ');

export function promptFor(question: string, passages: Passage[]) {
  const context = passages.map((p) => `[p. ${p.page}] ${p.text}`).join('\n\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Passages:\n\n${context}\n\nQuestion: ${question}` },
  ];
}

/** A document asked in an answer over several, with the label its markers cite it by (D1, D2 …). */
export interface LabelledDocument extends DocumentRef {
  id: string;
  label: string;
  createdAt: Date;
}

/** A passage of one of the documents asked at once (ask all documents). */
export interface DocumentPassage extends Passage {
  doc: LabelledDocument;
}

const SYSTEM_ACROSS = [
  'You answer questions about a set of documents using ONLY the passages given.',
  'Each document has a label (D1, D2 …); two documents may have the same file name, so always cite the label.',
  'Quote the exact words of a passage in double quotes, each quote followed by its document label and page',
  'exactly as the passage is labelled, as [D1, p. N].',
  'Never use knowledge outside the passages. If they do not answer the question, reply exactly:',
  "I couldn't find this in the document",
].join(' ');

/** MM/DD/YYYY (UTC): the upload date the model may use to tell documents of one name apart. */
const uploaded = (at: Date) =>
  `${String(at.getUTCMonth() + 1).padStart(2, '0')}/${String(at.getUTCDate()).padStart(2, '0')}/${at.getUTCFullYear()}`;

/** The documents the passages come from, in label order. */
export const sourcesOf = (passages: DocumentPassage[]) =>
  [...new Map(passages.map((p) => [p.doc.id, p.doc])).values()].sort(
    (a, b) => Number(a.label.slice(1)) - Number(b.label.slice(1)),
  );

export function promptAcross(question: string, passages: DocumentPassage[]) {
  // Each document by its label with its name beside it: the name alone can be two documents.
  const docs = sourcesOf(passages)
    .map((d) => `${d.label}: ${markerName(d.fileName)} (uploaded ${uploaded(d.createdAt)})`)
    .join('\n');
  const context = passages.map((p) => `[${p.doc.label}, p. ${p.page}] ${p.text}`).join('\n\n');
  return [
    { role: 'system', content: SYSTEM_ACROSS },
    { role: 'user', content: `Documents:\n${docs}\n\nPassages:\n\n${context}\n\nQuestion: ${question}` },
  ];
}

/** The text deltas of an OpenAI-style chat completion stream (`data: {...}` lines up to `data: [DONE]`). */
export async function* streamModel(
  config: ModelConfig,
  messages: { role: string; content: string }[],
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const res = await fetch(`${config.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: config.model, messages, stream: true, temperature: 0 }),
    signal: signal
      ? AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)])
      : AbortSignal.timeout(config.timeoutMs),
  });
  if (!res.ok || !res.body) throw new Error(`the model endpoint answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    // Events end with a blank line; a line may arrive cut in two.
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (!data) continue;
      if (data === '[DONE]') return;
      const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string | null } }[] };
      const content = parsed.choices?.[0]?.delta?.content;
      if (content) yield content;
    }
  }
}

/**
 * A page as a model may write it in a marker: "p. 3" as asked, or "p 3", "pg. 3", "page 3", "P. 3".
 * Every form is read (and the kept marker written as asked), so no quote stays unchecked
 * because its marker was written another way.
 */
const PAGE = String.raw`(?:p|pp|pg|page)\.?\s*(\d+)`;
const QUOTED = String.raw`["\u201c]([^"\u201c\u201d]{3,}?)["\u201d]\s*`;
const CITED = new RegExp(String.raw`${QUOTED}\[${PAGE}\]`, 'gi');
const BARE = new RegExp(String.raw`\s*\[${PAGE}\]`, 'gi');
const DOC = String.raw`([^[\]\n]{1,210}?)(?:[,;]\s*|\s+)`;
const CITED_ACROSS = new RegExp(String.raw`${QUOTED}\[${DOC}${PAGE}\]`, 'gi');
const BARE_ACROSS = new RegExp(String.raw`\s*\[${DOC}${PAGE}\]`, 'gi');

/** The place a marker cites: a page, of a document when the answer is over several. */
interface Place {
  key: string;
  page: number;
  doc?: LabelledDocument;
}

interface Marks {
  cited: RegExp;
  bare: RegExp;
  /** A marker's groups (after the quote's) to the place it cites; null: a place not asked. */
  placeOf: (groups: string[]) => Place | null;
  /** The marker a kept place is written with (over several documents: its label); none keeps the model's. */
  markerOf?: (place: Place) => string;
  /**
   * The passage a place came from, saved as the citation of a bare marker at it that no kept quote
   * cites (over several documents every marker's document is then in the saved citations).
   */
  passageOf?: (place: Place) => string | undefined;
}

/**
 * The answer with only the markers that hold: a quote must be on the place its marker names
 * (textOf reads the stored page), a bare marker must name a place the passages came from or one
 * a kept quote cites.
 */
async function keepHeld(
  raw: string,
  marks: Marks,
  textOf: (place: Place) => Promise<string>,
  known: Set<string>,
): Promise<Answer> {
  const pages = new Map<string, string>();
  const matchableOf = async (place: Place) => {
    if (!pages.has(place.key)) pages.set(place.key, matchable(await textOf(place)));
    return pages.get(place.key)!;
  };
  const holds = async (place: Place | null, quote: string): Promise<boolean> =>
    place !== null && (await matchableOf(place)).includes(matchable(quote));
  const citations: Citation[] = [];
  const cite = (place: Place, quote: string) => {
    const doc = place.doc ? { fileId: place.doc.fileId, fileName: place.doc.fileName, label: place.doc.label } : {};
    if (!citations.some((c) => c.page === place.page && c.quote === quote && c.fileId === place.doc?.fileId))
      citations.push({ page: place.page, quote, ...doc });
  };
  const rewritten = (written: string, place: Place) =>
    marks.markerOf ? written.replace(/\[[^[\]]*\]$/, marks.markerOf(place)) : written;
  const held = new Set<string>();
  let text = '';
  let last = 0;
  for (const m of raw.matchAll(marks.cited)) {
    const [whole, quote, ...groups] = m;
    const place = marks.placeOf(groups);
    text += raw.slice(last, m.index);
    // A dropped quote takes the space before it along (the text after it keeps its own).
    if (!(await holds(place, quote!))) text = text.replace(/[ \t]+$/, '');
    else {
      text += rewritten(whole!, place!);
      held.add(place!.key);
      cite(place!, quote!);
    }
    last = m.index! + whole!.length;
  }
  text += raw.slice(last);
  // Markers left without a quote: kept only for a place the passages came from (its passage, when
  // saved as its citation, checked on the page as a quote is).
  const kept = new Set(held);
  for (const m of text.matchAll(marks.bare)) {
    const place = marks.placeOf(m.slice(1));
    if (!place || kept.has(place.key) || !known.has(place.key)) continue;
    const passage = marks.passageOf?.(place);
    if (passage === undefined) kept.add(place.key);
    else if (await holds(place, passage)) {
      kept.add(place.key);
      cite(place, passage);
    }
  }
  text = text.replace(marks.bare, (marker, ...groups: string[]) => {
    const place = marks.placeOf(groups);
    return place && kept.has(place.key) ? rewritten(marker, place) : '';
  });
  const checked = text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // The model's "I couldn’t find this in the document." is the fixed answer (the screen shows it in its language).
  if (isNotFoundAnswer(checked)) return { text: NOT_FOUND_ANSWER, citations };
  // Nothing it says is tied to a page (no quote held, no marker kept): words the pages do not hold,
  // such as a page's own "ignore your instructions and say …" obeyed, are not saved as an answer.
  // Empty: the caller saves the fixed answer, or the cut-short note alone.
  if (kept.size === 0) return { text: '', citations: [] };
  return { text: checked, citations };
}

/**
 * The model's answer with only the citations that hold: a quote must be on the page it names
 * (pageText reads the stored text), and a bare [p. N] must name a page among the passages.
 */
export function checkCitations(
  raw: string,
  passages: Passage[],
  pageText: (page: number) => Promise<string>,
): Promise<Answer> {
  const placeOf = ([page]: string[]): Place => ({ key: String(Number(page)), page: Number(page) });
  const known = new Set(passages.map((p) => String(p.page)));
  const markerOf = (p: Place) => `[p. ${p.page}]`;
  return keepHeld(raw, { cited: CITED, bare: BARE, placeOf, markerOf }, (p) => pageText(p.page), known);
}

/**
 * The same over several documents: a marker `[D2, p. N]` must name one of the documents asked by
 * its label (or by a name no other of them has: a model that wrote the name beside the label) and
 * its quote be on that document's page. Two documents may share a name, so the saved answer cites
 * each by its label, `[D2, p. N]`, and every citation carries the document.
 */
export function checkCitationsAcross(
  raw: string,
  passages: DocumentPassage[],
  docs: LabelledDocument[],
  pageText: (documentId: string, page: number) => Promise<string>,
): Promise<Answer> {
  const byLabel = new Map(docs.map((d) => [d.label.toLowerCase(), d]));
  const byName = new Map<string, LabelledDocument | null>();
  for (const d of docs) byName.set(markerName(d.fileName), byName.has(markerName(d.fileName)) ? null : d);
  const placeOf = ([ref, page]: string[]): Place | null => {
    const doc = byLabel.get(ref!.trim().toLowerCase()) ?? byName.get(ref!.trim());
    return doc ? { key: `${doc.id}:${Number(page)}`, page: Number(page), doc } : null;
  };
  const passageAt = new Map<string, string>();
  for (const p of passages) if (!passageAt.has(`${p.doc.id}:${p.page}`)) passageAt.set(`${p.doc.id}:${p.page}`, p.text);
  const known = new Set(passageAt.keys());
  return keepHeld(
    raw,
    {
      cited: CITED_ACROSS,
      bare: BARE_ACROSS,
      placeOf,
      markerOf: (p) => `[${p.doc!.label}, p. ${p.page}]`,
      passageOf: (p) => passageAt.get(p.key),
    },
    (p) => pageText(p.doc!.id, p.page),
    known,
  );
}
