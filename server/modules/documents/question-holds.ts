/**
 * Where the document holds what a question asks (docs/document-chat.md, *How answers are made*):
 * per sentence, read from the postings of the question's terms and their other forms, never by
 * reading every sentence: each term's BM25 hold, the question's phrases, the dimension measured,
 * the act and the thing it is done to, the condition, the opposite of the one asked. Typed arrays
 * (0 where a sentence holds none), so that the per-sentence loop (sentence-scoring.ts) reads a
 * sentence and its neighbours without looking words up.
 */
import { statesDeed } from './asked-kind';
import { K1, pairsOf, idfOf, sentenceText } from './document-index';
import { DIMENSIONS } from './question-forms';
import type { Question } from './question-reading';
import { passing } from './sentence-frames';
import { isName, oppositesOf, relatedOf, RELATED_WEIGHT, SYNONYM_WEIGHT, synonymsOf, termsOf } from './terms';

/**
 * A term that heads an entry or a section somewhere, met in a sentence under another head, is a
 * passing mention there ("The difference to asn1_get_length_der() is…" under another function):
 * it counts this much of its weight.
 */
const PASSING_SHARE = 0.5;
/** A phrase of the question held as such (two words side by side) adds this share of its rarer word's weight. */
const PHRASE_SHARE = 0.5;

/** A question's own term, with where the document holds it (holdsOf). */
export interface TermHolds {
  t: string;
  /** Its weight, its IDF. */
  w: number;
  name: boolean;
  holdAt: Float64Array;
  hasAt: Float64Array;
  guessed: boolean;
  /** The share of its weight the passage's coverage keeps where it lacks the term (Question.keeps). */
  keep: number;
  /**
   * The other form it is read as in full (Question.alternatives at [1, 1]): mostly the one word the
   * document writes it in with the question's next or previous word ("code name" as "codename"),
   * which a heading or a table's header may hold for the sentences under it.
   */
  joined: string | undefined;
}

/** Where the document holds a question, per sentence (holdsOf). */
export interface Holds {
  /** 1 where the sentence measures another dimension than the one asked, 2 where it measures an asked one. */
  measures: Uint8Array;
  /** The question's phrases the document uses: their weight, and 1 at each sentence holding the phrase. */
  phrases: { weight: number; heldAt: Float64Array }[];
  /** 1 where the sentence states the act asked about (Question.act). */
  statesAct: Uint8Array;
  /** 1 where the sentence names the thing acted on (Question.objectTerms). */
  objectAt: Uint8Array;
  /** 1 where the sentence holds a word of the condition asked about (Question.conditionWords). */
  conditionAt: Uint8Array;
  /** 1 where the sentence speaks of the opposite of the one asked (Ranked.statesOpposite). */
  opposed: Uint8Array;
  /** Per own term (in Question.own's order). */
  terms: TermHolds[];
  /** 1 where the sentence holds any of the question's terms. */
  holding: Uint8Array;
}

/** "Without" before a word (past an article): its absence; so is "No" opening a row ("No desktop 256 megabytes"), not "if no member objects". */
const ABSENCE = /^without$/i;
const ARTICLE = /^(?:a|an|the|any)$/i;
/**
 * Whether a text names term t only as absent ("No desktop …" opening it, "without a desktop"): true; named
 * otherwise at least once: false; not at all: undefined.
 */
function namedOnlyWithout(text: string, t: string): boolean | undefined {
  const words = text.match(/[\p{L}\p{N}_'’-]+/gu) ?? [];
  let named: boolean | undefined;
  for (let k = 0; k < words.length; k++) {
    if (termsOf(words[k]!)[0] !== t) continue;
    const before = ARTICLE.test(words[k - 1] ?? '') ? words[k - 2] : words[k - 1];
    if (!ABSENCE.test(before ?? '') && !(k === 1 && /^no$/i.test(words[0]!))) return false;
    named = true;
  }
  return named;
}

/** The question's word pairs "which one" + "of what" ("empty trailer") whose first word has opposites. */
function contrastsOf(question: string, own: string[]) {
  const ts = termsOf(question);
  const out: { word: string; thing: string; opposites: ReadonlySet<string> }[] = [];
  for (let k = 0; k + 1 < ts.length; k++) {
    const opposites = oppositesOf(ts[k]!);
    if (opposites && own.includes(ts[k + 1]!)) out.push({ word: ts[k]!, thing: ts[k + 1]!, opposites });
  }
  return out;
}

export function holdsOf(q: Question): Holds {
  const { index, question, own, idf, alternatives, counts } = q;
  const { sentences, postings, lengthNorm, structure } = index;
  // Asked for a quantity of a named dimension ("maximum length"), the sentences measuring another
  // dimension and not the one asked (DIMENSIONS): 1 where the sentence holds another, 2 where it holds an asked one.
  const measures = new Uint8Array(q.wantsQuantity && q.dimensionsAsked.length ? index.sentences.length : 0);
  if (measures.length)
    for (const d of DIMENSIONS) {
      const mark = q.dimensionsAsked.includes(d) ? 2 : 1;
      for (const i of index.postings.get(d)?.at ?? []) measures[i] = Math.max(measures[i]!, mark);
    }
  // The question's phrases the document uses, each with the sentences that hold it (a sentence's
  // phrases are read the first time it holds both words): a passage with the two words side by
  // side is likelier about it.
  const phrases: { weight: number; heldAt: Float64Array }[] = [];
  for (const p of pairsOf(question)) {
    const [a, b] = p.split(' ') as [string, string];
    const heldAt = new Float64Array(sentences.length);
    let held = 0;
    // Only the sentences holding both words (both postings, ascending, walked side by side) can hold the phrase.
    const withA = postings.get(a)?.at ?? [];
    const withB = postings.get(b)?.at ?? [];
    for (let x = 0, y = 0; x < withA.length && y < withB.length; ) {
      const i = withA[x]!;
      const j = withB[y]!;
      if (i < j) x++;
      else if (j < i) y++;
      else {
        const s = sentences[i]!;
        s.pairs ??= pairsOf(sentenceText(index, s));
        if (s.pairs.has(p)) {
          heldAt[i] = 1;
          held++;
        }
        x++;
        y++;
      }
    }
    const weight = PHRASE_SHARE * Math.min(idf.get(a) ?? idfOf(index, a), idf.get(b) ?? idfOf(index, b));
    if (held > 0) phrases.push({ weight, heldAt });
  }
  // The act a "how do I" or "why did X" question asks about (asked-kind.ts askedAct): the sentences
  // stating it, read off the document's words (a derived form counts, as with a "who" question's deed).
  const { act } = q;
  const statesAct = new Uint8Array(act ? sentences.length : 0);
  if (act) {
    const actRelated = new Set(act.flatMap((d) => [...relatedOf(d), ...synonymsOf(d)]));
    for (const [t, { at }] of postings) if (statesDeed([t], act, actRelated)) for (const i of at) statesAct[i] = 1;
  }
  const objectAt = new Uint8Array(q.objectTerms.length ? sentences.length : 0);
  for (const t of q.objectTerms) for (const k of postings.get(t)?.at ?? []) objectAt[k] = 1;
  // Asked what follows from a condition, the sentence that states it as a condition ("If … changes,").
  // (Read only in the sentences holding a word of the condition: the postings say which.)
  const conditionAt = new Uint8Array(q.conditionWords.size ? sentences.length : 0);
  for (const t of q.conditionWords) for (const k of postings.get(t)?.at ?? []) conditionAt[k] = 1;
  const n = sentences.length;
  // The question's word saying which one of a thing it asks of ("an empty trailer"): a sentence
  // naming that thing after an opposite word ("a loaded trailer"), never with the question's own
  // word or a synonym, speaks of the other case (statesOpposite). Each word is read in its commonest
  // sense (scripts/wordnet-opposites.ts): "earlier versions" is not the opposite of "an older version".
  const opposed = new Uint8Array(n);
  for (const { word, thing, opposites } of contrastsOf(question, own)) {
    const same = new Set([word, ...synonymsOf(word)].flatMap((t) => postings.get(t)?.at ?? []));
    for (const i of postings.get(thing)?.at ?? []) {
      if (same.has(i)) continue;
      // (A sentence's word pairs are read once and kept, as for the question's phrases.)
      const s = sentences[i]!;
      s.pairs ??= pairsOf(sentenceText(index, s));
      for (const o of opposites) if (s.pairs.has(`${o} ${thing}`)) opposed[i] = 1;
    }
  }
  // Asked for a value in a case ("How much RAM do I need for a desktop install?"), a sentence naming
  // the case only as its absence ("No desktop 256 megabytes …", "without a desktop") gives the other
  // case's value. (Not a yes/no question: "No desktop is needed" answers "Do I need a desktop?")
  if (q.wantsQuantity)
    for (const t of own) {
      if (isName(t) || namedOnlyWithout(q.raw, t)) continue;
      for (const i of postings.get(t)?.at ?? [])
        if (namedOnlyWithout(sentenceText(index, sentences[i]!), t)) opposed[i] = 1;
    }

  // Per question term and sentence, read from the postings of the term and its other forms (0 where
  // the sentence holds none of them), so the per-sentence loop (sentence-scoring.ts) reads a sentence and its neighbours without
  // looking words up: `holdAt`, the term's best hold, itself or through another form (BM25's
  // saturated, length-normalised frequency, SYNONYM_WEIGHT of it for a synonym, RELATED_WEIGHT for a
  // WordNet relative), less where it is a passing mention; `hasAt`, how much of it the sentence
  // holds for coverage (1 itself, SYNONYM_WEIGHT through a synonym, RELATED_COVERAGE through a
  // relative); `guessed`, held only through relatives (the document never uses the word).
  // `holding`: the sentences that hold any of the question's terms.
  const holding = new Uint8Array(n);
  const terms = own.map((t, at) => {
    const holdAt = new Float64Array(n);
    const hasAt = new Float64Array(n);
    const forms: [string, number, number][] = [[t, 1, 1], ...alternatives.get(t)!];
    for (const [form, weight, share] of forms) {
      const posting = postings.get(form);
      if (!posting) continue;
      for (let k = 0; k < posting.at.length; k++) {
        const i = posting.at[k]!;
        const tf = posting.tf[k]!;
        holdAt[i] = Math.max(holdAt[i]!, weight * ((tf * (K1 + 1)) / (tf + lengthNorm[i]!)));
        hasAt[i] = Math.max(hasAt[i]!, share);
        holding[i] = 1;
      }
    }
    if (counts.has(t) && !index.df.has(t))
      for (let i = 0; i < n; i++)
        if (sentences[i]!.hasQuantity) {
          holdAt[i] = SYNONYM_WEIGHT * ((K1 + 1) / (1 + lengthNorm[i]!));
          hasAt[i] = SYNONYM_WEIGHT;
        }
    for (let i = 0; i < n; i++) if (holdAt[i]! > 0 && passing(structure, i, t)) holdAt[i] = PASSING_SHARE * holdAt[i]!;
    const guessed = forms.some(([, weight]) => weight === RELATED_WEIGHT);
    const joined = forms.find(([form, weight, share], k) => k > 0 && weight === 1 && share === 1 && form !== t)?.[0];
    return {
      t,
      w: idf.get(t)!,
      name: isName(t),
      holdAt,
      hasAt,
      guessed,
      keep: q.keeps[at]!,
      joined,
    };
  });
  return { measures, phrases, statesAct, objectAt, conditionAt, opposed, terms, holding };
}
