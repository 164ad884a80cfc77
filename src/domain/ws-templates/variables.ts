/**
 * The variables of a WhatsApp template's text: `{{1}}`, `{{2}}`… (Meta's message templates, as the
 * product brief's section 3 shows in the body's default). Pure reading of the text, shared by the
 * validator, the Cloud API's components JSON and the phone preview.
 */

/** Anything between double braces, well written or not (`{{1}}`, `{{0}}`, `{{1 }}`, `{{a}}`). */
const BRACES = /\{\{(.*?)\}\}/g;
const NUMBER = /^[1-9]\d*$/;

export interface Variable {
  /** Where `{{` starts. */
  start: number;
  /** Just after `}}`. */
  end: number;
  /** What is between the braces, as written. */
  inner: string;
  /** The variable's number when it is well written, else null. */
  index: number | null;
}

/** Every double-brace group in a text, in order. */
export function variablesOf(text: string): Variable[] {
  const groups: Variable[] = [...text.matchAll(BRACES)].map((m) => {
    const inner = m[1] ?? '';
    return { start: m.index, end: m.index + m[0].length, inner, index: NUMBER.test(inner) ? Number(inner) : null };
  });
  // A `{{` never closed ("Hi {{1") or a `}}` that closes nothing ("Hi 1}}") is a malformed group
  // too: left alone it would reach the customer as typed.
  const inside = (at: number) => groups.some((g) => at >= g.start && at < g.end);
  const strays: Variable[] = [...text.matchAll(/\{\{|\}\}/g)]
    .filter((m) => !inside(m.index))
    .map((m) => ({
      start: m.index,
      end: m[0] === '{{' ? text.length : m.index + 2,
      inner: m[0] === '{{' ? text.slice(m.index + 2) : '',
      index: null,
    }));
  return strays.length ? [...groups, ...strays].sort((a, b) => a.start - b.start) : groups;
}

/** How many example values a text needs: its highest well-written variable (0 when it has none). */
export function variableCount(text: string): number {
  return variablesOf(text).reduce((max, v) => Math.max(max, v.index ?? 0), 0);
}

/** The text with each `{{n}}` replaced by the n-th example (an empty example keeps the variable). */
export function fillExamples(text: string, examples: readonly string[]): string {
  return text.replace(BRACES, (whole, inner: string) => {
    const value = NUMBER.test(inner) ? examples[Number(inner) - 1] : undefined;
    return value ? value : whole;
  });
}
