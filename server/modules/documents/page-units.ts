/**
 * The pieces of a document that answers are ranked and quoted by (docs/document-chat.md, *How
 * answers are made*): each page without its running header, footer and page number, cut into
 * sentences. A sentence is kept as offsets into its page's stored text, so a quote is always a
 * slice of the page, word for word. Forms and lists have few full stops, so a bullet (•) and a
 * field label ("Due date:") also start a sentence, and a table too long for one unit is cut into
 * its rows (its amounts, or the dates its rows end in); an initial ("D. Whitfield") or an
 * abbreviation ("e.g.") does not end one.
 */

export interface Unit {
  page: number;
  start: number;
  end: number;
  /** A piece of a sentence cut for length (UNIT_MAX) that the next unit goes on with: a quote of it takes the rest. */
  runsOn?: boolean;
  /** A row of a table cut into rows by its dates (dateRowStarts): never a numbered heading ("12 Bookworm …"). */
  row?: boolean;
}

/** Words compared across pages to find a running header or footer; numbers count as one word. */
const EDGE_WORDS = 32;
/** Pages built on one template (the same words, other numbers) are content: at most this share of a page is dropped. */
const EDGE_SHARE = 0.3;
/** A page edge repeated on at least this share of the pages (and on RUNNING_MIN) is a running header or footer. */
const RUNNING_SHARE = 0.4;
/** Under this many pages, a repeat is as likely a title as a header: nothing is dropped. */
const RUNNING_MIN = 4;
/** A unit longer than this (a table, a list without stops) is cut into rows, then at a semicolon or a space. */
const UNIT_MAX = 300;
/** A table's row boundary: a number (an amount, a quantity) followed by a capitalised word. */
const ROW_BREAK = /(?<=\$[\d,.]+|\d\.\d+|%|\))\s+(?=\p{Lu})/gu;
/**
 * A list marker ("2.", "b)") or a heading of up to three words ("Warranty.", "Late payment.") leads
 * into what follows; so does a plain-text bullet, alone or with its label ("* New upstream version:",
 * "* Memcheck:"), which the label's own break cut from its entry.
 */
const LEAD_IN =
  /^(?=\S)(?:\(?[\p{N}\p{L}]{1,3}[.)]\s?)?(?:(?:[\p{L}\p{N}'’-]+ ){0,2}[\p{L}\p{N}'’-]+[.:])?$|^[*-](?:\s(?:[\p{L}\p{N}'’-]+ ){0,2}[\p{L}\p{N}'’-]+:)?$/u;

/** Where a manual's option entry starts in running text (breaks()); "--" alone is one too ("-- Treats all subsequent arguments as file names"). */
const FLAG = String.raw`--?[\p{L}\p{N}][\p{L}\p{N}-]*`;
const OPTION_AT = new RegExp(
  String.raw`^(?:${FLAG}(?:,\s${FLAG})*(?:=[\p{L}_\[\]]+|\s\[?[\p{Ll}_]+\]?)?|--)\s+\p{Lu}\p{Ll}+\s`,
  'u',
);
/** What may end the text before an option entry: a word, a bracket, a stop. */
const BEFORE_OPTION = /[\p{L}\p{N}\]).]/u;
/**
 * The starts of option entries in a page's body: a flag after white space that follows a word, a
 * bracket or a stop. Found from each hyphen rather than by one pattern tried at every character.
 */
function optionEntries(body: string): number[] {
  const out: number[] = [];
  for (let i = body.indexOf('-'); i >= 0; i = body.indexOf('-', i + 1)) {
    if (i < 2 || body[i - 1] === '-' || !/\s/.test(body[i - 1]!)) continue;
    let j = i - 1;
    while (j > 0 && /\s/.test(body[j - 1]!)) j--;
    if (j > 0 && BEFORE_OPTION.test(body[j - 1]!) && OPTION_AT.test(body.slice(i, i + 240))) out.push(i);
  }
  return out;
}

/** A list entry labelled by a number: "2 Fatal error.", "255 An error occurred". */
const NUMBER_LABEL = /^\d{1,4}\s+\p{Lu}/u;

/** A section number standing alone after a sentence end or a tag ("2.4.", "7.1.3."): no sentence ends after it. */
const SECTION_NUMBER = /(?:^|[.!?:>]\s+)\d{1,2}(?:\.\d{1,2}){0,4}\.$/;

const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'eg',
  'ie',
  'etc',
  'vs',
  'no',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'fig',
  'cf',
  'approx',
  'attn',
  'inc',
  'ltd',
  'co',
  'jr',
  'sr',
]);

interface Word {
  key: string;
  start: number;
  end: number;
}

const WORDS = /[\p{L}\p{N}]+/gu;
const wordAt = (m: RegExpMatchArray, offset: number): Word => ({
  key: /^\d+$/.test(m[0]) ? '#' : m[0].toLowerCase(),
  start: offset + m.index!,
  end: offset + m.index! + m[0].length,
});

/**
 * A page's words at its edges: its first and its last EDGE_WORDS words (`head`, `tail`: both all
 * of its words when it has no more than twice that), and how many it has (`count`, at least
 * 2 * EDGE_WORDS + 1 past that). A page's middle is not read: the last words are found in its tail.
 */
function edgeWords(text: string): { head: Word[]; tail: Word[]; count: number } {
  const head: Word[] = [];
  for (const m of text.matchAll(WORDS)) {
    head.push(wordAt(m, 0));
    if (head.length > 2 * EDGE_WORDS) break;
  }
  if (head.length <= 2 * EDGE_WORDS) return { head, tail: head, count: head.length };
  // A tail of the text holding more than EDGE_WORDS words (its first may be cut: it is not one of the last).
  for (let from = Math.max(0, text.length - 400); ; from = Math.max(0, 2 * from - text.length)) {
    const ws = [...text.slice(from).matchAll(WORDS)];
    if (ws.length > EDGE_WORDS || from === 0)
      return {
        head: head.slice(0, EDGE_WORDS),
        tail: ws.slice(-EDGE_WORDS).map((m) => wordAt(m, from)),
        count: head.length,
      };
  }
}

/** A page edge's keys: its first (or last) 1, 2 … EDGE_WORDS words, marked as the top ('<') or the bottom ('>'). */
function edgeKeys(ws: Word[], fromEnd: boolean): string[] {
  const out: string[] = [];
  let joined = '';
  for (let n = 1; n <= Math.min(EDGE_WORDS, ws.length); n++) {
    const key = (fromEnd ? ws[ws.length - n] : ws[n - 1])!.key;
    joined = n === 1 ? key : fromEnd ? `${key} ${joined}` : `${joined} ${key}`;
    out.push(`${fromEnd ? '>' : '<'}${joined}`);
  }
  return out;
}

/**
 * A web page printed by a browser: its footer, the page's address and "page/pages" ("file:///…/logs.html
 * 2/8"), with the header before it where the reader put it there ("12/2/26, 7:05 AM The page's
 * title"), or the header's date and time alone at the page's top.
 */
const PRINTED_FOOTER =
  /\s(?:\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s?[AP]M\s[^]{0,200}?\s)?(?:https?|file):\/\/\S+\s+(\d{1,4})\/(\d{1,4})\s*$/u;
const PRINTED_HEADER_TIME = /^\s*\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s?[AP]M\s+/u;

/**
 * A browser's own header and footer on a page it printed (PRINTED_FOOTER), whose "N/M" is this page
 * of this many: dropped however few pages there are (a running header needs RUNNING_MIN).
 */
function printedEdges(text: string, page: number, pages: number): [number, number] | null {
  const footer = PRINTED_FOOTER.exec(text);
  if (!footer || Number(footer[1]) !== page || Number(footer[2]) !== pages) return null;
  return [PRINTED_HEADER_TIME.exec(text)?.[0].length ?? 0, footer.index];
}

/** Per page, the [start, end) of its body: the text without running header, footer and page number. */
export function pageBodies(pages: string[]): [number, number][] {
  const edges = pages.map((text) => {
    const { head, tail, count } = edgeWords(text);
    // A page number the reader put before the header (or after the footer) on some pages and not on
    // others (a slide deck's "2 Header left …" beside "Header left … 1"): the edge is also compared without it.
    const numberFirst = head[0]?.key === '#';
    const numberLast = tail[tail.length - 1]?.key === '#';
    return {
      head,
      tail,
      count,
      top: edgeKeys(head, false),
      bottom: edgeKeys(tail, true),
      topAfterNumber: numberFirst ? edgeKeys(head.slice(1), false) : [],
      bottomBeforeNumber: numberLast ? edgeKeys(tail.slice(0, -1), true) : [],
    };
  });
  const need = Math.max(RUNNING_MIN, Math.ceil(pages.length * RUNNING_SHARE));
  const counts = new Map<string, number>();
  for (const e of edges)
    for (const k of new Set([...e.top, ...e.bottom, ...e.topAfterNumber, ...e.bottomBeforeNumber]))
      counts.set(k, (counts.get(k) ?? 0) + 1);
  // A lone word at a page's top repeated by chance ("The") is not a header; a lone page number is.
  const running = (k: string, n: number) => (counts.get(k) ?? 0) >= need && (n > 1 || k.endsWith('#'));
  return pages.map((text, p) => {
    const { head, tail, count, top, bottom, topAfterNumber, bottomBeforeNumber } = edges[p]!;
    if (pages.length < RUNNING_MIN || count < 8) return printedEdges(text, p + 1, pages.length) ?? [0, text.length];
    let start = 0;
    let end = text.length;
    top.forEach((k, i) => {
      if (running(k, i + 1)) start = head[i]!.end;
    });
    topAfterNumber.forEach((k, i) => {
      if (running(k, i + 1)) start = Math.max(start, head[i + 1]!.end);
    });
    bottom.forEach((k, i) => {
      if (running(k, i + 1)) end = tail[tail.length - 1 - i]!.start;
    });
    bottomBeforeNumber.forEach((k, i) => {
      if (running(k, i + 1)) end = Math.min(end, tail[tail.length - 2 - i]!.start);
    });
    // The page number printed just after a running header ("Header right 1 PDF slides …") goes with it.
    if (start > 0) start += /^\s*\d{1,3}(?=\s+\S)/.exec(text.slice(start, start + 8))?.[0].length ?? 0;
    if (start > EDGE_SHARE * text.length) start = 0;
    if (text.length - end > EDGE_SHARE * text.length) end = text.length;
    // Past the header's words, up to the next word; the footer's start, back past spaces.
    while (start < end && /[^\p{L}\p{N}"“‘(<[•*/$-]/u.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    return [start, end];
  });
}

/**
 * A release's header: a Debian changelog's "package (version) distribution; urgency=level" or a
 * NEWS file's "Release 3.16.1 (22 June 2020)". A sentence starts at one (RELEASE_AT), and
 * sections.ts reads it as the heading of the release's entries.
 */
export const RELEASE_HEADER_SOURCE = String.raw`[\p{Ll}\d][\p{Ll}\d.+-]+ \([^()\s]+\) [\w./-]+(?: [\w./-]+)*; urgency=\w+|Release \d+(?:\.\d+)+ \([^()]{1,40}\)`;
const RELEASE_AT = new RegExp(String.raw`\s+(?=${RELEASE_HEADER_SOURCE})`, 'gu');

/** A word that leads into what follows it ("of", "the"): a field label never comes after it. */
const LEADS_ON = /(?:^|[^\p{L}])(?:of|the|a|an|to|for|in|on|with|by|from|and|or|at|as|into|about)$/u;

/** Offsets where a new sentence starts within text[from, to). */
function breaks(text: string, from: number, to: number): number[] {
  const out: number[] = [];
  const body = text.slice(from, to);
  // Sentence ends: . ! ? then a space and a capital, digit, quote, bracket, bullet, flag (an option
  // list's "-t --test …") or a format's conversion (a list of them: "%e Elapsed real time …").
  for (const m of body.matchAll(/([.!?])\s+(?=[\p{Lu}\p{N}"“‘(•<[]|--?[\p{L}\p{N}]|%\p{L}\s)/gu)) {
    if (m[1] === '.') {
      const before = /([\p{L}.]+)\.$/u.exec(body.slice(Math.max(0, m.index - 12), m.index + 1));
      const word = before?.[1]?.toLowerCase() ?? '';
      if (word.length === 1 || ABBREVIATIONS.has(word)) continue;
      // A section number ("… </mime-type> 2.4. The glob files") leads into its title.
      if (SECTION_NUMBER.test(body.slice(Math.max(0, m.index - 16), m.index + 1))) continue;
    }
    out.push(from + m.index + m[0].length);
  }
  // A full stop after a whole word, then a lower-case word: a heading that lost its line break
  // ("… on failure. asn1 write value [Function] …"); not after an initial or an abbreviation.
  // (The stop leads the pattern, what is before it is checked after: a lookbehind first is tried at every character.)
  for (const m of body.matchAll(/\.(?<=(?:[\p{L}\p{N})]{3}|\p{Lu}{2})\.)\s+(?=\p{Ll})/gu)) {
    const word = /([\p{L}.]+)\.$/u.exec(body.slice(Math.max(0, m.index - 12), m.index + 1))?.[1]?.toLowerCase() ?? '';
    if (!ABBREVIATIONS.has(word) && !word.includes('.')) out.push(from + m.index + m[0].length);
  }
  // A stop with no space after it, between a lower-case word and a capitalised one, where the reader
  // joined two lines without one ("… at the first pause.Setting GROPDF_NOSLIDE=1 …", "… PDF
  // readers.Pauses and …"); not a name's dots ("Node.js", "e.g.", "U.S.", "System.Out": a word in lower case before it).
  // (The stop leads the pattern, what is before it is checked after, as above.)
  for (const m of body.matchAll(/\.(?<=(?:^|[\s(“"‘])\p{Ll}{3,}\.)(?=\p{Lu}\p{Ll}+[\s,])/gu))
    out.push(from + m.index + 1);
  // A section number after a closing tag or a colon opens a heading ("… </mime-type> 2.4. The glob files").
  for (const m of body.matchAll(/(?<=[>:])\s+(?=\d{1,2}(?:\.\d{1,2}){1,4}\.?\s+\p{Lu})/gu))
    out.push(from + m.index + m[0].length);
  // So does one after a word without a stop, before a title in capitals: a list item's end and the
  // next section ("… from damaged bzip2 files 2.2. SYNOPSIS …"), where the number would read as the item's.
  for (const m of body.matchAll(/(?<=\p{Ll})\s+(?=\d{1,2}(?:\.\d{1,2}){1,4}\.\s+\p{Lu}{3,}\b)/gu))
    out.push(from + m.index + m[0].length);
  // Plain text's bullets and rules (release notes, READMEs): an asterisk or a hyphen after a stop,
  // a colon or a rule, or before a rule, or a hyphen before a capitalised word and another word
  // ("* arm64: - ignore …", "… ST{,L}XP - Fix incorrect …"; not a C pointer "char * Name", a range
  // "U+0030 - U+0039", "Jan 31 - Feb 2"), and the body
  // after a rule that underlines a heading ("Release 3.19.0 (11 Apr 2022) ~~~~~ This release …").
  for (const m of body.matchAll(/(?<=[.:;!?=~])\s(?=[*-]\s+\S)|\s(?=[*-]\s+[=~]|-\s+\p{Lu}\p{Ll}+\s+\p{L})/gu))
    out.push(from + m.index + 1);
  for (const m of body.matchAll(/(?<=[\p{L}\p{N})\]]\s+)[=~]{3,}\s+(?=[\p{Lu}\p{N}"“(•])/gu))
    out.push(from + m.index + m[0].length);
  // A release's header in a changelog or a NEWS file starts a sentence, and its entries after it
  // ("… +0100 tzdata (2022f-1) unstable; urgency=high * Set urgency to high …", "… f2c4e1) Release
  // 3.16.1 (22 June 2020) ~~~~ 3.16.1 fixes …"): the header heads them (sections.ts RELEASE_HEADER).
  for (const m of body.matchAll(RELEASE_AT)) out.push(from + m.index + m[0].length);
  for (const m of body.matchAll(/; urgency=\w+\s(?=[*-]\s)/g)) out.push(from + m.index + m[0].length);
  // A manual's option entry after a list without a stop ("… VisualHostKey XAuthLocation -p port Port
  // to connect to …") or after a stop the sentence break does not take ("… before -w. -X Enables X11
  // forwarding.", "… is used. -T, --files-from=FILE Get names …"): a flag and its other
  // names, maybe one argument (a plain word, or attached with "="), then a capitalised description.
  // (A flag in prose is followed by lower-case words: "use -p to set it".)
  for (const at of optionEntries(body)) out.push(from + at);
  // A bullet, or a field label ("Preferred contact: ", "Tow-in: ") after a value without a stop.
  // (Not after a word that leads into what follows, "the design goals of Ninja: …": a label starts a
  // line, not a phrase. Read after the match: a lookbehind first is tried at every character.)
  for (const m of body.matchAll(/\s(?=•|\p{Lu}[\p{Ll}-]+(?: [\p{Ll}-]+){0,2}: )/gu))
    if (body[m.index + 1] === '•' || !LEADS_ON.test(body.slice(Math.max(0, m.index - 6), m.index)))
      out.push(from + m.index + 1);
  // A bullet glued to the line before it (a slide's list: "… include:• the choice …", "… printed• type
  // is set …"), where the reader put no space at the line break.
  for (let i = body.indexOf('•', 1); i > 0; i = body.indexOf('•', i + 1))
    if (!/\s/.test(body[i - 1]!)) out.push(from + i);
  return [...new Set(out)].sort((a, b) => a - b);
}

/** A date in a table's cell: ISO (2023-06-10) or US (06/10/2023); IS_DATE_CELL, a cell that is one. */
const DATE_CELL = /\b(?:\d{4}-\d\d-\d\d|\d{1,2}\/\d{1,2}\/\d{4})\b/gu;
const IS_DATE_CELL = /^(?:\d{4}-\d\d-\d\d|\d{1,2}\/\d{1,2}\/\d{4})$/u;
/** How a table row's first cell looks: a number or version ("12", "22.04"), or a capitalised word ("Sid"). */
const rowKeyShape = (word: string) =>
  /^\d+(?:\.\d+)*$/.test(word) ? 'number' : /^\p{Lu}/u.test(word) ? 'capital' : '';

/**
 * Where the rows of a table whose rows end in dates begin (a release history, a schedule: "1.1
 * Buzz buzz 1993-08-16 1996-06-17 1.2 Rex rex 1996-06-17 …"), which has neither stops nor line
 * breaks: after each run of dates, where the next cell looks as most such next cells do (a number
 * or a capitalised word). A row's own numbers ("22.04 LTS Jammy …") look like amounts, so the
 * amounts' row breaks (ROW_BREAK) would cut it inside; this comes first.
 */
function dateRowStarts(text: string, start: number, end: number): number[] {
  const body = text.slice(start, end);
  const candidates: { at: number; shape: string }[] = [];
  for (const m of body.matchAll(DATE_CELL)) {
    const after = m.index + m[0].length;
    const next = /^\s+(\S+)/u.exec(body.slice(after, after + 40));
    if (!next || IS_DATE_CELL.test(next[1]!)) continue;
    const shape = rowKeyShape(next[1]!);
    if (shape) candidates.push({ at: start + after + next[0].length - next[1]!.length, shape });
  }
  const count = (shape: string) => candidates.filter((c) => c.shape === shape).length;
  const shape = count('number') >= count('capital') ? 'number' : 'capital';
  // Three rows at least: one date before a capitalised word is prose ("… on 2023-06-10 Debian …").
  return count(shape) >= 3 ? candidates.filter((c) => c.shape === shape).map((c) => c.at) : [];
}

/** Cuts a long [start, end) into table rows, then pieces of at most UNIT_MAX (at a semicolon if there is one, else a space). */
function cutLong(text: string, start: number, end: number, page: number, out: Unit[]) {
  if (end - start > UNIT_MAX) {
    const dated = dateRowStarts(text, start, end);
    const rows = dated.length
      ? dated
      : [...text.slice(start, end).matchAll(ROW_BREAK)].map((m) => start + m.index + m[0].length);
    if (rows.length > 0) {
      [start, ...rows].forEach((s, i) => {
        let e = i < rows.length ? rows[i]! : end;
        while (e > s && text[e - 1] === ' ') e--;
        const first = out.length;
        cutPieces(text, s, e, page, out);
        // (What comes before the first row found may be the table's header or the text before it.)
        if (dated.length && i > 0) for (let k = first; k < out.length; k++) out[k]!.row = true;
      });
      return;
    }
  }
  cutPieces(text, start, end, page, out);
}

function cutPieces(text: string, start: number, end: number, page: number, out: Unit[]) {
  while (end - start > UNIT_MAX) {
    const window = text.slice(start, start + UNIT_MAX);
    let at = window.lastIndexOf('; ');
    if (at < UNIT_MAX / 3) at = window.lastIndexOf(' ');
    if (at <= 0) break;
    out.push({ page, start, end: start + at + (window[at] === ';' ? 1 : 0), runsOn: true });
    start += at + 1;
    while (text[start] === ' ') start++;
  }
  if (end > start) out.push({ page, start, end });
}

/**
 * The sentences of every page (1-based page numbers), in reading order. `headingStarts` (per page,
 * offsets into its text: layout.ts) are where a heading found by its type opens a new sentence
 * ("… an archiving utility SYNOPSIS Traditional usage …" has no stop to break at).
 */
export function unitsOf(pages: string[], headingStarts: number[][] = []): Unit[] {
  const bodies = pageBodies(pages);
  const out: Unit[] = [];
  pages.forEach((text, i) => {
    const [from, to] = bodies[i]!;
    const cuts = [...breaks(text, from, to), ...(headingStarts[i] ?? [])].filter((b) => b > from && b < to);
    const points = [from, ...new Set(cuts.sort((a, b) => a - b)), to];
    for (let k = 0; k + 1 < points.length; k++) {
      let s = points[k]!;
      let e = points[k + 1]!;
      while (s < e && text[s] === ' ') s++;
      while (e > s && text[e - 1] === ' ') e--;
      if (e > s) cutLong(text, s, e, i + 1, out);
    }
  });
  // A list marker or a short heading joins the sentence after it on its page.
  // The last words of a sentence cut for length ("… by the Free Software" "Foundation.") are its
  // end, not a heading: they stay with it.
  const merged: Unit[] = [];
  let lead: Unit | null = null;
  let restOfCut = false;
  const textOf = (u: Unit) => pages[u.page - 1]!.slice(u.start, u.end);
  for (const u of out) {
    // Two entries of a list labelled by numbers ("0 Successful termination." "1 Some files differ.") stay apart.
    if (lead && lead.page === u.page && NUMBER_LABEL.test(textOf(lead)) && NUMBER_LABEL.test(textOf(u))) {
      merged.push(lead);
      lead = null;
    }
    const joined: Unit =
      lead && lead.page === u.page ? { page: u.page, start: lead.start, end: u.end, runsOn: u.runsOn } : u;
    if (lead && lead.page !== u.page) merged.push(lead);
    lead = null;
    if (!restOfCut && LEAD_IN.test(pages[joined.page - 1]!.slice(joined.start, joined.end))) lead = joined;
    else merged.push(joined);
    restOfCut = u.runsOn === true;
  }
  if (lead) merged.push(lead);
  return merged;
}
