/**
 * Headings without a section number ("OPTIONS", "DESCRIPTION", "Uninstalling Packages", "Getting
 * started"), found at indexing from how pdfjs sets each line (pdf-reader.ts LineStyle): the stored
 * page text has neither line breaks nor font sizes, so this is the only time they can be seen.
 * A line is a heading when it is short, opens with a letter or a digit, does not end as a sentence
 * does, is followed by body text, and stands out from the body:
 *  - set larger than the document's body text (pdfkit's and LaTeX's headings, groff's .SH);
 *  - or set wholly in a font other than the body's, not a monospace one (a bold heading at the
 *    body's size: groff's .SS "Matching Control", a bold "Getting started");
 *  - or in capitals at the page's left margin with the body indented under it (a man page printed
 *    as plain text: "DESCRIPTION");
 *  - or, longer, a table's header row: wholly in another font, over rows in the body's font that
 *    start where it starts ("version codename … eol-legacy" over "22.04 LTS Jammy Jellyfish …").
 * Its level follows how it is set: a larger size outranks a smaller one, then a line further left
 * one indented more. The headings are kept as offsets into the page's stored (normalised) text,
 * so sections.ts reads them as it reads numbered ones, and a quote stays a slice of the page.
 */
import type { PageLines } from './pdf-reader';
import { normalizePage } from './text';

/** A heading's place in its page's stored text and its level (1 the most prominent). */
export interface LayoutHeading {
  page: number;
  start: number;
  end: number;
  level: number;
}

/** A heading has at most this many words and characters. */
const HEADING_WORDS = 8;
const HEADING_CHARS = 70;
/** A line set this much larger than the body text stands out. */
const LARGER = 1.08;
/** Consecutive heading lines (a heading and its subheading, a title broken over two lines): at most this many. */
const MAX_RUN = 3;

interface Line {
  text: string;
  start: number;
  end: number;
  size: number;
  font: string;
  x: number;
  monospace: boolean;
  /** Its letters are in more than one font. */
  mixed: boolean;
}

function linesOf(raw: string, styles: PageLines): Line[] {
  return styles.map(([start, end, size, font, x, monospace, mixed]) => ({
    text: raw.slice(start, end).replace(/\s+/g, ' ').trim(),
    start,
    end,
    size,
    font,
    x,
    monospace: monospace === 1,
    mixed: mixed === 1,
  }));
}

/** The value most letters have (sizes, fonts), over every line of the document. */
function commonest<T>(lines: Line[], key: (l: Line) => T): T | undefined {
  const counts = new Map<T, number>();
  for (const l of lines) counts.set(key(l), (counts.get(key(l)) ?? 0) + l.text.length);
  let best: T | undefined;
  let most = -1;
  for (const [k, n] of counts)
    if (n > most) {
      best = k;
      most = n;
    }
  return best;
}

/**
 * A table's header row ("version codename series created release eol eol-server eol-esm
 * eol-legacy") names its columns: it may have more words than a heading, as many as a table has
 * columns. What makes it one is its place (layout's headerRow), not its length.
 */
const HEADER_WORDS = 16;
const HEADER_CHARS = 160;
/** A header row is set over at least this many lines aligned with it (the table's rows). */
const MIN_ROWS = 3;

/** Whether a line's words could be a heading's: short, opening with a letter or digit, not a sentence's end. */
function headingShaped(text: string, words = HEADING_WORDS, chars = HEADING_CHARS): boolean {
  if (text.length < 2 || text.length > chars) return false;
  if (!/^[\p{L}\p{N}]/u.test(text) || !/\p{L}{2}/u.test(text)) return false;
  // An address, a path or a command's arguments are no title.
  if (/:\/\/|@|[[\]{}|<>=]/.test(text)) return false;
  // A lower-case lead-in to an example ("… quoting the URL as" / "in:" / the example) is a
  // sentence's piece, set apart only because its example follows on its own lines.
  if (/^\p{Ll}.*:$/u.test(text)) return false;
  // A sentence (or a sentence's piece) ends with a stop or runs on with a comma; a heading does not.
  if (/[.,;!?\-–—(]$/.test(text) && !/\.\.\.$/.test(text)) return false;
  return text.split(' ').length <= words;
}

/**
 * The unnumbered (and numbered) headings of a document, per page, as [start, end) offsets into
 * each page's raw text, with their level. `raws` are the pages' texts as pdfjs gave them.
 */
export function rawHeadingsOf(
  raws: string[],
  layouts: PageLines[],
): { page: number; start: number; end: number; level: number }[] {
  const pages = raws.map((raw, i) => linesOf(raw, layouts[i] ?? []));
  const all = pages.flat().filter((l) => !l.monospace && l.text.length > 0);
  const bodySize = commonest(all, (l) => l.size);
  const bodyFont = commonest(all, (l) => l.font);
  if (bodySize === undefined) return [];
  const found: { page: number; line: Line; key: string }[] = [];
  pages.forEach((lines, p) => {
    const margin = Math.min(...lines.map((l) => l.x));
    // A line over MIN_ROWS lines in the body's font that start where it starts: a table's header row.
    const headerRow = (k: number): boolean => {
      const rows = lines.slice(k + 1, k + 1 + MIN_ROWS);
      const x = lines[k]!.x;
      return rows.length === MIN_ROWS && rows.every((r) => r.font === bodyFont && Math.abs(r.x - x) <= 1);
    };
    // How a line stands out, or null: its size and its indent decide its level.
    const standsOut = (k: number): string | null => {
      const l = lines[k]!;
      if (l.monospace) return null;
      const otherFont = l.size >= bodySize * 0.95 && l.font !== bodyFont && !l.mixed;
      if (!headingShaped(l.text)) {
        const header = otherFont && headingShaped(l.text, HEADER_WORDS, HEADER_CHARS) && headerRow(k);
        return header ? `${bodySize}` : null;
      }
      if (l.size >= bodySize * LARGER) return `${l.size}`;
      if (otherFont) return `${bodySize}`;
      const next = lines[k + 1];
      const capitals = /^[^\p{Ll}]*$/u.test(l.text) && /\p{Lu}{2}/u.test(l.text);
      if (capitals && l.x <= margin + 1 && next && next.x > l.x + 4) return `${bodySize}`;
      return null;
    };
    const marks = lines.map((_, k) => standsOut(k));
    // Followed by body text: a line that does not stand out, at most MAX_RUN heading lines on.
    for (let k = 0; k < lines.length; k++) {
      if (marks[k] === null) continue;
      let j = k + 1;
      while (j < lines.length && marks[j] !== null && j - k < MAX_RUN) j++;
      const body = lines[j];
      // (A label over code, "Unix/macOS" above its commands, heads no section of prose.)
      if (!body || marks[j] !== null || body.monospace || !/\p{L}/u.test(body.text)) continue;
      const line = lines[k]!;
      // A heading broken over two lines set alike is one heading.
      const last = found[found.length - 1];
      if (
        last &&
        last.page === p + 1 &&
        lines[k - 1] === last.line &&
        last.key === `${marks[k]}@${Math.round(line.x)}` &&
        `${last.line.text} ${line.text}`.split(' ').length <= HEADING_WORDS
      ) {
        last.line = { ...last.line, end: line.end, text: `${last.line.text} ${line.text}` };
        continue;
      }
      found.push({ page: p + 1, line, key: `${marks[k]}@${Math.round(line.x)}` });
    }
  });
  // Levels: a larger size first, then a line further left.
  const styles = [...new Set(found.map((f) => f.key))].sort((a, b) => {
    const [sa, xa] = a.split('@').map(Number) as [number, number];
    const [sb, xb] = b.split('@').map(Number) as [number, number];
    return sb - sa || xa - xb;
  });
  return found.map((f) => ({
    page: f.page,
    start: f.line.start,
    end: f.line.end,
    level: styles.indexOf(f.key) + 1,
  }));
}

/** Marks a heading's bounds in the raw text while it is normalised (private-use characters no PDF text holds here). */
const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * A page's headings as offsets into its stored text, normalizePage(raw). The bounds are carried
 * through the normalisation as marks; a page whose text would come out other than without them
 * (a mark between a word broken at a line end) keeps no headings: the stored text never changes.
 */
export function storedHeadings(raw: string, spans: { start: number; end: number }[]): [number, number][] {
  if (spans.length === 0) return [];
  const points = spans
    .flatMap((s) => {
      // Inside the line's first and last letters, so the spaces round them collapse as before.
      let a = s.start;
      let b = s.end;
      while (a < b && /\s/.test(raw[a]!)) a++;
      while (b > a && /\s/.test(raw[b - 1]!)) b--;
      return a < b ? [[a, OPEN] as const, [b, CLOSE] as const] : [];
    })
    .sort((x, y) => x[0] - y[0] || (x[1] === CLOSE ? -1 : 1));
  let marked = '';
  let from = 0;
  for (const [at, mark] of points) {
    marked += raw.slice(from, at) + mark;
    from = at;
  }
  marked += raw.slice(from);
  const normalised = normalizePage(marked);
  const out: [number, number][] = [];
  let text = '';
  let open = -1;
  for (const ch of normalised) {
    if (ch === OPEN) open = text.length;
    else if (ch === CLOSE) {
      if (open >= 0) out.push([open, text.length]);
      open = -1;
    } else text += ch;
  }
  return text === normalizePage(raw) ? out : [];
}

/** The document's headings as stored: per page, offsets into its stored text. */
export function headingsOf(raws: string[], layouts: PageLines[]): LayoutHeading[] {
  const byPage = new Map<number, { start: number; end: number; level: number }[]>();
  for (const h of rawHeadingsOf(raws, layouts)) byPage.set(h.page, [...(byPage.get(h.page) ?? []), h]);
  const out: LayoutHeading[] = [];
  for (const [page, spans] of byPage) {
    const stored = storedHeadings(raws[page - 1]!, spans);
    if (stored.length !== spans.length) continue;
    stored.forEach(([start, end], k) => out.push({ page, start, end, level: spans[k]!.level }));
  }
  return out.sort((a, b) => a.page - b.page || a.start - b.start);
}
