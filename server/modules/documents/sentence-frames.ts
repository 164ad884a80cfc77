/**
 * What a sentence is read with (docs/document-chat.md, *How answers are made*): its neighbours on
 * the same page (CONTEXT), the entry it belongs to and the section it stands in (sections.ts). A
 * question's term held only there still counts, at a share of its weight; a term heading another
 * entry or section is a passing mention. Module-level functions over the index's typed arrays, so
 * the per-sentence loop of the ranking (sentence-scoring.ts) allocates nothing to read them.
 */
import type { Structure } from './sections';
import { SYNONYM_WEIGHT, synonymsOf } from './terms';

/** A term found only in a neighbouring sentence counts this much of what it would in the sentence itself. */
const NEIGHBOUR_SHARE = 0.4;
/** The context a sentence is read in: [offset, share] of a term held only there (same page). */
const CONTEXT: [number, number][] = [
  [-1, NEIGHBOUR_SHARE],
  [1, 0.4],
  [-2, 0.2],
  [2, 0.2],
];
/**
 * A term that names the entry a sentence belongs to (sections.ts: a flag, a tag, a defined name,
 * a form's label) counts as held in it, in full up to two sentences after the entry's head, less
 * further on: a function's heading, then its description, its value, what it returns.
 */
const ENTRY_SHARE = [1, 1, 1, 0.8, 0.6, 0.4, 0.4];
/** A term in the title of the section a sentence stands in counts this much as held in it. */
const SECTION_SHARE = 0.5;
/**
 * A table's row (one with a title over its header: sections.ts tableTitleOf) holds its header's and
 * its title's words in full: the header labels the row's cells as a form's label does its value
 * ("release" over "12 Bookworm … 2023-06-10"), where a section's title only says what its
 * sentences are about. At half, prose naming "Debian" and "release" but no date outranked the row
 * asked "When was Debian 12 released?", and the answer was a refusal.
 */
const ROW_HEAD_SHARE = 1;

/**
 * The best of a per-sentence value around sentence i, weighted by distance and side (CONTEXT), on
 * the same page (pageOf: the index's page of each sentence).
 */
export const around = (pageOf: Int32Array, i: number, values: Float64Array): number => {
  const n = pageOf.length;
  let best = 0;
  for (let k = 0; k < CONTEXT.length; k++) {
    const context = CONTEXT[k]!;
    const share = context[1];
    const j = i + context[0];
    if (share > best && j >= 0 && j < n && pageOf[j] === pageOf[i]) best = Math.max(best, share * values[j]!);
  }
  return best;
};

/** How much sentence i's head terms (of head h) hold term t: 1 itself, SYNONYM_WEIGHT through a synonym. */
const named = (heads: Structure['heads'], h: number, t: string): number => {
  const terms = heads.get(h);
  if (!terms) return 0;
  return terms.has(t) ? 1 : synonymsOf(t).some((s) => terms.has(s)) ? SYNONYM_WEIGHT : 0;
};

/** A term held by sentence i through the entry it belongs to (not by its head itself). */
export const entryHeld = (structure: Structure, i: number, t: string): number => {
  const e = structure.entryOf[i]!;
  return e >= 0 && e !== i ? (ENTRY_SHARE[i - e] ?? 0) * named(structure.heads, e, t) : 0;
};

/** A term held by sentence i through the entry and the section it belongs to (not by their heads themselves). */
export const framed = (structure: Structure, i: number, t: string): number => {
  const s = structure.sectionOf[i]!;
  const entry = entryHeld(structure, i, t);
  // A table's row is also read with its table's title: the header row says what each cell is, the
  // title whose rows they are ("debian.csv": asked of "Debian 12", the row "12 Bookworm …").
  const title = structure.tableTitleOf[i]!;
  const share = title >= 0 ? ROW_HEAD_SHARE : SECTION_SHARE;
  const section = s >= 0 && s !== i ? share * named(structure.heads, s, t) : 0;
  const table = title >= 0 ? share * named(structure.heads, title, t) : 0;
  return Math.max(entry, section, table);
};

/** Whether term t, which heads some entry or section, is met in sentence i under a head that is not about it. */
export const passing = (structure: Structure, i: number, t: string): boolean => {
  if (!structure.headed.has(t)) return false;
  const { entryOf, sectionOf, heads } = structure;
  const frame = entryOf[i]! >= 0 ? entryOf[i]! : sectionOf[i]!;
  if (frame < 0) return false;
  const about = (h: number) => h >= 0 && !!heads.get(h)?.has(t);
  return !about(frame) && !about(sectionOf[i]!);
};

/** Whether sentence i opens the answer to a question the document asks itself. */
export const firstAnswer = (structure: Structure, i: number) => structure.asked.has(i - 1);
