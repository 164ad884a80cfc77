/**
 * The checks of a sentence against what the question asks for (docs/document-chat.md, *How answers
 * are made*): whether it (or the next, its neighbours, its entry) gives the quantity, the time, the
 * version, the option, the default, the place, the person, the act asked about (the Ranked.lacks…
 * flags, which answer-offline.ts reads to quote, to go on, or to refuse). Each takes the question's
 * reading (question-reading.ts) and a sentence's place, so each rule is written once and the
 * per-sentence loop (sentence-scoring.ts) allocates nothing to call it.
 */
import { statesDeed } from './asked-kind';
import { sentenceText } from './document-index';
import type { Holds } from './question-holds';
import type { Question } from './question-reading';
import { framed } from './sentence-frames';
import {
  ADVISES,
  CHANGES_BEHAVIOUR,
  CONDITION_CLAUSE,
  DATE,
  DAY_OF_MONTH,
  EITHER_BOUND,
  IN_MONTH,
  LOWER_BOUND,
  NAMED,
  NUMBER_WORD,
  OFTEN,
  PATH_OR_ADDRESS,
  PERSON,
  PLACE_IN,
  PREVENTS,
  REMOVES,
  QUANTITY,
  RATIO,
  RELEASE_NAMED,
  TIME_POINT,
  UPPER_BOUND,
  VERSION_IN,
  YEAR,
  countIn,
} from './sentence-forms';
import { termsOf } from './terms';

/** Whether a text states a bound the way the question asks (either way when it asks both). */
const statesBound = (q: Question, text: string) =>
  EITHER_BOUND.test(text) || (q.wantsUpper && UPPER_BOUND.test(text)) || (q.wantsLower && LOWER_BOUND.test(text));

/** Whether sentence j holds a quantity besides the constants the question names. */
const quantityIn = (q: Question, j: number) => {
  const { index, constantsAsked } = q;
  const { sentences } = index;
  return (
    sentences[j]!.hasQuantity &&
    (constantsAsked.length === 0 ||
      QUANTITY.test(constantsAsked.reduce((text, c) => text.replaceAll(c, ' '), sentenceText(index, sentences[j]!))) ||
      NUMBER_WORD.test(sentenceText(index, sentences[j]!))) &&
    (!q.countsThings || countIn(sentenceText(index, sentences[j]!), q.countedTerm!))
  );
};

/** A sentence setting two things side by side, each with what it states ("…, while …", "whereas", "unlike"). */
const CONTRAST = /\b(?:while|whereas|unlike)\b|,\s*but\b/i;
/** Where such a sentence's clauses part: a comma, a semicolon, a word joining two clauses. */
const CLAUSE_BREAK = /[,;]|\b(?:because|since|while|whereas|but|unlike|although|though)\b/i;
/**
 * Asked for a quantity of a thing named ("the largest disk a GPT partition table can handle"),
 * whether sentence i states its quantities only of another, in a clause set against the one naming
 * the thing asked ("the classic DOS partition table cannot address disks larger than about 2
 * Terabytes while GPT allows for far larger disks"): the number is the other's.
 */
export const quantityOfOther = (q: Question, h: Holds, i: number) => {
  const sentence = q.index.sentences[i]!;
  if (!q.wantsQuantity || !sentence.hasQuantity) return false;
  const names = h.terms.filter((term) => q.naming.has(term.t) && term.hasAt[i]! > 0).map((term) => term.t);
  if (names.length === 0) return false;
  const text = sentenceText(q.index, sentence);
  if (!CONTRAST.test(text)) return false;
  const clauses = text.split(CLAUSE_BREAK);
  const read = clauses.map((c) => ({ measures: QUANTITY.test(c), terms: new Set(termsOf(c)) }));
  return names.some(
    (t) =>
      read.some((c) => !c.measures && c.terms.has(t)) &&
      !read.some((c) => c.measures && c.terms.has(t)) &&
      read.some((c) => c.measures),
  );
};

/** A glossary's line: a short term, a colon or a dash, what it stands for ("• WG: Working Group"). */
const GLOSS_LINE = /^\W*(?:[•*-]\s*)?([\p{L}\d][\p{L}\d.+-]{0,15})\s*[:–—]\s+(.+?)\.?\s*$/u;
/**
 * Whether sentence i is a glossary's line spelling out a term in the question's own words ("• WG:
 * Working Group" asked "Which working groups does the project have?"): it names what is asked, it
 * does not say which. (Asked what a term means, the line is the answer: not read then.)
 */
export const onlyNamesAsked = (q: Question, i: number) => {
  if (q.asksYesNo || q.wantsMeaning || q.wantsDefinition) return false;
  const spelled = GLOSS_LINE.exec(sentenceText(q.index, q.index.sentences[i]!))?.[2];
  if (!spelled) return false;
  const terms = termsOf(spelled);
  return terms.length > 0 && terms.every((t) => q.questionWords.has(t));
};

/**
 * Asked what a name means ("What does PTAL mean in a review comment?"), whether sentence i is the
 * glossary's line for it ("• PTAL: Please Take A Look."): the answer, whatever else the question
 * says of where the asker met the word.
 */
export const glossesAsked = (q: Question, i: number) => {
  if (!q.wantsMeaning) return false;
  const label = GLOSS_LINE.exec(sentenceText(q.index, q.index.sentences[i]!))?.[1];
  const [term] = termsOf(label ?? '');
  return term !== undefined && q.naming.has(term) && q.own.includes(term);
};

/** Whether sentence j, or the one after it on its page, states a bound. */
const boundNear = (q: Question, j: number) => {
  const { index } = q;
  const { sentences, pageOf } = index;
  return (
    statesBound(q, sentenceText(index, sentences[j]!)) ||
    (pageOf[j + 1] === pageOf[j] && statesBound(q, sentenceText(index, sentences[j + 1]!)))
  );
};

/**
 * Asked for a quantity, whether sentence i holds none (besides the constants named), or none of
 * the kind asked: money, a span of time, a temperature, a weight, a comparison's size (in it or the
 * next), a bound (in it or the next).
 */
export const lacksQuantity = (q: Question, i: number, text: string, nextText: string) => {
  const sentence = q.index.sentences[i]!;
  return (
    q.wantsQuantity &&
    (!quantityIn(q, i) ||
      (q.wantsMoney && !sentence.hasMoney) ||
      (q.wantsDuration && !sentence.hasDuration) ||
      (q.wantsTemperature && !sentence.hasTemperature) ||
      (q.wantsWeight && !sentence.hasWeight) ||
      (q.wantsRatio && !RATIO.test(text) && !RATIO.test(nextText)) ||
      (q.wantsBound && !boundNear(q, i)))
  );
};

/** Whether sentence j states the deed a "who" question asks the doer of (asked-kind.ts askedDeed). */
const doesDeed = (q: Question, j: number) =>
  !q.deed || statesDeed(termsOf(sentenceText(q.index, q.index.sentences[j]!)), q.deed, q.deedRelated);

/** Whether sentence j names someone or something the question does not (a "who" question's answer). */
const namesOther = (q: Question, j: number) => {
  const s = q.index.sentences[j];
  if (!s) return false;
  const text = sentenceText(q.index, s);
  return PERSON.test(text) && [...text.matchAll(NAMED)].some((m) => termsOf(m[0]).some((t) => !q.questionWords.has(t)));
};

/** Asked who, whether sentence i names no one the question does not, or does not state the deed asked of. */
export const lacksAgent = (q: Question, i: number) => q.wantsAgent && (!namesOther(q, i) || !doesDeed(q, i));

/** Whether neither sentence j nor a neighbour on its page states the act the question asks about. */
const lacksActItself = (q: Question, h: Holds, j: number) => {
  const { pageOf } = q.index;
  return ![j - 1, j, j + 1].some((k) => pageOf[k] === pageOf[j] && h.statesAct[k] === 1);
};

/** Whether neither sentence j, a neighbour on its page, nor its entry's or section's head names the thing acted on. */
const lacksObject = (q: Question, h: Holds, j: number) => {
  const { pageOf } = q.index;
  return (
    q.objectTerms.length > 0 &&
    ![j - 1, j, j + 1].some((k) => pageOf[k] === pageOf[j] && h.objectAt[k] === 1) &&
    framed(q.index.structure, j, q.actObject!) === 0
  );
};

/**
 * Ranked.lacksAct: the act asked about, or the thing it is done to, is not stated around sentence i.
 * Asked leave for an act, only a passage stating the act to another thing (Question.actRequired).
 */
export const lacksAct = (q: Question, h: Holds, i: number) => {
  if (q.act === undefined) return false;
  const noAct = lacksActItself(q, h, i);
  return q.actRequired ? noAct || lacksObject(q, h, i) : !noAct && lacksObject(q, h, i);
};

/**
 * Ranked.ofAnother: the question says whose thing it asks of ("the truck's tires") and neither
 * sentence i nor its entry's or section's head names that owner, nor the sentence before it where
 * this one goes on about it ("Its tires …"). A neighbour merely naming it ("Walk around the truck
 * …" before "The tire pressure of a loaded trailer …") does not make the owner this sentence's.
 */
export const ofAnother = (q: Question, h: Holds, i: number) => {
  if (q.ownerIndex < 0) return false;
  const { hasAt, t } = h.terms[q.ownerIndex]!;
  const { index } = q;
  const before = index.pageOf[i - 1] === index.pageOf[i] && hasAt[i - 1]! > 0;
  return (
    hasAt[i]! === 0 &&
    framed(index.structure, i, t) === 0 &&
    !(before && GOES_ON.test(sentenceText(index, index.sentences[i]!)))
  );
};
/** A sentence going on about the thing the one before it named. */
const GOES_ON = /^\W*(?:it|its|they|their|them|this|these|that|those|he|his|she|her)\b/i;

/** Whether sentence i puts the condition asked about in a conditional clause of its own. */
export const statesCondition = (q: Question, h: Holds, i: number) =>
  h.conditionAt[i] === 1 &&
  q.index.sentences[i]!.hasCondition &&
  [...sentenceText(q.index, q.index.sentences[i]!).matchAll(CONDITION_CLAUSE)].some((m) =>
    termsOf(m[1]!).some((t) => q.conditionWords.has(t)),
  );

/** Whether a text names a point in time, other than the versions the question names. */
const statesTime = (q: Question, text: string) =>
  DATE.test(text) ||
  TIME_POINT.test(text) ||
  DAY_OF_MONTH.test(text) ||
  IN_MONTH.test(text) ||
  RELEASE_NAMED.test(text) ||
  VERSION_IN.test(q.versionsAsked.reduce((t, v) => t.replaceAll(v, ' '), text));

/**
 * Asked how often, when, or which to choose, whether the sentence (text) does not say so, nor, for a
 * time or advice, the next (nextText).
 */
export const lacksTime = (q: Question, text: string, nextText: string) =>
  (q.wantsAdvice && !ADVISES.test(text) && !ADVISES.test(nextText)) ||
  (q.wantsFrequency && !OFTEN.test(text)) ||
  // (The next sentence may give the date; a version there is as likely a section's number, "1.1. …".)
  (q.wantsTimePoint &&
    !statesTime(q, text) &&
    !DATE.test(nextText) &&
    !TIME_POINT.test(nextText) &&
    !DAY_OF_MONTH.test(nextText));

/** Asked what was removed, whether neither the sentence nor the next states a removal (REMOVES). */
export const lacksRemoval = (q: Question, text: string, nextText: string) =>
  q.wantsRemoval && !REMOVES.test(text) && !REMOVES.test(nextText);

/**
 * Asked how to keep an act from happening, whether the sentence says nothing that does (PREVENTS),
 * outside a condition ("If the option is not set, curl will use the certificates … to verify the peer"),
 * and the next does not tell how to change what it says is done ("By default APT will automatically
 * remove the package (.deb) files …" "To change this behavior place Dselect::clean …").
 */
export const lacksPrevention = (q: Question, text: string, nextText: string) =>
  q.wantsPrevention && !PREVENTS.test(text.replace(CONDITION_CLAUSE, ' ')) && !CHANGES_BEHAVIOUR.test(nextText);

/** Asked whether one thing is faster or better than another, whether neither the sentence nor the next compares. */
export const lacksComparison = (q: Question, text: string, nextText: string) =>
  q.compares !== undefined && !q.compares(text) && !q.compares(nextText);

/**
 * Asked when something happened in a year ("When did Morocco spring forward in 2023?"), whether
 * the sentence is dated in other years only ("… springs forward on 2020-05-31"): it tells of
 * another year's time (Ranked.lacksTime too; sentence-scoring.ts reads it once a sentence).
 */
export const datedOtherYear = (q: Question, text: string) => {
  if (!q.wantsTimePoint || q.yearsAsked.length === 0) return false;
  const years = text.match(YEAR);
  return !!years && !years.some((y) => q.yearsAsked.includes(y));
};

/** Whether a text writes one of the options the question names, as a whole word. */
const writesFlag = (q: Question, text: string) => q.flagsAsked.some((f) => f.test(text));

/** Asked of an option, the passage writes it: in the sentence, the next, or the entry it belongs to (whether it does not). */
export const lacksAskedFlag = (q: Question, i: number, text: string, nextText: string) => {
  const entry = q.index.structure.entryOf[i]!;
  return (
    q.flagsAsked.length > 0 &&
    !writesFlag(q, text) &&
    !writesFlag(q, nextText) &&
    !(entry >= 0 && entry !== i && writesFlag(q, sentenceText(q.index, q.index.sentences[entry]!)))
  );
};

/** Asked in which version (or which version a thing is: any number then), whether neither sentence i nor the next gives a version number. */
export const lacksVersion = (q: Question, i: number) => {
  const { index } = q;
  const { sentences, pageOf } = index;
  const sentence = sentences[i]!;
  const text = sentenceText(index, sentence);
  // (A bare number names the version asked for only in the sentence itself: "13 Trixie" in a table's row.)
  return (
    q.wantsVersion &&
    !VERSION_IN.test(text) &&
    !(q.versionItself && /\d/.test(text)) &&
    !(pageOf[i + 1] === sentence.page && VERSION_IN.test(sentenceText(index, sentences[i + 1]!)))
  );
};

/** Asked what a default is, whether neither sentence i nor the next states the default of the setting and owner asked. */
export const lacksDefault = (q: Question, h: Holds, i: number) => {
  if (!q.wantsDefault) return false;
  const { sentences, pageOf, structure } = q.index;
  const { terms } = h;
  const sentence = sentences[i]!;
  // (A default stated in a passage that names the setting asked for only through a neighbour is another setting's.)
  const holdsSetting =
    q.settingIndex < 0 || terms[q.settingIndex]!.hasAt[i]! > 0 || framed(structure, i, q.setting!) > 0;
  // The owner asked of is the sentence's, the one before it (which names what it goes on about) or its entry's.
  const ownerHeld = (t: string) =>
    terms[q.own.indexOf(t)]!.hasAt[i]! > 0 ||
    (pageOf[i - 1] === sentence.page && terms[q.own.indexOf(t)]!.hasAt[i - 1]! > 0) ||
    framed(structure, i, t) > 0;
  return (
    !holdsSetting ||
    !q.defaultOwner.every(ownerHeld) ||
    (!statesDefaultOf(q, i) && !(pageOf[i + 1] === sentence.page && statesDefaultOf(q, i + 1)))
  );
};

/**
 * Whether sentence i states the default asked for: a default value (Sentence.statesDefault), or,
 * asked where, what happens "by default" when it names a place ("Where does time write its
 * statistics by default?" "By default, time writes the resource use statistics to the standard
 * error stream."): the place is the value.
 */
const statesDefaultOf = (q: Question, i: number) => {
  const sentence = q.index.sentences[i]!;
  if (sentence.statesDefault) return true;
  const text = sentenceText(q.index, sentence);
  return q.wantsPlace && BY_DEFAULT.test(text) && namesPlace(q, text);
};
const BY_DEFAULT = /\bby default\b/i;
/**
 * Whether sentence i answers a default asked for only by what happens "by default" at a place, with
 * no value stated by it or the next: it answers, but a sentence stating the value ("a path that
 * defaults to /var/log/agent.log") is the better answer (sentence-scoring.ts BEHAVIOUR_DEFAULT_SHARE).
 */
export const defaultOnlyAsBehaviour = (q: Question, i: number) => {
  const { sentences, pageOf } = q.index;
  const sentence = sentences[i]!;
  return (
    q.wantsDefault &&
    !sentence.statesDefault &&
    !(pageOf[i + 1] === sentence.page && sentences[i + 1]!.statesDefault) &&
    statesDefaultOf(q, i)
  );
};

/** Whether a text names a place other than the question's own words ("Where is the trip log kept?" is not answered by "… in the trip log …"). */
const namesPlace = (q: Question, text: string) =>
  PATH_OR_ADDRESS.test(text) ||
  [...text.matchAll(PLACE_IN)].some((m) => termsOf(m[1]!).some((t) => !q.questionWords.has(t)));

/** Asked where, whether sentence i names no place but the question's own words. */
export const lacksPlace = (q: Question, i: number) =>
  q.wantsPlace && !namesPlace(q, sentenceText(q.index, q.index.sentences[i]!));

/** Asked why something was done (not why a sum was charged), whether sentence i is a row of amounts and neither it nor the next gives a cause. */
export const reasonFromAmounts = (q: Question, i: number) => {
  const { sentences, pageOf } = q.index;
  const sentence = sentences[i]!;
  return (
    q.wantsReason &&
    !q.aboutMoney &&
    sentence.hasMoney &&
    !sentence.hasReason &&
    !(pageOf[i + 1] === sentence.page && sentences[i + 1]!.hasReason)
  );
};
