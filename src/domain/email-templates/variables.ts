/**
 * Template variables: `{{contact.firstName}}` or, with a fallback used when the value is empty,
 * `{{contact.firstName | "there"}}` (the fallback quoted, so it may hold spaces and a `|`).
 * Anything else between `{{` and `}}` is malformed and reported as such, never left to chance.
 * A `{{` never closed refuses the save (rules.ts, unclosedMessage): it is where the text and the
 * placeholders after it would go wrong for every reader.
 */
import { braceGroups, replaceGroups } from '../templates/braces';

export interface Placeholder {
  /** The whole text, braces included. */
  raw: string;
  /** The variable's name; null when the placeholder is malformed. */
  name: string | null;
  fallback: string | null;
  /** 1-based line of the source it starts on. */
  line: number;
  /** False for a `{{` never closed (`{{contact.firstName}`): the save refuses it (unclosedMessage). */
  closed: boolean;
}

const WELL_FORMED = /^\s*([a-zA-Z][a-zA-Z0-9_]*(?:\.[a-zA-Z][a-zA-Z0-9_]*)*)\s*(?:\|\s*"([^"]*)"\s*)?$/;

/**
 * Every placeholder of a text, well formed or not, read by braceGroups (src/domain/templates/braces.ts):
 * `Hi {{contact.firstName` (the braces never closed) would reach the reader as written, so it is
 * a malformed placeholder like any other and the checks name it; a stray `}}` is plain text here.
 */
export function placeholdersOf(text: string): Placeholder[] {
  return braceGroups(text)
    .filter((g) => g.kind !== 'stray')
    .map((g) => {
      const parsed = g.kind === 'closed' ? WELL_FORMED.exec(g.inner) : null;
      return {
        raw: g.raw,
        name: parsed ? parsed[1]! : null,
        fallback: parsed ? (parsed[2] ?? null) : null,
        line: g.line,
        closed: g.kind === 'closed',
      };
    });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * Fills every well-formed placeholder from `values`: the value, else the fallback, else nothing.
 * `html` escapes what is put in (a contact's name may hold `<`); the text part and the subject
 * take it as it is. A malformed placeholder stays as written, where the findings point at it.
 */
export function substitute(text: string, values: Readonly<Record<string, string>>, html = false): string {
  return replaceGroups(text, (inner) => {
    const parsed = WELL_FORMED.exec(inner);
    if (!parsed) return undefined;
    const value = values[parsed[1]!] || parsed[2] || '';
    return html ? escapeHtml(value) : value;
  });
}
