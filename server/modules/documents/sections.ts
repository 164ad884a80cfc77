/**
 * What a document's sentences are about beyond their own words (docs/document-chat.md, *How
 * answers are made*): the section they stand in and the entry they belong to. The stored page text
 * has neither font sizes nor line breaks, so both are read from the shape of the text:
 *  - a **section heading** opens a sentence with a section number and a short title, then the body
 *    ("2.4. The glob files The globs2 file is…", "7.1.3.1 MD5 MD5 is a message digest…"); the
 *    section runs to the next heading of its level or above, across pages;
 *  - an **entry** is a definition list's item: a sentence that opens with what it defines — a
 *    flag (`-t --test Check integrity…`), a tag (`<rejectfont> Fonts matched…`), a constant or
 *    a name (`FC_LANG is used to…`), a reference manual's marked definition (`[Function]void
 *    md5_init (…)`, `asn1 read value [Function]int asn1_read_value (…)`), a bullet's lower-case
 *    term (`• icon elements specify…`) or a form's label (`Due date: 04/13/2026`). The entry runs
 *    over the next sentences (at most ENTRY_SPAN, across pages) up to the next entry or heading.
 * A question's term that names a sentence's section or entry is held by the sentence at a share
 * (sentence-frames.ts): the passage under the heading that is about it outranks a passing mention.
 */
import { RELEASE_HEADER_SOURCE } from './page-units';
import { stem } from './stem';
import { namesOf, termsOf } from './terms';

/** An entry runs over at most this many sentences after its head. */
export const ENTRY_SPAN = 6;
/** A heading's title has at most this many words. */
const TITLE_WORDS = 6;

export interface Structure {
  /** Per sentence: the index of the head of the entry it belongs to (itself for a head), or -1. */
  entryOf: Int32Array;
  /** Per sentence: the index of the heading of the innermost section it stands in (itself for a heading), or -1. */
  sectionOf: Int32Array;
  /**
   * Per table row (page-units.ts), the heading of the section around its table's own: the table's
   * title over its header row ("debian.csv" over "version codename … release eol"), or -1.
   */
  tableTitleOf: Int32Array;
  /** Per head or heading sentence: the terms of what it defines or names (stems, names and flags whole). */
  heads: Map<number, Set<string>>;
  /** Every term that heads an entry or a section somewhere in the document. */
  headed: Set<string>;
  /** The sentences that are a label and its value ("Due date: 04/13/2026", "Returns: …"), with the label's terms. */
  fields: Map<number, Set<string>>;
  /**
   * The sentences that ask a question (a FAQ's "5.4. Is it possible to attach…?", with the
   * numbered sentence that opens it): never the answer; they head the sentences that answer them.
   */
  asked: Set<number>;
  /** The sentences that are a release's header (RELEASE_HEADER): quoted with the entry after them (answer-offline.ts). */
  releases: Set<number>;
}

/** A section number then a title opening a sentence: "2.4. The glob files …", "7.1.3.1 MD5 …", "6. Disputes. …". */
const HEADING = /^(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+(?=[\p{Lu}<'"‘“])/u;
/** Words that start a sentence of body text after a heading's title (not the title's own words). */
const BODY_START = new Set(
  'the this these that those a an in it its if for to each many most some all when we you there here one by on as with'.split(
    ' ',
  ),
);
const FLAGS_AT_START = /^(?:--?[\p{L}\p{N}][\p{L}\p{N}-]*(?:,?\s+|$))+/u;
const TAG_AT_START = /^<\/?([\p{L}\p{N}_:-]+)[^>]{0,40}>/u;
/** A reference manual's definition marker: "[Function]", "[Macro]", "[Constant]", "[Context struct]". */
const MARKER = /\[[\p{Lu}][\p{L} ]{1,24}\]/u;
/** A constant or a name written with dots or underscores opening a sentence, then its description: "FC_LANG is used…". */
const NAME_AT_START =
  /^([\p{L}\p{N}]+(?:[._][\p{L}\p{N}]+)+|\p{Lu}[\p{Lu}\p{N}]*_[\p{Lu}\p{N}_]+)(?=\s+(?:\p{Ll}|[-–—:(]))/u;
/** A bullet's lower-case term: "• icon elements specify…". */
const BULLET_TERM = /^•\s+(\p{Ll}[\p{L}\p{N}-]*(?: \p{Ll}[\p{L}\p{N}-]*)?)/u;
/** A form's label and value: "Due date: 04/13/2026", "Authorized amount: $1,800.00". */
const FIELD = /^(\p{Lu}[\p{L}'’ -]{1,30}):\s+\S/u;

/**
 * A release's header opening a sentence (page-units.ts RELEASE_HEADER_SOURCE): a Debian changelog's
 * "tzdata (2022f-1) unstable; urgency=high", a NEWS file's "Release 3.16.1 (22 June 2020)". It heads
 * the release's entries as a heading does, below any other heading (RELEASE_LEVEL), so "Why was
 * the urgency of 2022f-1 set to high?" finds the entry under it.
 */
const RELEASE_HEADER = new RegExp(`^(?:${RELEASE_HEADER_SOURCE})`, 'u');
const RELEASE_LEVEL = 9;

/** A sentence that asks a question: it ends with a question mark (a closing quote or bracket may follow). */
const QUESTION = /\?["'’”)\]]*$/u;

/** A question that refers to the sentence before it ("such programs", "improve them", "What's happening?"). */
const REFERS_BACK = /\b(?:it|them|this|that|these|those|such|there)\b/i;

/** The words of a heading's title after its number, up to the body's first sentence. */
function titleOf(rest: string): string {
  const words = rest.split(/\s+/).slice(0, TITLE_WORDS + 1);
  const title: string[] = [];
  for (const [k, w] of words.entries()) {
    if (title.length >= TITLE_WORDS) break;
    const bare = w.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
    // A capitalised word after a title that is not in Title Case ("The glob files The …"), a word
    // that opens body text, the title's word again ("SHA256 SHA256 is …"), or a capitalised word
    // then a lower-case one after a Title Case title ("Notes Integrity testing …") starts the body.
    if (title.length > 0 && /^\p{Lu}/u.test(w)) {
      const titleCase = title.every((t) => /^[\p{Lu}\p{N}<'"‘“]/u.test(t));
      if (!titleCase || BODY_START.has(bare) || title.includes(w)) break;
      if (/^\p{Ll}/u.test(words[k + 1] ?? '')) break;
    }
    title.push(w);
    if (/[.:?]$/.test(w)) break;
  }
  return title.join(' ');
}

/** The terms a head defines: its names and flags whole, and its words. */
const headTerms = (text: string) => new Set([...termsOf(text), ...namesOf(text)]);

/** The head of an entry that sentence `text` opens, or null. */
function entryHead(text: string): { terms: Set<string>; field: boolean } | null {
  // (A plain-text bullet, "* Memcheck: - Speed up …", is dropped as a list's number is: its label is the field's.)
  const body = text.replace(/^(?:•|\*|\(?[\p{N}\p{L}]{1,2}[.)])\s+/u, (m) => (m.startsWith('•') ? m : ''));
  const flags = FLAGS_AT_START.exec(body);
  if (flags) return { terms: new Set(namesOf(` ${flags[0]}`)), field: false };
  const tag = TAG_AT_START.exec(body);
  if (tag) return { terms: new Set([stem(tag[1]!.toLowerCase()), ...namesOf(tag[1]!)]), field: false };
  const marker = MARKER.exec(body.slice(0, 80));
  if (marker) {
    // The names defined: those before the argument list.
    const head = body.slice(0, body.indexOf('(') > 0 ? body.indexOf('(') : 120);
    const names = namesOf(head);
    if (names.length > 0) return { terms: new Set(names), field: false };
  }
  const name = NAME_AT_START.exec(body);
  if (name) return { terms: headTerms(name[1]!), field: false };
  const bullet = BULLET_TERM.exec(body);
  if (bullet) return { terms: headTerms(bullet[1]!), field: false };
  const field = FIELD.exec(body);
  if (field) return { terms: headTerms(field[1]!), field: true };
  return null;
}

/** A heading found by its type (layout.ts) opening a sentence: its level and how long its title is. */
export interface SetHeading {
  level: number;
  /** The title's length in the sentence's text (the rest is the body's first sentence). */
  length: number;
}

/**
 * The sections and entries of a document's sentences (their texts, in reading order). `set` holds,
 * per sentence, the heading without a number that opens it, found by its type at indexing
 * ("OPTIONS", "Uninstalling Packages"): it opens a section as a numbered heading does; a numbered
 * heading keeps its number's level. A table's row (`rows`) stands in the section its table does.
 */
export function structureOf(
  texts: string[],
  set: (SetHeading | undefined)[] = [],
  /** Per sentence, a table's row (page-units.ts): its first cell is the row's key, not a section number. */
  rows: boolean[] = [],
): Structure {
  const n = texts.length;
  const entryOf = new Int32Array(n).fill(-1);
  const sectionOf = new Int32Array(n).fill(-1);
  const tableTitleOf = new Int32Array(n).fill(-1);
  const heads = new Map<number, Set<string>>();
  const fields = new Map<number, Set<string>>();
  const asked = new Set<number>();
  const questionHeads = new Set<number>();
  const releases = new Set<number>();
  // Open sections, outermost first: [level, sentence index].
  const open: [number, number][] = [];
  let entry = -1;
  texts.forEach((text, i) => {
    const heading = rows[i] ? null : HEADING.exec(text);
    const title = heading ? titleOf(text.slice(heading[0].length)) : '';
    const release = rows[i] ? null : RELEASE_HEADER.exec(text);
    const byType = set[i];
    if (heading && title && !/^\d/.test(title)) {
      const level = heading[1]!.split('.').length;
      while (open.length > 0 && open[open.length - 1]![0] >= level) open.pop();
      open.push([level, i]);
      heads.set(i, headTerms(title));
      entry = -1;
    } else if (release) {
      while (open.length > 0 && open[open.length - 1]![0] >= RELEASE_LEVEL) open.pop();
      open.push([RELEASE_LEVEL, i]);
      heads.set(i, headTerms(release[0]));
      releases.add(i);
      entry = -1;
    } else if (byType && termsOf(text.slice(0, byType.length)).length > 0) {
      while (open.length > 0 && open[open.length - 1]![0] >= byType.level) open.pop();
      open.push([byType.level, i]);
      heads.set(i, headTerms(text.slice(0, byType.length)));
      entry = -1;
    }
    sectionOf[i] = open.length > 0 ? open[open.length - 1]![1] : -1;
    if (rows[i] && open.length > 1) tableTitleOf[i] = open[open.length - 2]![1];
    const head = entryHead(text);
    // A question the document asks itself (a FAQ's): the sentences after it answer it. Its
    // numbered opening sentence ("4.4. My program crashes … vice versa. What's happening?") is part of it.
    if (QUESTION.test(text)) {
      const terms = headTerms(text);
      asked.add(i);
      // Its opening sentence is part of it: a numbered one, or the one a short question refers
      // back to ("The stack traces … aren't helpful. How can I improve them?").
      const prev = texts[i - 1] ?? '';
      const opens = !HEADING.test(text) && (HEADING.test(prev) || termsOf(text).length < 3 || REFERS_BACK.test(text));
      if (i > 0 && opens && !QUESTION.test(prev) && !asked.has(i - 1) && entryOf[i - 1] !== i - 1) {
        asked.add(i - 1);
        for (const t of headTerms(texts[i - 1]!)) terms.add(t);
      }
      entry = i;
      questionHeads.add(i);
      heads.set(i, new Set([...(heads.get(i) ?? []), ...terms]));
    } else if (head?.field) fields.set(i, head.terms);
    else if (head && head.terms.size > 0) {
      entry = i;
      // A heading's own title stays its head's terms; an entry under it adds its own.
      heads.set(i, new Set([...(heads.get(i) ?? []), ...head.terms]));
    } else if (entry >= 0 && i - entry > ENTRY_SPAN) entry = -1;
    entryOf[i] = entry;
  });
  // A question's everyday words are no entry's name: a mention of them elsewhere is no passing one.
  const headed = new Set([...heads].flatMap(([i, h]) => (questionHeads.has(i) ? [] : [...h])));
  return { entryOf, sectionOf, tableTitleOf, heads, headed, fields, asked, releases };
}
