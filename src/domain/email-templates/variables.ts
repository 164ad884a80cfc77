/**
 * Template variables: `{{contact.firstName}}` or, with a fallback used when the value is empty,
 * `{{contact.firstName | "there"}}` (the fallback quoted, so it may hold spaces and a `|`).
 * Anything else between `{{` and `}}` is malformed and reported as such, never left to chance.
 */
export interface Placeholder {
  /** The whole text, braces included. */
  raw: string;
  /** The variable's name; null when the placeholder is malformed. */
  name: string | null;
  fallback: string | null;
  /** 1-based line of the source it starts on. */
  line: number;
}

const ANY = /\{\{([\s\S]*?)\}\}/g;
const WELL_FORMED = /^\s*([a-zA-Z][a-zA-Z0-9_]*(?:\.[a-zA-Z][a-zA-Z0-9_]*)*)\s*(?:\|\s*"([^"]*)"\s*)?$/;

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** A `{{` never closed, as far as its word goes (up to a space, a tag or the line's end). */
const UNCLOSED = /\{\{[^\s<{}]*/y;

export function placeholdersOf(text: string): Placeholder[] {
  const out: Placeholder[] = [];
  let end = 0;
  for (const m of text.matchAll(ANY)) {
    const parsed = WELL_FORMED.exec(m[1]!);
    out.push({
      raw: m[0],
      name: parsed ? parsed[1]! : null,
      fallback: parsed ? (parsed[2] ?? null) : null,
      line: lineAt(text, m.index),
    });
    end = m.index + m[0].length;
  }
  // `Hi {{contact.firstName` (the braces never closed) would reach the reader as written: it is a
  // malformed placeholder like any other, so the checks name it.
  const open = text.indexOf('{{', end);
  if (open >= 0) {
    UNCLOSED.lastIndex = open;
    out.push({ raw: UNCLOSED.exec(text)![0], name: null, fallback: null, line: lineAt(text, open) });
  }
  return out;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * Fills every well-formed placeholder from `values`: the value, else the fallback, else nothing.
 * `html` escapes what is put in (a contact's name may hold `<`); the text part and the subject
 * take it as it is. A malformed placeholder stays as written, where the findings point at it.
 */
export function substitute(text: string, values: Readonly<Record<string, string>>, html = false): string {
  return text.replace(ANY, (raw, inner: string) => {
    const parsed = WELL_FORMED.exec(inner);
    if (!parsed) return raw;
    const value = values[parsed[1]!] || parsed[2] || '';
    return html ? escapeHtml(value) : value;
  });
}
