/**
 * The reading of a question against a document, before any sentence is scored (docs/document-chat.md,
 * *How answers are made*): its own terms and their other forms in the document, their weights
 * (IDF), what its form asks for (question-forms.ts), the act, the thing, the kind, the condition
 * and the options it names (asked-kind.ts), its rarest word. Read once per question; the
 * per-sentence holds (question-holds.ts), the score (sentence-scoring.ts) and the checks
 * (sentence-checks.ts) read this object, so a rule about the question is written here only.
 */
import {
  askedAttribute,
  askedAct,
  askedDeed,
  askedKind,
  askedRole,
  askedKindQualifiers,
  askedKindWords,
  askedActObject,
  askedLeave,
  askedMeans,
  askedActObjectWords,
  askedCapability,
  askedEvent,
  askedThing,
} from './asked-kind';
import { idfOf, knownTo, type DocumentIndex } from './document-index';
import {
  ABOUT_MONEY,
  ASKS_ADVICE,
  ASKS_AGENT,
  ASKS_DATE,
  definitionAsked,
  definesSubject,
  ASKS_DURATION,
  ASKS_FREQUENCY,
  ASKS_LOWER_BOUND,
  ASKS_MEANING,
  ASKS_MONEY,
  ASKS_NUMBER,
  ASKS_REQUIREMENT,
  ASKS_OPTION,
  ASKS_PREVENTION,
  ASKS_REMOVAL,
  ASKS_PLACE,
  ASKS_RATIO,
  ASKS_REASON,
  ASKS_RULE,
  ASKS_TEMPERATURE,
  ASKS_UPPER_BOUND,
  ASKS_STORAGE,
  ASKS_NAME,
  ASKS_VERSION,
  ASKS_WHAT_TO_DO,
  ASKS_VERSION_ITSELF,
  ASKS_WEIGHT,
  ASKS_WHEN_DONE,
  ASKS_YES_NO,
  CONSTANT_NAME,
  COUNTED,
  DEFAULT_OWNER,
  DIMENSIONS,
  FLAG_ASKED,
  HOW_MANY,
  IS_UNIT,
  MEANING_WORDS,
  MEASURE_TERMS,
  STANDALONE_NUMBER,
  asksDefaultValue,
  comparisonAsked,
  possessorAsked,
  asksImperative,
  wantsQuantityOf,
} from './question-forms';
import { askerCounts, namesAbsentFrom, namingTerms } from './question-names';
import { stem } from './stem';
import { ABOUT_DISK, ABOUT_MEMORY, YEAR, comparesOn } from './sentence-forms';
import {
  isName,
  wordingWordsIn,
  WORDING_COVERAGE,
  acronymRunsOf,
  joinedPairsOf,
  namesOf,
  plainQuestion,
  spelledOut,
  withoutNames,
  ownTerms,
  phraseWordsOf,
  questionTerms,
  RELATED_COVERAGE,
  RELATED_WEIGHT,
  relatedOf,
  SYNONYM_WEIGHT,
  synonymsOf,
  termsOf,
} from './terms';

const DEFAULT_STEM = stem('default');

/** A question as read against a document (readQuestion). */
export interface Question {
  /** The document it is read against. */
  index: DocumentIndex;
  /** As typed, its numbers spelled out: what its form is read from. */
  raw: string;
  /** Its topic: everyday phrases read as the document's terms, the words asking for a meaning left out. */
  question: string;
  /** Its own terms (a whole name only where the document writes it so). */
  own: string[];
  /** The counts the asker gives (question-names.ts askerCounts). */
  counts: Set<string>;
  namesAbsent: boolean;
  /** Per own term, its other forms in the document: [form, weight, share of coverage]. */
  alternatives: Map<string, [string, number, number][]>;
  /** Per term, its IDF (that of the one word the document writes for it, where it joins two). */
  idf: Map<string, number>;
  ownMass: number;
  topicMass: number;
  knownMass: number;
  /** The dimensions (DIMENSIONS) the question names. */
  dimensionsAsked: string[];
  /** Per own term, the share of its weight the passage's coverage keeps where it lacks the term. */
  keeps: number[];
  asksYesNo: boolean;
  wantsMeaning: boolean;
  wantsNumber: boolean;
  wantsQuantity: boolean;
  wantsMoney: boolean;
  wantsDuration: boolean;
  wantsTemperature: boolean;
  wantsWeight: boolean;
  wantsUpper: boolean;
  wantsLower: boolean;
  wantsBound: boolean;
  /** The constants the question names ("How many bytes is MAX_SIZE?"). */
  constantsAsked: string[];
  wantsRule: boolean;
  wantsDate: boolean;
  wantsDefinition: boolean;
  /** Asked what something is or does, a sentence stating it as its subject (question-forms.ts definesSubject). */
  definesSubject: RegExp | undefined;
  wantsReason: boolean;
  /** Asked what to do (ASKS_WHAT_TO_DO): a rule or an instruction answers. */
  wantsInstruction: boolean;
  /** Asked how much space or memory (ASKS_STORAGE), that word's term: an amount in its unit holds it. */
  storageTerm: string | undefined;
  /** …and the words of the other kind of storage (disk for memory, memory for space): a sentence naming them gives another's amount. */
  storageOther: RegExp | undefined;
  wantsOption: boolean;
  wantsAgent: boolean;
  wantsPlace: boolean;
  /** The deed a "who" question asks the doer of (asked-kind.ts askedDeed), and its relatives and synonyms. */
  deed: string[] | undefined;
  deedRelated: Set<string>;
  /** The act a "how do I" or "why did X" question asks about (asked-kind.ts askedAct), or a yes/no question asks leave for (askedLeave). */
  act: string[] | undefined;
  /** The place among the own terms of the owner whose thing the question asks of ("the truck's tires"), or -1. */
  ownerIndex: number;
  /** Whether a passage must state the act, a "how do I" one or running on a platform (askedCapability); not so for leave asked: only the thing acted on must be the one asked. */
  actRequired: boolean;
  /** The thing the act is done to, and its forms where the document names it (else none). */
  actObject: string | undefined;
  objectTerms: string[];
  wantsDefault: boolean;
  defaultOwner: string[];
  wantsVersion: boolean;
  /** Asked which version a thing is (ASKS_VERSION_ITSELF): any number names one ("Debian 12", a table's "13 Trixie"). */
  versionItself: boolean;
  countedTerm: string | undefined;
  countsThings: boolean;
  /** The counted thing's place among the own terms, or -1. */
  counted: number;
  kindQualifiers: string[];
  /** Asked for a thing's name (ASKS_NAME), the words describing it that the document uses: a passage lacking one names another. */
  nameWords: string[];
  kindAbsent: boolean;
  wantsFrequency: boolean;
  wantsTimePoint: boolean;
  versionsAsked: string[];
  /** The years the question names ("in 2023"). */
  yearsAsked: string[];
  wantsRatio: boolean;
  wantsAdvice: boolean;
  /** "Which release dropped …?": a sentence (or the next) stating a removal answers (REMOVES). */
  wantsRemoval: boolean;
  /** "How do I make it not …?", "How do I stop it …?": a sentence keeping the act from happening answers (PREVENTS). */
  wantsPrevention: boolean;
  /** "Is X faster than Y?": a sentence that compares on its scale answers (sentence-forms.ts comparesOn), or undefined. */
  compares: ((text: string) => boolean) | undefined;
  /** Its word of comparison as a term ("slower"), which a sentence that compares holds, or undefined. */
  comparedTerm: string | undefined;
  /** "What do I need installed …?": a sentence saying what something requires answers (REQUIRES). */
  wantsRequirement: boolean;
  /** The options the question names, each as a whole word. */
  flagsAsked: RegExp[];
  /** The words (and their synonyms) of the condition a "what happens if" question asks about. */
  conditionWords: Set<string>;
  readsText: boolean;
  numbersAsked: Set<string>;
  knownWords: number;
  absentWords: number;
  questionWords: Set<string>;
  aboutMoney: boolean;
  rarest: string | null;
  rarestNames: boolean;
  /** The question's terms that name something (a name, an acronym, a capitalised word, a number: question-names.ts namingTerms). */
  naming: Set<string>;
  rarestIndex: number;
  rarestRarity: number;
  setting: string | null;
  settingIndex: number;
}

/** Whether the document writes a word in capitals, alone or in the plural ("DST", "LTSs"). */
function writesInCapitals(index: DocumentIndex, word: string): boolean {
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${word}s?(?![\\p{L}\\p{N}])`, 'u');
  for (const text of index.pages.values()) if (re.test(text)) return true;
  return false;
}

/** The question read against the document, or undefined when it has no term of its own or the document no sentence. */
export function readQuestion(index: DocumentIndex, typed: string): Question | undefined {
  const raw = spelledOut(typed);
  const wantsMeaning = ASKS_MEANING.test(raw.trim());
  // The question's topic: everyday phrases read as the document's terms, the words asking for a meaning left out.
  const question = wantsMeaning ? plainQuestion(raw).replace(MEANING_WORDS, ' ') : plainQuestion(raw);
  // A whole name of the question counts only when the document writes it so too.
  const names = namesOf(question).filter((t) => index.df.has(t));
  // Its parts then count only where the question also uses them on their own.
  const alone = new Set(termsOf(withoutNames(question)));
  const parts = new Set(names.flatMap((n) => termsOf(n)));
  const own = [...new Set([...ownTerms(question).filter((t) => !parts.has(t) || alone.has(t)), ...names])];
  // A count the asker gives that the document never writes is held, as a synonym is, by a sentence
  // stating a quantity ("a table of 10" by "more than 8 guests … a deposit of $50").
  const counts = askerCounts(question);
  if (own.length === 0 || index.sentences.length === 0) return undefined;
  // Three or four words of the question the document writes as their initials, in capitals ("daylight
  // saving time" / "DST", "long-term support" / "LTS"): read as the acronym, also when the question's
  // own name for it ("long-term") is one the document never writes.
  const acronyms = acronymRunsOf(question).filter(
    (r) => index.df.has(r.joined) && !own.includes(r.joined) && writesInCapitals(index, r.initials),
  );
  const namesAbsent = namesAbsentFrom(
    index,
    acronyms.reduceRight((text, r) => `${text.slice(0, r.start)}${r.initials}${text.slice(r.end)}`, question),
  );
  // Each term's other forms in the document: its synonyms, and, for an everyday word the document
  // never uses, its WordNet relatives that it does use ("repairs" -> "servicing"), weighted below.
  const naming = namingTerms(question);
  // Two words of the question the document writes as one ("debug info" / "debuginfo"): a sentence
  // holding the one word holds both, and each weighs as that word (the document knows them so).
  const joinedOf = new Map<string, string>();
  for (const { joined, parts } of joinedPairsOf(withoutNames(question)))
    if (index.df.has(joined) && !own.includes(joined))
      for (const p of parts) if (own.includes(p) && !joinedOf.has(p)) joinedOf.set(p, joined);
  // So with the words of an acronym (above).
  for (const { joined, parts } of acronyms)
    for (const p of parts) if (own.includes(p) && !joinedOf.has(p)) joinedOf.set(p, joined);
  const known = (t: string) => knownTo(index, t) || joinedOf.has(t);
  const alternatives = new Map<string, [string, number, number][]>();
  const inPhrase = phraseWordsOf(question);
  for (const t of own) {
    const alts: [string, number, number][] = synonymsOf(t).map((s) => [s, SYNONYM_WEIGHT, SYNONYM_WEIGHT]);
    // The other word of an everyday phrase ("exit code" / "exit status") is the word itself.
    for (const o of inPhrase.get(t) ?? []) alts.push([o, 1, 1]);
    const joined = joinedOf.get(t);
    if (joined) alts.push([joined, 1, 1]);
    else if (!knownTo(index, t) && !naming.has(t) && !isName(t))
      for (const r of relatedOf(t)) if (index.df.has(r)) alts.push([r, RELATED_WEIGHT, RELATED_COVERAGE]);
    alternatives.set(t, alts);
  }
  const weights = questionTerms(question);
  for (const t of names) weights.set(t, 1);
  const idf = new Map([...weights.keys()].map((t) => [t, idfOf(index, joinedOf.get(t) ?? t)]));
  const ownMass = own.reduce((sum, t) => sum + idf.get(t)!, 0);
  const topicMass = own.filter((t) => !MEASURE_TERMS.has(t)).reduce((sum, t) => sum + idf.get(t)!, 0);
  // The dimensions the question names ("maximum length"): question-holds.ts measures.
  const dimensionsAsked = own.filter((t) => DIMENSIONS.has(t));
  // The question's words the document uses at all (itself or through a synonym).
  const knownMass = own.filter(known).reduce((sum, t) => sum + idf.get(t)!, 0);
  // The question's wording words (everyday verbs, adjectives said of something, "someone": terms.ts
  // wordingWordsIn): a passage may say them in words of its own, where a noun it lacks is a topic
  // it does not have. In the passage's coverage (the refusal line, not its score) one that the
  // document uses but the passage lacks ("wait") counts WORDING_COVERAGE of its weight. One the
  // document never uses keeps its weight: left out, it quoted questions the documents do not answer.
  const wordingWords = wordingWordsIn(question);
  // A yes/no question asks about the act its verb names ("Am I allowed to sell the software?"): a
  // passage without that verb answers another question ("… do not allow the exclusion …").
  const asksYesNo = ASKS_YES_NO.test(raw.trim());
  const keepOf = (t: string) =>
    wordingWords.has(t) && known(t) && !naming.has(t) && !isName(t) && !asksYesNo ? WORDING_COVERAGE : 1;
  const wantsNumber = ASKS_NUMBER.test(raw);
  const wantsQuantity = wantsQuantityOf(raw);
  const wantsMoney = ASKS_MONEY.test(raw);
  const wantsDuration = ASKS_DURATION.test(raw);
  const wantsTemperature = ASKS_TEMPERATURE.test(raw);
  const wantsWeight = ASKS_WEIGHT.test(raw);
  const wantsUpper = ASKS_UPPER_BOUND.test(raw);
  const wantsLower = ASKS_LOWER_BOUND.test(raw);
  const wantsBound = wantsUpper || wantsLower;
  // The constants the question names ("How many bytes is MAX_SIZE?"): a sentence naming them does not give their value by that.
  const constantsAsked = raw.match(CONSTANT_NAME) ?? [];
  const wantsRule = ASKS_RULE.test(raw.trim());
  const wantsDate = ASKS_DATE.test(raw.trim());
  const subjectAsked = definitionAsked(raw.trim());
  const wantsDefinition = subjectAsked !== undefined;
  const subjectDefined = subjectAsked === undefined ? undefined : definesSubject(subjectAsked);
  const wantsReason = ASKS_REASON.test(raw.trim());
  const wantsOption = ASKS_OPTION.test(raw.trim()) || asksImperative(raw);
  const wantsAgent = ASKS_AGENT.test(raw.trim());
  const wantsPlace = ASKS_PLACE.test(raw.trim());
  const deed = wantsAgent ? askedDeed(raw) : undefined;
  const deedRelated = new Set(deed?.flatMap((d) => [...relatedOf(d), ...synonymsOf(d)]));
  // The act a "how do I" or "why did X" question asks about (asked-kind.ts askedAct): the sentences
  // stating it are read off the document's words (question-holds.ts statesAct).
  // Or the act a yes/no question asks leave for ("Can the management refuse a reservation?"), which
  // only says whether a passage doing it lacks the thing it is done to (sentence-checks.ts lacksAct).
  const actAsked = askedAct(raw);
  const leave = actAsked ? undefined : askedLeave(raw);
  const capability = actAsked || leave ? undefined : askedCapability(raw);
  const act = actAsked ?? leave?.act ?? capability;
  // The thing the act is done to, where the document names it (a word it never uses weighs on coverage).
  const [actObject] = termsOf(askedActObject(raw) ?? leave?.object ?? '');
  const objectTerms =
    actObject && own.includes(actObject) && knownTo(index, actObject) ? [actObject, ...synonymsOf(actObject)] : [];
  // Whose thing it asks of ("the truck's tires"), where the document names that owner (sentence-checks.ts ofAnother).
  const [owner] = termsOf(possessorAsked(raw) ?? '');
  const ownerIndex = owner && knownTo(index, owner) ? own.indexOf(owner) : -1;
  const wantsDefault = asksDefaultValue(raw);
  // (Only the owner's words the question holds as its own terms; a name the document never writes refuses anyway.)
  const defaultOwner = wantsDefault
    ? termsOf(DEFAULT_OWNER.exec(raw)?.[1] ?? '').filter((t) => own.includes(t) && index.df.has(t))
    : [];
  const versionItself = ASKS_VERSION_ITSELF.test(raw);
  const wantsVersion = ASKS_VERSION.test(raw) || versionItself;
  const countedWord = COUNTED.exec(question)?.[1] ?? '';
  const [countedTerm] = termsOf(countedWord);
  // "How many files …" is answered by a count; "how many bytes …" by a measure in that unit.
  const countsThings = HOW_MANY.test(raw) && countedTerm !== undefined && !IS_UNIT.test(countedWord);
  const counted = wantsQuantity && countedTerm !== undefined && known(countedTerm) ? own.indexOf(countedTerm) : -1;
  const condition = askedThing(question);
  // Only the word itself or a synonym is that thing: a relative is near it in meaning, not it ("an
  // interview" is not "questions", failing is not passing). Relatives counted until the eighteenth session.
  const conditionAbsent =
    condition !== undefined && termsOf(condition).some((t) => own.includes(t) && !known(t) && !isName(t));
  const kind = askedKind(question);
  const kindWords = askedKindWords(question);
  const kindQualifiers = askedKindQualifiers(question);
  // Asked for a thing's name, every word describing it that the document uses says which one (ASKS_NAME).
  const nameWords = termsOf(ASKS_NAME.exec(raw.trim())?.[1] ?? '').filter((t) => own.includes(t) && known(t));
  const role = askedRole(question);
  const attribute = askedAttribute(question);
  const kindAbsent =
    (kind !== undefined && own.includes(kind) && !known(kind)) ||
    (role !== undefined && own.includes(role) && !known(role)) ||
    (attribute !== undefined && own.includes(attribute) && !known(attribute) && !isName(attribute)) ||
    kindWords.some((t) => own.includes(t) && !known(t) && !isName(t)) ||
    askedActObjectWords(raw).some((t) => own.includes(t) && !known(t) && !isName(t)) ||
    askedMeans(raw).some((t) => own.includes(t) && !known(t)) ||
    conditionAbsent;
  const wantsFrequency = ASKS_FREQUENCY.test(raw);
  const wantsTimePoint = ASKS_WHEN_DONE.test(raw.trim());
  // (A version the question names is what it asks about, not when: "When was version 2.0 published?")
  const versionsAsked = raw.match(/\d+(?:\.\d+)+/g) ?? [];
  const yearsAsked = raw.match(YEAR) ?? [];
  const wantsRatio = ASKS_RATIO.test(raw);
  const wantsAdvice = ASKS_ADVICE.test(raw.trim());
  const wantsPrevention = ASKS_PREVENTION.test(raw.trim());
  const wantsRemoval = ASKS_REMOVAL.test(raw.trim());
  const comparison = comparisonAsked(raw);
  const compares = comparison && comparesOn(comparison.word);
  const comparedTerm = comparison?.word === undefined ? undefined : termsOf(comparison.word)[0];
  const wantsRequirement = ASKS_REQUIREMENT.test(raw);
  const wantsInstruction = ASKS_WHAT_TO_DO.test(raw);
  const storageWord = ASKS_STORAGE.exec(raw)?.[1];
  const storageTerm = termsOf(storageWord ?? '')[0];
  // (Memory is not disk space: an amount of the other kind is another's.)
  const storageOther =
    storageWord === undefined ? undefined : /^(?:memory|ram)$/i.test(storageWord) ? ABOUT_DISK : ABOUT_MEMORY;
  const flagsAsked = [...new Set((raw.match(FLAG_ASKED) ?? []).map((f) => f.replace(/=.*/, '')))].map(
    (f) => new RegExp(`(?<![\\p{L}\\p{N}-])${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u'),
  );
  // Asked what follows from a condition, the sentence that states it as a condition ("If … changes,").
  // (Read only in the sentences holding a word of the condition: question-holds.ts conditionAt.)
  const conditionTerms = termsOf(askedEvent(question) ?? '').filter((t) => own.includes(t));
  const conditionWords = new Set(conditionTerms.flatMap((t) => [t, ...synonymsOf(t)]));
  // Only these forms read the sentence's text itself (a slice of its page) for every sentence.
  const readsText =
    wantsFrequency ||
    wantsTimePoint ||
    wantsRatio ||
    wantsAdvice ||
    compares !== undefined ||
    wantsPrevention ||
    wantsRemoval ||
    wantsRequirement ||
    wantsInstruction ||
    storageTerm !== undefined ||
    flagsAsked.length > 0 ||
    subjectDefined !== undefined;
  const numbersAsked = new Set([...raw.matchAll(STANDALONE_NUMBER)].map((m) => m[1]!));
  // The question's everyday words the document never uses, and the words it does (names absent refuse on their own).
  const knownWords = own.filter(known).length;
  const absentWords = own.length - knownWords;
  const questionWords = new Set(termsOf(question));
  // The rarest of the question's words the document uses at all: a passage without it is likely about something else.
  const used = own.filter((t) => index.df.has(t));
  /** The rarest of some of the question's words (the first of equals), or null for none. */
  const rarestOf = (ts: string[]) => (ts.length ? ts.reduce((a, b) => (idf.get(b)! > idf.get(a)! ? b : a)) : null);
  const rarest = rarestOf(used);
  // Asked a default, the setting asked about is the rarest word other than "default" itself ("what's
  // the default port?" is not answered by another setting's "defaults to yes", however rare "default" is).
  const setting = rarestOf(used.filter((t) => t !== DEFAULT_STEM));
  return {
    index,
    raw,
    question,
    own,
    counts,
    namesAbsent,
    alternatives,
    idf,
    ownMass,
    topicMass,
    knownMass,
    dimensionsAsked,
    keeps: own.map(keepOf),
    asksYesNo,
    wantsMeaning,
    wantsNumber,
    wantsQuantity,
    wantsMoney,
    wantsDuration,
    wantsTemperature,
    wantsWeight,
    wantsUpper,
    wantsLower,
    wantsBound,
    constantsAsked,
    wantsRule,
    wantsDate,
    wantsDefinition,
    definesSubject: subjectDefined,
    wantsReason,
    wantsInstruction,
    storageTerm,
    storageOther,
    wantsOption,
    wantsAgent,
    wantsPlace,
    deed,
    deedRelated,
    act,
    actRequired: actAsked !== undefined || capability !== undefined,
    ownerIndex,
    actObject,
    objectTerms,
    wantsDefault,
    defaultOwner,
    wantsVersion,
    versionItself,
    countedTerm,
    countsThings,
    counted,
    kindQualifiers,
    nameWords,
    kindAbsent,
    wantsFrequency,
    wantsTimePoint,
    versionsAsked,
    yearsAsked,
    wantsRatio,
    wantsAdvice,
    compares,
    wantsPrevention,
    wantsRemoval,
    comparedTerm,
    wantsRequirement,
    flagsAsked,
    conditionWords,
    readsText,
    numbersAsked,
    knownWords,
    absentWords,
    questionWords,
    aboutMoney: ABOUT_MONEY.test(raw),
    rarest,
    rarestNames: rarest !== null && naming.has(rarest),
    naming,
    rarestIndex: rarest === null ? -1 : own.indexOf(rarest),
    rarestRarity: rarest === null ? 0 : idf.get(rarest)! / idfOf(index, ''),
    setting,
    settingIndex: setting === null ? -1 : own.indexOf(setting),
  };
}
