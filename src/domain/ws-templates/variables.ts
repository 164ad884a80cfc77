/**
 * The variables of a WhatsApp template's text: `{{1}}`, `{{2}}`… (Meta's message templates, as the
 * product brief's section 3 shows in the body's default). Pure reading of the text, shared by the
 * validator, the Cloud API's components JSON and the phone preview.
 */
import { braceGroups, replaceGroups } from '../templates/braces';

const NUMBER = /^[1-9]\d*$/;

export interface Variable {
  /** Where `{{` starts. */
  start: number;
  /** Just after `}}` (an unclosed one: after its word). */
  end: number;
  /** What is between the braces, as written. */
  inner: string;
  /** The variable's number when it is well written, else null. */
  index: number | null;
  /** The group as written, braces included. */
  raw: string;
  /** False for a `{{` never closed (`{{1} and {{2}}`) or a `}}` that closes nothing. */
  closed: boolean;
  /** 1-based line it starts on. */
  line: number;
}

/**
 * Every double-brace group in a text, in order (braceGroups, src/domain/templates/braces.ts). A
 * `{{` never closed ("Hi {{1") or a `}}` that closes nothing ("Hi 1}}") is a malformed group too:
 * left alone it would reach the customer as typed.
 */
export function variablesOf(text: string): Variable[] {
  return braceGroups(text).map((g) => ({
    start: g.start,
    end: g.end,
    inner: g.inner,
    index: g.kind === 'closed' && NUMBER.test(g.inner) ? Number(g.inner) : null,
    raw: g.raw,
    closed: g.kind === 'closed',
    line: g.line,
  }));
}

/** How many example values a text needs: its highest well-written variable (0 when it has none). */
export function variableCount(text: string): number {
  return variablesOf(text).reduce((max, v) => Math.max(max, v.index ?? 0), 0);
}

/** The text with each `{{n}}` replaced by the n-th example (an empty example keeps the variable). */
export function fillExamples(text: string, examples: readonly string[]): string {
  return replaceGroups(text, (inner) => {
    const value = NUMBER.test(inner) ? examples[Number(inner) - 1] : undefined;
    return value || undefined;
  });
}
