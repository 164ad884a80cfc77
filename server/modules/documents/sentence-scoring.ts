/**
 * The score of one sentence for a question (docs/document-chat.md, *How answers are made*): each of
 * the question's terms counts once, at its best place in the passage (the sentence, a neighbour, its
 * entry or section: sentence-frames.ts), weighted by BM25 (question-holds.ts); the question's
 * phrases add a little; the cues of the question's form (a number, a modal, a flag, a label naming
 * its word) multiply it; the checks (sentence-checks.ts) discount it and are kept with it for the
 * answer (Ranked). Called once per sentence with the question read once (question-reading.ts).
 */
import type { Holds } from './question-holds';
import { MEASURE_TERMS } from './question-forms';
import type { Question } from './question-reading';
import type { Ranked } from './ranked';
import {
  datedOtherYear,
  lacksAct,
  lacksAgent,
  lacksAskedFlag,
  lacksComparison,
  lacksPrevention,
  lacksRemoval,
  defaultOnlyAsBehaviour,
  lacksDefault,
  lacksPlace,
  lacksQuantity,
  lacksTime,
  lacksVersion,
  glossesAsked,
  ofAnother,
  onlyNamesAsked,
  quantityOfOther,
  reasonFromAmounts,
  statesCondition,
} from './sentence-checks';
import { around, entryHeld, firstAnswer, framed } from './sentence-frames';
import { sentenceText } from './document-index';
import { ADVISES, CHANGES_BEHAVIOUR, INSTRUCTS, REQUIRES, STORAGE_AMOUNT, STORAGE_TAKEN } from './sentence-forms';
import { synonymsOf } from './terms';

/** How much of the question the passage holds (coverage) counts a term held through its entry or section at this share of it. */
const FRAME_COVERAGE = 1;
/** The score a sentence gets when it has what the question's form asks for. */
const CUE_BONUS = 0.3;
/** A sentence holding no quantity keeps this share of its score when the question asks for one. */
const NO_QUANTITY_SHARE = 0.5;
/** A WordNet relative counts towards the question held only when the passage holds this many of the question's own words. */
const MIN_WORDS_BESIDE_RELATIVES = 2;
/** A sentence naming no one keeps this share of its score when the question asks who. */
const NO_AGENT_SHARE = 0.5;
/** A sentence stating no default value keeps this share of its score when the question asks for one. */
const NO_DEFAULT_SHARE = 0.5;
/** …and this share when it tells only where something goes "by default" (sentence-checks.ts defaultOnlyAsBehaviour). */
const BEHAVIOUR_DEFAULT_SHARE = 0.7;
/** The score a label and its value get when the label names a word of the question. */
const LABEL_BONUS = 1;

/** Sentence i ranked for the question, or undefined when it cannot be the answer. */
export function scoreSentence(q: Question, h: Holds, i: number): Ranked | undefined {
  const { index, own, ownMass, wantsQuantity, rarest } = q;
  const { sentences, pageOf, structure } = index;
  const { entryOf, heads, fields, asked } = structure;
  const { terms } = h;
  const sentence = sentences[i]!;
  // A sentence that holds none of the question's words is a neighbour's context, never the answer.
  // A question the document asks itself is answered by what follows it, never by itself.
  // (A sentence answering one of them may hold the question's words through it alone.) So may a
  // quantity in an entry whose head holds them, asked for one ("-v, --verbose Verbosely list files
  // processed. … The maximum verbosity level is 3.", asked "how many -v can I use?").
  if (
    !h.holding[i] &&
    !(asked.has(entryOf[i]!) && own.some((t) => framed(structure, i, t) > 0)) &&
    !(wantsQuantity && sentence.hasQuantity && own.some((t) => entryHeld(structure, i, t) > 0))
  )
    return undefined;
  if (sentence.isLeader || asked.has(i)) return undefined;
  let score = 0;
  let covered = 0;
  let inSentence = 0;
  let topicIn = 0;
  let missesRarest = false;
  let guessedMass = 0;
  // The weight of the question's wording words the passage lacks that coverage does not count.
  let discount = 0;
  let wordsHeld = 0;
  let missesNameWord = false;
  const nextText = q.readsText && pageOf[i + 1] === sentence.page ? sentenceText(index, sentences[i + 1]!) : '';
  const text = q.readsText ? sentenceText(index, sentence) : '';
  // Asked whether one thing is slower than another, a sentence that compares them in any words
  // ("… is nearly identical") holds the question's "slower".
  const compares = q.comparedTerm !== undefined && q.compares!(text);
  // Asked how much space or memory, a sentence giving an amount in its unit ("200MB") holds the word.
  const stored =
    q.storageTerm !== undefined && STORAGE_AMOUNT.test(text) && STORAGE_TAKEN.test(text) && !q.storageOther!.test(text);
  for (const { t, w, name, holdAt, hasAt, guessed, keep, joined } of terms) {
    const compared = (compares && t === q.comparedTerm) || (stored && t === q.storageTerm);
    const here = compared ? 1 : holdAt[i]!;
    const frame = joined ? Math.max(framed(structure, i, t), framed(structure, i, joined)) : framed(structure, i, t);
    const best = Math.max(here, name ? 0 : around(pageOf, i, holdAt), frame);
    if (best === 0) {
      if (t === rarest) missesRarest = true;
      if (q.nameWords.includes(t)) missesNameWord = true;
      discount += (1 - keep) * w;
      continue;
    }
    score += w * best;
    const mine = compared ? 1 : hasAt[i]!;
    if (mine > 0) inSentence += w * mine;
    // (Asked for a quantity, what it is a quantity of: the entry's head may name it, not a section's title.)
    if (wantsQuantity && !MEASURE_TERMS.has(t)) topicIn += w * Math.max(mine, entryHeld(structure, i, t));
    const part = w * Math.max(mine, name ? 0 : around(pageOf, i, hasAt), FRAME_COVERAGE * frame);
    covered += part;
    if (guessed) guessedMass += part;
    else if (part > 0) wordsHeld++;
    discount += (1 - keep) * (w - part);
  }
  // A relative is a guess at the asker's meaning: it counts towards the question held only beside
  // two of the question's own words ("does the licence expire?" is not answered by "… terminate
  // your rights under this License").
  if (wordsHeld < MIN_WORDS_BESIDE_RELATIVES) covered -= guessedMass;
  for (const { weight, heldAt } of h.phrases) score += weight * Math.max(heldAt[i]!, around(pageOf, i, heldAt));
  let cue = 0;
  if (q.wantsDate ? sentence.hasDate : q.wantsNumber && sentence.hasNumber) cue += CUE_BONUS;
  if (q.wantsRule && sentence.hasModal) cue += CUE_BONUS;
  if (q.wantsReason && sentence.hasReason) cue += CUE_BONUS;
  if (q.wantsOption && sentence.hasFlag) {
    cue += CUE_BONUS;
    // An option's own entry ("-l login_name Specifies the user to log in as …") says what it does.
    if (sentence.leadsWithFlag) cue += CUE_BONUS;
  }
  if (q.wantsMeaning && sentence.hasMeaning) cue += CUE_BONUS;
  const glosses = glossesAsked(q, i);
  if (glosses) cue += LABEL_BONUS;
  // A sentence putting the asked condition in a clause of its own ("If a host's identification ever
  // changes, ssh warns …") states what follows from it, as a label states its value: the label's
  // weight, since a sentence naming the condition in passing often shares more of the words.
  if (statesCondition(q, h, i)) cue += LABEL_BONUS;
  // The first sentence under a question the document asks itself is its direct answer
  // ("4.4. My program crashes normally… What's happening?" "When a program runs under Valgrind,
  // its environment is slightly different…"), when that question is the asker's.
  if (firstAnswer(structure, i) && own.some((t) => framed(structure, i, t) > 0)) cue += CUE_BONUS;
  if (q.wantsDefinition && entryOf[i] === i && own.some((t) => heads.get(i)?.has(t))) cue += CUE_BONUS;
  // A label naming what the question asks about ("Due date: …", "Returns: …") holds its answer,
  // when its value is of the kind asked (a number for "how many", a date for "when") and the
  // passage is about the question at all (half of it: not every "Returns:" of a manual).
  // A list's entry led by a number the question names ("2 Fatal error. This means …" under a
  // program's exit codes, asked "what does exit code 2 mean?") is about that number as a label is.
  if (sentence.leadingNumber !== undefined && q.numbersAsked.has(sentence.leadingNumber)) cue += LABEL_BONUS;
  const label = fields.get(i);
  const valueFits = !(q.wantsNumber && !sentence.hasNumber) && 2 * covered >= ownMass;
  if (label && valueFits && own.some((t) => label.has(t) || synonymsOf(t).some((s) => label.has(s))))
    cue += LABEL_BONUS;
  const noAgent = lacksAgent(q, i);
  if (q.wantsRequirement && REQUIRES.test(text)) cue += CUE_BONUS;
  // Asked what to choose, the sentence advising ("Use 15W-40 oil …") over its neighbour that only names the thing.
  if (q.wantsAdvice && ADVISES.test(text)) cue += CUE_BONUS;
  // Asked what something is or does, the sentence saying so with it as its subject ("The time
  // command runs another program …") answers as a label does its value.
  if (q.definesSubject?.test(text)) cue += LABEL_BONUS;
  const noVersion = lacksVersion(q, i);
  const noComparison = lacksComparison(q, text, nextText);
  const noPrevention = lacksPrevention(q, text, nextText);
  const noRemoval = lacksRemoval(q, text, nextText);
  const noDefault = lacksDefault(q, h, i);
  const otherYear = datedOtherYear(q, text);
  // The more of the question the sentence itself holds, the likelier it is the answer, not its neighbour.
  const focus = 0.5 + (0.5 * inSentence) / ownMass;
  return {
    index: i,
    sentence,
    score:
      score *
      (1 + cue) *
      focus *
      (0.5 + (0.5 * covered) / ownMass) *
      // Asked for a quantity, a sentence holding none is context at best.
      (wantsQuantity && !sentence.hasQuantity ? NO_QUANTITY_SHARE : 1) *
      // Asked in which version, a sentence naming none says what was done, not when.
      (noVersion ? NO_QUANTITY_SHARE : 1) *
      // Asked whether one thing is faster than another, a sentence comparing nothing says what each is.
      (noComparison ? NO_QUANTITY_SHARE : 1) *
      // Asked how to keep an act from happening, a sentence telling how it is done is context at best.
      (noPrevention ? NO_QUANTITY_SHARE : 1) *
      // Asked what was removed, a sentence stating no removal names the thing in passing.
      (noRemoval ? NO_QUANTITY_SHARE : 1) *
      // Asked when in a year, a sentence dated in other years tells of another time.
      (otherYear ? NO_QUANTITY_SHARE : 1) *
      // Asked who, a sentence naming no one is context at best ("… new versions will be similar"
      // under "The Free Software Foundation may publish new versions").
      (noAgent ? NO_AGENT_SHARE : 1) *
      // Asked for a default value, a sentence (or its next) stating none is context at best.
      (noDefault ? NO_DEFAULT_SHARE : defaultOnlyAsBehaviour(q, i) ? BEHAVIOUR_DEFAULT_SHARE : 1),
    coverage: covered / (ownMass - discount),
    measuresOther:
      (wantsQuantity && q.topicMass > 0 && topicIn === 0) ||
      quantityOfOther(q, h, i) ||
      h.measures[i] === 1 ||
      // Asked how many of a thing, a sentence that does not name it counts something else.
      (q.counted >= 0 && terms[q.counted]!.hasAt[i]! === 0 && entryHeld(structure, i, q.countedTerm!) === 0),
    knownCoverage: q.knownMass > 0 ? covered / q.knownMass : 0,
    missesRarest,
    missesRarestName: missesRarest && q.rarestNames,
    namesAbsent: q.namesAbsent,
    lacksQuantity: lacksQuantity(q, i, text, nextText),
    lacksVersion: noVersion,
    lacksTime: otherYear || lacksTime(q, text, nextText),
    lacksAskedFlag: lacksAskedFlag(q, i, text, nextText),
    lacksComparison: noComparison,
    lacksPrevention: noPrevention,
    lacksRemoval: noRemoval,
    missesKind: (missesRarest && rarest !== null && q.kindQualifiers.includes(rarest)) || missesNameWord,
    kindAbsent: q.kindAbsent,
    onlyNamesAsked: onlyNamesAsked(q, i),
    glossesAsked: glosses,
    lacksNumber: q.wantsNumber && !sentence.hasNumber,
    lacksFlag: q.wantsOption && !sentence.hasFlag,
    lacksReason: q.wantsReason && !sentence.hasReason,
    lacksInstruction: q.wantsInstruction && !INSTRUCTS.test(text),
    lacksPlace: lacksPlace(q, i),
    reasonFromAmounts: reasonFromAmounts(q, i),
    lacksAgent: noAgent,
    statesOpposite: h.opposed[i] === 1,
    ofAnother: ofAnother(q, h, i),
    lacksAct: lacksAct(q, h, i),
    lacksDefault: noDefault,
    defaultInNext: q.wantsDefault && !noDefault && !sentence.statesDefault,
    preventionInNext: q.wantsPrevention && !noPrevention && CHANGES_BEHAVIOUR.test(nextText),
    nextHolds: undefined,
    statesRule: q.asksYesNo && sentence.hasRule && q.rarestIndex >= 0 && terms[q.rarestIndex]!.holdAt[i]! > 0,
    absentWords: q.absentWords,
    knownWords: q.knownWords,
    rarestRarity: q.rarestRarity,
  };
}
