/**
 * Ranking a document's sentences for a question (docs/document-chat.md, *How answers are made*).
 * A sentence is scored with its neighbours: each of the question's terms counts once, at its
 * best place in the passage (the sentence itself, or at NEIGHBOUR_SHARE a neighbour on the same
 * page), weighted by BM25 (rare words over common ones, repeats saturating, long sentences
 * discounted). The question's form adds a cue: "how many / what value / default / limit" prefers
 * a sentence holding a number, "may / must / can / is it allowed" one holding a modal or a "not".
 * A whole name written with dots, underscores or hyphens (`asn1_delete_structure`) or a flag
 * (`-t`, `--force`) is a term of its own beside its parts; it is held by the sentences of the
 * entry it heads (sections.ts), not by a neighbour that merely mentions it. A sentence also holds
 * the words of its section's title (SECTION_SHARE), and a mention of a word that heads another
 * entry or section counts less (PASSING_SHARE): the place about a thing outranks a passing
 * mention. A question's two words side by side that the document also writes so ("mount point")
 * add a little; a form's label naming a word of the question ("Due date:") adds a cue. The
 * question is read with everyday phrases as the document's terms ("come out" as a release, terms.ts
 * PHRASES); "what does X mean" asks about X, and prefers a sentence saying what something stands
 * for. An everyday word the document never uses is read through its WordNet relatives that it does
 * use (terms.ts relatedOf: "sell" as "exchange"), below its weight. A version the question names ("3.19") is held by the sentences naming its releases ("3.19.0").
 * `coverage` is the share of the question's own terms (by IDF) the passage holds (a verb or another
 * wording word the document uses but the passage lacks counting less, terms.ts wordingWordsIn); the
 * score grows with it, and the chat says "not in this document" below a calibrated line (answer-offline.ts).
 *
 * A document's index (its sentences, their terms, the document frequencies and each term's
 * postings: the sentences holding it) is built once from its stored chunks and kept in memory: a
 * ready document's chunks never change. A question reads only the postings of its terms.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  askedAttribute,
  askedAct,
  askedDeed,
  askedKind,
  askedRole,
  askedKindQualifiers,
  askedKindWords,
  askedActObject,
  askedActObjectWords,
  askedCondition,
  askedThing,
  statesDeed,
} from './asked-kind';
import type { LayoutHeading } from './layout';
import { unitsOf, type Unit } from './page-units';
import { structureOf, type Structure } from './sections';
import { stem } from './stem';
import { documentChunks, documents } from './tables';
import {
  isName,
  wordingWordsIn,
  unhyphenated,
  WORDING_COVERAGE,
  joinedPairsOf,
  namesOf,
  plainQuestion,
  spelledOut,
  withoutNames,
  wordKindOf,
  ownTerms,
  phraseWordsOf,
  questionTerms,
  RELATED_COVERAGE,
  RELATED_WEIGHT,
  oppositesOf,
  relatedOf,
  shortFormsIn,
  SYNONYM_WEIGHT,
  synonymsOf,
  termsOf,
  wordUnitsOf,
  wordsWithOffsets,
} from './terms';

const K1 = 1.2;
const DEFAULT_STEM = stem('default');
const B = 0.75;
/** A term found only in a neighbouring sentence counts this much of what it would in the sentence itself. */
export const NEIGHBOUR_SHARE = 0.4;
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
/** How much of the question the passage holds (coverage) counts a term held through its entry or section at this share of it. */
const FRAME_COVERAGE = 1;
/**
 * A term that heads an entry or a section somewhere, met in a sentence under another head, is a
 * passing mention there ("The difference to asn1_get_length_der() is…" under another function):
 * it counts this much of its weight.
 */
const PASSING_SHARE = 0.5;
/** A phrase of the question held as such (two words side by side) adds this share of its rarer word's weight. */
const PHRASE_SHARE = 0.5;
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
/** Ranked.nextHolds is read for this many of the best sentences (an answer quotes at most three places). */
const NEXT_READ = 8;
/** The score a label and its value get when the label names a word of the question. */
const LABEL_BONUS = 1;

/** A sentence (its terms and how often it holds each are in the index's postings). */
interface Sentence extends Unit {
  /** Its phrases, two words side by side ("object identifier") as "a b": read when a question first needs them. */
  pairs?: Set<string>;
  length: number;
  hasNumber: boolean;
  /** A date: 04/13/2026, 2026-04-13, 2 October 2018, October 2018. */
  hasDate: boolean;
  hasQuantity: boolean;
  /** Speaks of an amount of money (MONEY): a price, a currency, "free of charge", "the cost of". */
  hasMoney: boolean;
  /** It speaks of a span of time or a length (DURATION): what "how long" asks for. */
  hasDuration: boolean;
  /** It gives a temperature or a weight in its unit (IN_UNIT): what "how cold" or "how heavy" asks for. */
  hasTemperature: boolean;
  hasWeight: boolean;
  hasModal: boolean;
  /** States a rule (RULE_STATEMENT). */
  hasRule: boolean;
  hasReason: boolean;
  /** Holds a conditional word ("if", "when", "unless": CONDITION_CLAUSE's). */
  hasCondition: boolean;
  /** A command-line flag (`-g`, `--log-socket=…`). */
  hasFlag: boolean;
  /** Says what something means ("stands for", "i.e.", "is short for"). */
  hasMeaning: boolean;
  /** States a default value (DEFAULT_VALUE), not only what happens "by default". */
  statesDefault: boolean;
  /** Opens with a flag (LEADS_WITH_FLAG): an option's own entry. */
  leadsWithFlag: boolean;
  /** The number a list's entry opens with as its label (LEADING_NUMBER: "2 Fatal error."), if any. */
  leadingNumber: string | undefined;
  /** A table of contents or index line (dot leaders), or a reference list's entry: never the answer. */
  isLeader: boolean;
  /**
   * Where the text after the heading that opens this sentence begins ("Using a Proxy Server" then
   * "When installing packages …"): a quote starting here reads as a sentence, not a run-on title.
   */
  bodyStart: number | undefined;
}

export interface DocumentIndex {
  pages: Map<number, string>;
  sentences: Sentence[];
  /** The sections and entries the sentences stand in. */
  structure: Structure;
  df: Map<string, number>;
  /**
   * Per term, the sentences that hold it (ascending) and how often each does: a question's words
   * are looked up there, not in every sentence.
   */
  postings: Map<string, Posting>;
  /** Per sentence, its page (what "same page" compares without reading the sentence). */
  pageOf: Int32Array;
  /** Per sentence, BM25's length part, K1 * (1 - B + B * length / avgLength). */
  lengthNorm: Float64Array;
  avgLength: number;
  chars: number;
}

export interface Posting {
  at: number[];
  tf: number[];
}

export interface Ranked {
  index: number;
  sentence: Sentence;
  score: number;
  /** Share (by IDF) of the question's own terms held by the sentence and its neighbours, 0..1. */
  coverage: number;
  /**
   * The question asks for a quantity and the sentence holds none of its words but the measure words,
   * itself or through the entry it stands in ("What is the maximum length of an OBJECT IDENTIFIER?"
   * "The maximum length this function will encode is …"): its quantity is of something else. So
   * is a sentence measuring another dimension (DIMENSIONS) than the one asked and not it ("the
   * maximum length of a glob pattern", "A glob pattern's default weight is 50, and the maximum is 100").
   */
  measuresOther: boolean;
  /** Share (by IDF) of the question's terms that the document uses at all, held by the passage. */
  knownCoverage: number;
  /** The question's rarest term (of those the document uses) is neither in the sentence nor near it. */
  missesRarest: boolean;
  /** That rarest term names something (a name, an acronym, a capitalised word, a number: "XML", "3.18.0"), not an everyday word. */
  missesRarestName: boolean;
  /** The question names something the document never writes (see absentFrom): it does not answer. */
  namesAbsent: boolean;
  /** The question asks for a quantity and the sentence holds none. */
  lacksQuantity: boolean;
  /**
   * The question asks which version or release did something ("Which version of libtasn1 first
   * supported BMPString?") and neither the sentence nor the next one gives a version number: the passage
   * says what was done, not when.
   */
  lacksVersion: boolean;
  /**
   * The question asks how often ("How often does fc-cache rebuild the cache?") and the sentence gives
   * no frequency; or asks when something was or will be done ("When will the C code generation be
   * released?") and neither it nor the next names a date, a year or a version; or asks which to
   * choose ("Which cipher should I choose …?") and neither it nor the next advises.
   */
  lacksTime: boolean;
  /** The question names an option ("-J", "--zstd") that neither the sentence, the next, nor its entry writes. */
  lacksAskedFlag: boolean;
  /**
   * The question's rarest word names the kind it asks for ("graphical" in "Which graphical client
   * does OpenSSH recommend?") and the passage lacks it: it speaks of another of the kind.
   */
  missesKind: boolean;
  /**
   * The question asks for a kind of thing the document never names, itself or through a synonym
   * ("What brand are the brake pads?" of an invoice that never says "brand"): whatever the passage
   * holds of the rest, it cannot say which one of that kind. So with what follows from an event it
   * never speaks of (askedCondition: "What happens if I decompress a file with the wrong password?"),
   * with a thing asked after that the document never names (IS_THERE: "Is there a graphical tool …?"),
   * and with a thing a "how do I" act is done to that it never names ("How do I search inside zip files?").
   */
  kindAbsent: boolean;
  /** The question asks for a number, a date or a value and the sentence holds no digit: its neighbour may. */
  lacksNumber: boolean;
  /** The question asks what to do (an option, "how do I") and the sentence holds no flag: its neighbour may. */
  lacksFlag: boolean;
  /** The question asks why and the sentence gives no cause: the one after it may ("… get the wrong names." "This is caused by …"). */
  lacksReason: boolean;
  /** The question asks where, and the sentence names no place but the question's own words (a path or an address is one). */
  lacksPlace: boolean;
  /**
   * Asked why something was done, the sentence is a row of amounts ("DOT annual inspection 1 $145.00
   * $145.00") and neither it nor the next gives a cause: a bill says what was done, not why. (Asked
   * why a sum was charged, "Why was I charged $145?", the row is the answer: ABOUT_MONEY.)
   */
  reasonFromAmounts: boolean;
  /** The question asks who, and the sentence names no one the question does not. */
  lacksAgent: boolean;
  /**
   * The question says which one of a thing it asks of ("an empty trailer") and the sentence speaks of
   * the opposite one ("a loaded trailer", oppositesOf), never of the one asked: it answers the other case.
   */
  statesOpposite: boolean;
  /**
   * The question asks how to do something or why something was done ("How do I install the
   * server?", "Why did KDE stop …?"), and neither the sentence nor a neighbour states that act; or
   * states it, but neither they nor the entry's or section's head name the thing it is done to, where
   * the document names it ("How do I send a client certificate?" "… data to be sent twice …").
   */
  lacksAct: boolean;
  /** The question asks what a default is, and neither the sentence nor the next one states a default value. */
  lacksDefault: boolean;
  /**
   * The question asks what a default is, and the next sentence states it, not this one ("-f,
   * --file=ARCHIVE Use archive file …" then "If this option is not given, tar will first examine …"):
   * the quote takes both.
   */
  defaultInNext: boolean;
  /**
   * The question's words that the sentence after it (on the same page, under the same head) holds
   * and this one does not, itself or through its head ("… enhanced to specify the unit used …"
   * then "… accepts the values no|yes|msec, where yes is a synonym of msec."); undefined when none,
   * and past the NEXT_READ best sentences.
   */
  nextHolds?: string[];
  /**
   * A yes/no question ("Can I …", "Do I have to …", "Does this licence apply to …") met by a
   * sentence that states a rule ("You may not …", "… is requested, but not required", "… grants a
   * royalty-free license") and itself holds the question's rarest word the document uses.
   */
  statesRule: boolean;
  /** The question's everyday words the document never uses (itself or through a synonym). */
  absentWords: number;
  /** How rare the question's rarest word the document uses is there: its IDF over that of a word the document never uses (0..1). */
  rarestRarity: number;
  /** The question's words the document does use. */
  knownWords: number;
}

const MODAL = /\b(must|may|should|shall|can|cannot|can't|required|requires|allowed|not|never|only|optional)\b/i;
const NUMBER = /\d/;
const MONTH =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const DATE = new RegExp(
  `\\b(?:\\d{1,2}/\\d{1,2}/\\d{2,4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2} (?:${MONTH})\\.? \\d{4}|(?:${MONTH})\\.? (?:\\d{1,2},? )?\\d{4})\\b`,
  'i',
);
/** "What does -t do?", "What is a glob?", "What does BZ_DATA_ERROR_MAGIC mean?": the entry's head defines it. */
const ASKS_DEFINITION =
  /^\W*what (?:is|are) (?:an? |the )?\S+(?: \S+)?\?*$|^\W*what (?:does|do) .{1,60} (?:do|mean|stand for)\?*$/i;
/** "What does n-i-bz mean?", "What does CRC stand for?": the words asking are the question's form, not its topic. */
const ASKS_MEANING = /^\W*what (?:does|do|is|are) .{1,60}\b(?:mean|stand for|short for)\b|\bmeaning of\b/i;
const MEANING_WORDS = /\b(?:mean|means|meaning|stand for|stands for|short for)\b/gi;
/** A sentence that says what something means. */
const MEANING = /\b(?:stands? for|means|is short for|refers to|is defined as|is called|i\.e\.|abbreviation)/i;
/** Questions asking for a date: a sentence with a date answers them, one with any number less likely. */
const ASKS_DATE = /^(?:\W*)when\b|\b(what|which) (date|day|year|month)\b|\band when\b/i;
/**
 * A quantity: a number standing on its own ("50", "$45", "-1", "0.21"; not the 1 of "ASN.1"), a
 * number written as a word ("only one", "twice"), or a constant's name (MAX_SIZE).
 */
const QUANTITY = /(?:^|[^\p{L}\d.])\d|\b[A-Z][A-Z\d]*_[A-Z\d_]+\b/u;
/** A manual page's section after a program's name ("file(1)", "tun(4)"): a reference, not a quantity. */
const MANUAL_SECTION = /(?<=[\p{L}\d])\(\d\p{L}?\)/gu;
/** A section's or a list entry's number opening a sentence ("1. Introduction …", "2.2. SYNOPSIS"): a label, not a quantity. */
const SECTION_NUMBER = /^\d+(?:\.\d+)*\.\s+(?=\p{Lu})/u;
const NUMBER_WORDS =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|million|single|once|twice|dozen';
const NUMBER_WORD = new RegExp(`\\b(?:${NUMBER_WORDS})\\b`, 'i');
/**
 * A frequency, what "how often" asks for: "each year", "every week", "every March", "every other
 * Friday", "annually", "twice a month".
 */
const FREQUENCY =
  /\b(?:(?:each|every|per|a|an) (?:year|month|quarter|week|day|hour|minute|release)|(?:each|every)(?: other| second| third)? (?:year|month|quarter|week|weekend|day|night|morning|evening|hour|minute|release|season|spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|annually|yearly|quarterly|monthly|weekly|daily|hourly|nightly)\b/i;
/** The words a question asks for a quantity with, not what it is a quantity of. */
const MEASURE_TERMS = new Set(
  termsOf(
    'maximum minimum max min number length size limit amount total count largest highest smallest lowest longest shortest biggest',
  ),
);
/**
 * What a quantity measures. Asked the maximum length of a pattern, a sentence giving the maximum of
 * a pattern's weight (and not its length) measures something else (Ranked.measuresOther).
 */
const DIMENSIONS = new Set(termsOf('length size weight width height depth priority duration timeout'));
/**
 * "How much money …", "How much does it cost?", "What is the fee?": the answer is an amount of money
 * or says there is none. A sentence holding another quantity ("Tier 1 and Tier 2") does not answer.
 */
/** A question about a sum: what was charged, billed or paid. */
const ABOUT_MONEY =
  /\$|\b(?:charge[sd]?|charging|bill(?:s|ed)?|paid|pay|cost(?:s|ed)?|fees?|price[sd]?|amount|total|invoice[sd]?|money)\b/i;
const ASKS_MONEY =
  /\bhow much money\b|\bhow much (?:does|do|will|would|is|are)\b.*\b(?:cost|charge)\b|\bwhat (?:is |are )?(?:the )?(?:price|cost|fee)s?\b|\bhow much\b.*\b(?:pay|paid|earn)\b/i;
const MONEY =
  /[$€£¥]|\b(?:USD|EUR|GBP|dollars?|euros?|pounds?|cents?|prices?|fees?|royalt(?:y|ies)|cost of|charges?|paid|payments?|free)\b|\bno (?:charge|cost)\b/i;
/**
 * "How long did the flush take?", "How long must I keep it online?", "How long can a name be?": the
 * answer is a span of time or a length, in its unit ("12 months", "30 seconds", "255 bytes") or in
 * words ("forever", "until …"). A sentence holding another quantity ("1 $129.50") does not answer.
 */
const ASKS_DURATION = /\bhow long\b/i;
/**
 * "How cold does it have to be …?", "How heavy can the load be?": the answer is a temperature or a
 * weight in its unit ("40 °F", "below freezing", "80,000 pounds"). A sentence holding another
 * quantity ("110 psi, measured cold") does not answer.
 */
const ASKS_TEMPERATURE = /\bhow (?:cold|hot|warm|cool)\b|\bwhat temperature\b/i;
const TEMPERATURE = /°|\b(?:degrees?|fahrenheit|celsius|centigrade|freezing|frost|temperatures?)\b|\b\d+\s?[FC]\b/i;
const ASKS_WEIGHT = /\bhow heavy\b|\bwhat (?:is the |are the )?(?:weight|mass)\b/i;
const WEIGHT = /\b(?:pounds?|lbs?|kilo(?:gram)?s?|kg|tons?|tonnes?|ounces?|oz|grams?|weigh\w*)\b/i;
const DURATION =
  /\b(?:(?:milli|micro|nano)?seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|decades?|ms|long|longer|length|characters?|chars|bytes?|bits?|lines?|words?|letters?|digits?|miles?|kilometers?|meters?|feet|inches|forever|indefinitely|until|permanent(?:ly)?|perpetual|time|times|period)\b|\b\d+\s?(?:[smhd]|[kmg]b)\b/i;
/**
 * "What is the maximum storage fee?", "What is the minimum length of a value?": asked for a bound, the
 * answer states one ("the maximum is 100", "at most 255", "at least 8 bytes", "no more than 10 %",
 * "more than 512 megabytes", a MAX_ constant). A sentence giving a plain amount ("$45 per day") gives
 * the amount, not its bound.
 */
const ASKS_UPPER_BOUND = /\b(?:maximum|max|upper limit)\b/i;
const ASKS_LOWER_BOUND = /\b(?:minimum|min|lower limit)\b/i;
/**
 * A bound either way ("the maximum is 100", "limited to", a MAX_ constant), then the words that bound
 * from above only ("at most", "no more than", "fewer than") or from below only ("at least", "more
 * than"): "the maximum storage fee" is not given by "more than 3 days after …", a lower bound of
 * something else.
 */
const EITHER_BOUND =
  /\b(?:limit(?:s|ed)?|unlimited|no limit|any (?:number|length|size))\b|\b[A-Z][A-Z\d]*_(?:MAX|MIN)\b|\b(?:MAX|MIN)_[A-Z\d_]+\b/i;
const UPPER_BOUND =
  /\b(?:maximum|max|maximal|at most|up to|no (?:more|greater|larger|longer) than|not (?:more|greater|larger|longer) than|(?:less|fewer|smaller|shorter|lower) than|or (?:less|fewer)|exceed(?:s|ed|ing)?|cap(?:ped)?|largest|highest|longest|biggest)\b/i;
const LOWER_BOUND =
  /\b(?:minimum|min|minimal|at least|no (?:less|fewer|smaller|shorter) than|not (?:less|fewer|smaller|shorter) than|(?:more|greater|larger|longer|higher) than|or (?:more|greater|longer)|smallest|lowest|shortest)\b/i;
/** Questions whose answer is a quantity: a passage without one does not answer them. */
const ASKS_QUANTITY =
  /\b(how (many|much|long|large|big|often|high|far|old|fast|slow|quick|quickly|cold|hot|warm|cool|heavy)|what (?:temperature|weight)|what (size|number|percent|percentage|amount|rate|price|fee|total|limit|maximum|minimum)|maximum|minimum|largest|highest|smallest|lowest|longest|shortest|cost)\b/i;
/** "What is the value of ASN1_MAX_NAME_SIZE?": a constant's value is a number (a setting's may be a word, "yes"). */
const ASKS_CONSTANT_VALUE = /\b[Ww]hat(?:'s| is) the values? of [A-Z][A-Z\d]*_[A-Z\d_]+\b/;
/**
 * "What's the most port forwards I can have open?": "the most" before a thing (not before an
 * adjective or a participle: "the most common", "the most used") asks for a maximum.
 */
const THE_MOST = /\b(?:what|which)(?: is| are|'s)? the most ([\p{L}-]+)/iu;
const asksMost = (question: string) => {
  const word = THE_MOST.exec(question)?.[1];
  return !!word && !word.endsWith('ly') && wordKindOf(word) === undefined;
};
const wantsQuantityOf = (raw: string) => ASKS_QUANTITY.test(raw) || ASKS_CONSTANT_VALUE.test(raw) || asksMost(raw);
const ASKS_NUMBER =
  /\b(how (many|much|long|large|big|often|high|low|far|old|soon|fast|cold|hot|warm|cool|heavy)|what (temperature|weight|value|size|number|version|percent|percentage|amount|rate|date|time|day|year|price|fee|total|limit|maximum|minimum|default)|which version|maximum|minimum|max|min|default|limit|highest|lowest|largest|smallest|longest|cost)\b|^\W*when\b|\band when\b/i;
/**
 * "Which version of libtasn1 first supported BMPString?", "In what release was -z added?": asked in
 * which version something came, went or changed, the answer names a version, a number; so asked
 * "which pip release …". ("Which
 * version of the syntax does grep use?" asks for a variant, which need not be numbered.)
 */
const ASKS_VERSION =
  /\b(?:which|what) (?:[\w-]+ )?(?:version|release)s?\b(?! control).*\b(?:add(?:s|ed)?|introduc\w*|first|since|new|removed|dropped|deprecated|changed|fixed|support(?:s|ed)?|needs?|needed|requir\w*)\b/i;
/** A version number ("1.0.2", "2.14.1", "version 3", "v2"): what a question asking in which version is answered with. */
const VERSION_IN = /(?:^|[^\p{L}\d.])\d+(?:\.\d+)+(?!\d)|\b(?:version|release|v)\s?\d+\b/iu;
/**
 * "How often does fc-cache rebuild the cache?": a frequency answers ("every Nth record", "Each year,
 * the TSC elects a chair", "whenever …", "twice"), not any quantity (a constant's name, a count).
 */
const ASKS_FREQUENCY = /\bhow often\b/i;
const OFTEN =
  /\b(?:every|each|per|whenever|always|never|once|twice|times|annually|yearly|quarterly|monthly|weekly|daily|hourly|nightly|periodically|regularly|automatically)\b/i;
/**
 * "When was libtasn1 first released?", "When will 3.20 come out?", "When was the truck picked up?":
 * asked when something happened or will, the answer is a point in time: a date, a year, a version
 * (in the sentence or the next). "When is a glob's weight used?" asks on what condition, not this.
 * So does "What is the release date of trixie?" (not "What date format …", a kind of thing).
 */
const ASKS_WHEN_DONE =
  /^\W*when (?:was|were|did|will|has|had)\b|^\W*when (?:is|are|does|do)\b.*\b(?:releas\w*|publish\w*|com(?:e|ing) out|due)\b|^\W*(?:what|which)(?:'s|’s| is| was| will be)? (?:the )?(?:[\p{L}-]+ )?(?:date|year)(?=\s+(?:of|for|did|was|is|will|does|do)\b|\s*\?|\s*$)/iu;
/** A point in time: a year ("1998"), a decade ("the mid-1990s"), or a day named relative to today. */
const TIME_POINT = /\b(?:19|20)\d\d\b|\b(?:19|20)\d0s\b|\b(?:yesterday|today|tomorrow|ago)\b/i;
/**
 * "How much slower does --track-origins=yes make a program?": a comparison's size answers (a share,
 * a factor: "20 %", "3x", "twice", "half"), not any number ("As of 3.4.0 … It will run slower").
 */
const ASKS_RATIO = /\bhow much (?:faster|slower|quicker|smaller|bigger|larger|better|worse)\b/i;
const RATIO = /\d\s*(?:%|x\b|×)|\b(?:times|twice|half|double|triple|percent|factor)\b/i;
/**
 * "Which cipher should I choose for the best speed?": asked for advice, the passage advises ("should",
 * "recommended", "best", "try", "prefer"); "… you may choose any version ever published" does not.
 */
const ASKS_ADVICE = /^\W*(?:which|what)\b[^?]*\bshould (?:i|we) (?:choose|pick|select|get|buy|prefer)\b/i;
const ADVISES =
  /\b(?:should|recommend\w*|suggest\w*|advis\w*|best|prefer\w*|try|encourage\w*|ideal|better|good for|useful)\b/i;
/** An option as a question names it ("-J", "--zstd", "--level=0"): the passage answering it writes it. */
const FLAG_ASKED = /(?<=^|[\s("'‘“])--?[\p{L}\p{N}][\p{L}\p{N}=-]*/gu;
/** A constant's name: MAX_SIZE, ASN1_MAX_NAME_SIZE. */
const CONSTANT_NAME = /\b[A-Z][A-Z\d]*_[A-Z\d_]+\b/g;
/**
 * "How many subclasses …", "the maximum number of files …": the thing counted, which the answer's
 * sentence names. "People", "times" and "things" name no particular thing: "how many people must
 * approve" is answered by "Two collaborators must approve".
 */
const COUNTED =
  /\b(?:how many|number of|count of)\s+(?:the\s+)?(?!(?:people|persons|times|things|items|ones|of)\b)(\p{L}[\p{L}-]*)/iu;
/** A unit of measure: a size, a time, a share. */
const UNIT =
  '(?:[kmgt]i?b|[kmgt]?bytes?|bits?|%|percent|ms|s|secs?|seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|x)';
/** A number glued to or followed by its unit ("900kbytes", "2 GB", "30 s"): a measure, not a count of things. */
const MEASURED = new RegExp(`(?<![\\p{L}\\d.])\\d+(?:[.,]\\d+)?\\s?${UNIT}(?![\\p{L}\\p{N}])`, 'giu');
const IS_UNIT = new RegExp(`^${UNIT}$`, 'iu');
const HOW_MANY = /\bhow many\b/i;
/** A flag written with a number ("-1 to -9", "--9"): a name, not a count. */
const NUMBER_FLAG = /(?<![\p{L}\p{N}-])--?\d+/gu;
const COUNT_WORD = new RegExp(`^(?:\\d+|${NUMBER_WORDS})$`, 'i');
/**
 * Whether a text counts the thing counted: a number (or a number word) that is neither a measure in
 * its unit nor a flag, and is not followed by another thing than the one counted (an adjective
 * between): "up to 4 volumes", "part 12" and "… is limited to 3." count volumes, parts or
 * anything; "a single element … lists all its aliases" counts elements, not aliases.
 */
function countIn(text: string, counted: string): boolean {
  const words = text
    .replace(MEASURED, ' ')
    .replace(NUMBER_FLAG, ' ')
    .split(/[^\p{L}\p{N}]+/u);
  const isCounted = (t: string | undefined) => t === counted || (!!t && synonymsOf(counted).includes(t));
  return words.some((w, i) => {
    if (!COUNT_WORD.test(w)) return false;
    // "part 12", "aliases: 10": the thing, then its number.
    if (isCounted(termsOf(words[i - 1] ?? '')[0])) return true;
    const next = wordKindOf(words[i + 1] ?? '') === 'adjective' ? words[i + 2] : words[i + 1];
    const [term] = termsOf(next ?? '');
    // "Two must approve": a verb after the count; "a single call" is a noun after an article.
    return !term || isCounted(term) || (wordKindOf(next!) === 'verb' && !/^(?:a|an|the)$/i.test(words[i - 1] ?? ''));
  });
}
/** A conditional clause, up to the comma, colon or stop that ends it. */
const CONDITION_CLAUSE = /\b(?:if|when|whenever|once|unless|in case)\b([^,.;:]*)/gi;
const CONDITION_WORD = /\b(?:if|when|whenever|once|unless|in case)\b/i;
/** "Why …", "What causes …": a sentence giving a cause or a reason answers it. */
const ASKS_REASON = /^\W*why\b|\bwhat (?:causes|is the reason)\b|\bhow come\b/i;
const REASON =
  /\b(?:because|caused?|causes|due to|reasons?|since|so that|in order to|as a result|owing to|result of)\b/i;
/**
 * "Which option …", "How do I …" (also after a clause setting the scene: "our office goes through a
 * proxy, how do I …"): the answer is something to do, often a flag or a setting
 * (`--trace-children=yes`): a sentence holding one is preferred, and quoted along when the best
 * sentence only sets the scene for it.
 */
const ASKS_OPTION =
  /\b(?:which|what) (?:option|flag|switch|setting|parameter|argument|command)s?\b|(?:^\W*|[,;:] *|\s-+\s+)how (?:do|can|should|would|could) (?:i|you|we|one)\b/i;
/**
 * A question typed as a command, as people type into a manual's search ("run ssh in the
 * background", "use a specific key file"): its first word a verb in its plain form, as WordNet uses
 * it most. It asks what to do, as "how do I" does.
 */
const asksImperative = (raw: string) => {
  const first = /^\W*([a-z]+)\b/i.exec(raw)?.[1]?.toLowerCase() ?? '';
  return !AUXILIARY.test(first) && !/(?:ed|ing)$/.test(first) && wordKindOf(first) === 'verb';
};
const AUXILIARY =
  /^(?:do|does|did|is|are|was|were|am|be|can|could|may|might|must|shall|should|will|would|has|have|had|need|want)$/;
/** A sentence opening with a flag: an option's entry in a program's manual. */
const LEADS_WITH_FLAG = /^--?[\p{L}\p{N}]/u;
const FLAG_IN = /(?:^|[\s([{"'‘“,/])--?[\p{L}\p{N}][\p{L}\p{N}-]*/u;
/**
 * "What is the default port?", "What's the default escape key?", "What port does it use if I don't
 * give one?", "Where does it look by default?": the answer states the value ("The default is ~/.ssh/id_rsa", "(default: '~')",
 * "defaults to 1", "50 by default", "If this option is not given, … is used"). A sentence saying
 * only what happens "By default, …" describes a behaviour, not the value asked for.
 */
const ASKS_DEFAULT_VALUE = [
  // "What is the default port?" (not "the default behaviour")
  /\bwhat(?: is| are|'s)? (?:the )?default\b(?! (?:behaviou?r|action|mode))/i,
  // "What port does it use if I don't give one?"
  /^\W*(?:what|which)\b.*\b(?:if|when) (?:i|you|we) (?:do not|don't) (?:give|set|specify|pass|provide|choose|pick|name|say|add)\b/i,
  // "Which file is read when none is given?"
  /^\W*(?:what|which)\b.*\b(?:if|when) (?:none|nothing|it) is(?: not)? (?:given|set|specified)\b/i,
  // "Where does it look for my key by default?" (not "What happens by default?")
  /^\W*(?:what|which|where)\b(?!.*\b(?:happens?|does it do|behaviou?r)\b).*\bby default\b/i,
];
const asksDefaultValue = (question: string) => ASKS_DEFAULT_VALUE.some((form) => form.test(question));
/**
 * What a default is asked of ("the default weight of a magic match", "the default block size of
 * bzip2recover"): the words after "of" or "for". A default stated under another owner ("The default
 * weight value is 50" of a glob) is that owner's.
 */
const DEFAULT_OWNER = /\bdefault\b[^?.]*?\b(?:of|for)\s+(?:an?\s+|the\s+)?([\p{L}\p{N}_.-]+(?:\s+[\p{L}\p{N}_.-]+)?)/iu;
const DEFAULT_VALUE =
  /\bdefaults? (?:to|is|are|value|setting)\b|\(default\b|\(the default\b|\bdefault:|\bdefault\s*=|\bthe default\b[^.;]{0,40}\b(?:is|are)\b|\b(?:is|are) (?:the )?default\b|\b(?:is|are)\b[^.;]{1,60}\bby default\b|\b(?:is|are) not (?:given|set|specified|supplied)\b|\bif (?:omitted|unset|not (?:given|set|specified|supplied))\b|\bwhen omitted\b/i;
/** "Where is …", "Where do I …": the answer names a place (PLACE_IN). */
const ASKS_PLACE = /^\W*where\b/i;
/**
 * A place a sentence names: a path, an address, or a preposition of place and what follows it
 * ("in the maintenance book", "to stdout", "from Nordic mythology").
 */
const PLACE_IN =
  /(?:^|\s)(?:in|into|at|to|from|on|under|inside|within|beside|near|via|through)\s+(?:(?:the|a|an|your|my|its|their|his|her|our|this|that)\s+)?([^\s.,;:!?()]+(?:\s+[^\s.,;:!?()]+)?)/giu;
const PATH_OR_ADDRESS = /[~˜]\/|(?:^|\s)\/[\w.-]+\/|[\w.+-]+@[\w-]+\.[\w.]+|\bhttps?:\/\/|\bwww\./i;
/** "Who …", "by whom": the answer names someone (a capitalised name the question does not hold). */
const ASKS_AGENT = /^\W*who(?:m)?\b|\bby whom\b|\bwhich (?:person|people|company|organi[sz]ation)\b/i;
/** Capitalised words past a sentence's first: the names it holds ("Peterson and Brown", "D. Whitfield"). */
const NAMED = /(?<=[\p{L}\p{N}.,;:)]\s+)\p{Lu}[\p{L}\p{N}]*/gu;
/**
 * Someone's or an organisation's name: an initial then a surname ("D. Whitfield"), two capitalised
 * words in a row ("Julian Seward", "Free Software"), or a company's suffix ("Northgate LLC"); not
 * a heading's capitals or a month ("NEWS Release 3.19.0 (11 Apr 2022)"), nor a heading run into its
 * sentence ("1.1. Version This is version 0.21 …").
 */
const PERSON =
  /\b\p{Lu}\.\s?\p{Lu}\p{Ll}+|\b(?!(?:The|This|That|These|Those|A|An|In|On|If|For|When|It|Its|We|You|Our|See|Note)\s)\p{Lu}\p{Ll}+\s+(?!(?:The|This|That|These|Those|A|An|In|On|If|For|When|It|Its|We|You|Our|See|Note)\b)\p{Lu}\p{Ll}+\b|\b(?:LLC|Inc|Ltd|GmbH|Corp)\b/u;
/**
 * A yes/no question: it opens with an auxiliary or a modal verb ("Can I …", "Do I have to …", "Is
 * it allowed …"), or its main clause does, after a clause setting the scene ("When I bundle several
 * documents, do I need …?", "If I sell copies, must I …?").
 */
const ASKS_YES_NO =
  /^\W*(?:can|could|may|might|must|shall|should|do|does|did|am|is|are|will|would|need)\b|[,;:]\s*(?:can|could|may|must|shall|should|do|does|am|is|are|will|need)\s+(?:i|we|you|they|it|this|that|he|she|one)\b/i;
/**
 * A sentence stating a rule: what one may, must or need not do, what is granted, allowed,
 * requested or forbidden, what a term does not cover ("this License does not apply to …"): the
 * words any contract or licence answers a yes/no question with.
 */
const RULE_STATEMENT =
  /\b(?:may|must|shall|cannot|can't|required|requires|requested|allowed|permitted|permission|prohibited|forbidden|entitled|obliged|obligated|grants?|granted|void|(?:does|do|is|are|will|need|needs) not)\b|\b\p{L}+-free\b/iu;
const ASKS_RULE =
  /^(can|may|must|should|shall|is|are|does|do)\b|\b(allowed|permitted|required|mandatory|supported|possible|have to|need to|may|must|should)\b/i;

/** A reference list's heading, then its first entry's key or the end of the line: "References [Bla93] Richard Black.", "7. Bibliography". */
const REFERENCES = /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?(?:References|Bibliography|Works cited)(?:\s*$|\s+\[)/i;
/** What ends a reference list: a numbered heading, an appendix, a table's or a figure's caption. */
const AFTER_REFERENCES = /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+\p{Lu}|Appendix\b|(?:Table|Figure|Fig\.) \d)/u;
/** A word of letters broken by hyphens ("world-wide", "e-mail"). */
const HYPHENATED = /(?<![\p{L}\p{N}-])\p{L}+(?:-\p{L}+)+(?![\p{L}\p{N}-])/gu;
/** A number standing alone in a question ("exit code 2", "level 3"; not "3.19" or "ASN.1"). */
const STANDALONE_NUMBER = /(?<![\p{L}\p{N}.])(\d{1,4})(?![\p{L}\p{N}]|\.\d)/gu;
/** A sentence led by a number as a list's label: "2 Fatal error.", "255 An error occurred" (not "2.4" or "3 of 5"). */
const LEADING_NUMBER = /^(\d{1,4})\s+(?=\p{Lu})/u;
/** The shortest text after a heading that is quoted without it (shorter, the heading is what it says). */
const HEADED_BODY_MIN = 40;
/** A version number: "3.19", "3.16.1". */
const VERSION = /^\d+(?:\.\d+)+$/;
/** A version's release, as a question names it: "3.19.0" is also "3.19". */
const releaseOf = (t: string) => (/^\d+(?:\.\d+){2,}$/.test(t) ? [t.split('.').slice(0, 2).join('.')] : []);

/**
 * A document's index from its pages' stored texts and the headings found by their type at indexing
 * (layout.ts; none for a document indexed before they were kept, or whose PDF sets no heading apart).
 */
export function buildIndex(pageTexts: Map<number, string>, headings: LayoutHeading[] = []): DocumentIndex {
  const numbers = [...pageTexts.keys()].sort((a, b) => a - b);
  const texts = numbers.map((n) => pageTexts.get(n)!);
  const headingAt = new Map(headings.map((h) => [`${h.page}:${h.start}`, h]));
  const starts = numbers.map((n) => headings.filter((h) => h.page === n).map((h) => h.start));
  const units = unitsOf(texts, starts).map((u) => ({ ...u, page: numbers[u.page - 1]! }));
  const df = new Map<string, number>();
  const postings = new Map<string, Posting>();
  let total = 0;
  // A sentence's term frequencies, counted afresh for each (kept only in the postings).
  const tf = new Map<string, number>();
  const sentences: Sentence[] = units.map((u, i) => {
    const text = pageTexts.get(u.page)!.slice(u.start, u.end);
    const terms = termsOf(text.replace(BIG_O, ' '));
    tf.clear();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    // Whole names count beside their parts, not in the sentence's length.
    for (const t of namesOf(text)) for (const v of [t, ...releaseOf(t)]) tf.set(v, (tf.get(v) ?? 0) + 1);
    // A long term also under the short word people type for it ("symbolic link" as "symlink"; terms.ts).
    for (const t of shortFormsIn(text)) tf.set(t, (tf.get(t) ?? 0) + 1);
    // A hyphenated word also as one word ("royalty-free" as "royaltyfree", "world-wide" as "worldwide").
    for (const m of text.matchAll(HYPHENATED)) {
      const j = unhyphenated(m[0]);
      if (j) tf.set(j, (tf.get(j) ?? 0) + 1);
    }
    for (const [t, n] of tf) {
      df.set(t, (df.get(t) ?? 0) + 1);
      const posting = postings.get(t);
      if (posting) {
        posting.at.push(i);
        posting.tf.push(n);
      } else postings.set(t, { at: [i], tf: [n] });
    }
    total += terms.length;
    // A date and a number always hold a digit; a constant's name (MAX_SIZE), an underscore.
    const hasNumber = NUMBER.test(text);
    // Written out, not spread from the unit: every sentence then shares one shape (spread, each had
    // a shape of its own, about half a kilobyte apiece, and the ranking read each by a slow look-up).
    return {
      page: u.page,
      start: u.start,
      end: u.end,
      runsOn: u.runsOn === true,
      pairs: undefined,
      length: terms.length,
      hasNumber,
      hasDate: hasNumber && DATE.test(text),
      hasQuantity:
        ((hasNumber || text.includes('_')) &&
          QUANTITY.test(text.replace(MANUAL_SECTION, '').replace(SECTION_NUMBER, ''))) ||
        NUMBER_WORD.test(text) ||
        FREQUENCY.test(text),
      hasMoney: MONEY.test(text),
      hasDuration: DURATION.test(text),
      hasTemperature: TEMPERATURE.test(text),
      hasWeight: WEIGHT.test(text),
      hasModal: MODAL.test(text),
      hasRule: RULE_STATEMENT.test(text),
      hasReason: REASON.test(text),
      hasCondition: CONDITION_WORD.test(text),
      hasFlag: FLAG_IN.test(text),
      hasMeaning: MEANING.test(text),
      statesDefault: DEFAULT_VALUE.test(text),
      leadsWithFlag: LEADS_WITH_FLAG.test(text),
      leadingNumber: LEADING_NUMBER.exec(text)?.[1],
      isLeader: /(\. ?){4}/.test(text),
      bodyStart: undefined,
    };
  });
  // A table of contents entry broken in two ("3 4.1." "My program uses the C++ STL…" "Valgrind
  // reports … ......"): the sentence between a bare number and a leader line is the contents too.
  sentences.forEach((s, i) => {
    const before = sentences[i - 1];
    if (
      !s.isLeader &&
      sentences[i + 1]?.isLeader &&
      before &&
      /^[\d.\s]+$/.test(pageTexts.get(before.page)!.slice(before.start, before.end))
    )
      s.isLeader = true;
  });
  // A paper's reference list ("References [Bla93] Richard Black. …"): its entries hold the words
  // of the works cited, not answers. It runs to the next numbered heading, appendix or caption.
  let inReferences = false;
  sentences.forEach((s) => {
    const text = pageTexts.get(s.page)!.slice(s.start, s.end);
    if (REFERENCES.test(text)) inReferences = true;
    else if (inReferences && AFTER_REFERENCES.test(text)) inReferences = false;
    if (inReferences) s.isLeader = true;
  });
  const chars = texts.reduce((n, t) => n + t.length, 0);
  // The sentences a heading found by its type opens. (One that is its heading alone stays
  // quotable, as a short numbered heading is: the quote goes on to the sentence after it.)
  const set = sentences.map((u) => {
    const h = headingAt.get(`${u.page}:${u.start}`);
    if (!h) return undefined;
    const text = pageTexts.get(u.page)!;
    let body = h.end;
    while (body < u.end && text[body] === ' ') body++;
    // Only a body that reads as a sentence of its own is quoted without its heading.
    if (u.end - body >= HEADED_BODY_MIN) u.bodyStart = body;
    return { level: h.level, length: Math.min(h.end, u.end) - u.start };
  });
  const structure = structureOf(
    sentences.map((u) => pageTexts.get(u.page)!.slice(u.start, u.end)),
    set,
  );
  const avgLength = total / Math.max(1, sentences.length);
  return {
    pages: pageTexts,
    sentences,
    structure,
    df,
    postings,
    pageOf: Int32Array.from(sentences, (s) => s.page),
    lengthNorm: Float64Array.from(sentences, (s) => K1 * (1 - B + (B * s.length) / avgLength)),
    avgLength,
    chars,
  };
}

/** The phrases of a text: each two words side by side (stemmed; a whole name is one word, stop words left out). */
function pairsOf(text: string): Set<string> {
  const words = wordUnitsOf(text);
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) if (words[i] !== words[i + 1]) out.add(`${words[i]} ${words[i + 1]}`);
  return out;
}

export const sentenceText = (index: DocumentIndex, s: Unit) => index.pages.get(s.page)!.slice(s.start, s.end);

/** Inverse document frequency over the document's sentences; a word the document never uses is rarest. */
const idfOf = (index: DocumentIndex, term: string) => {
  const n = index.sentences.length;
  const df = index.df.get(term) ?? 0;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
};

const knownTo = (index: DocumentIndex, t: string) => index.df.has(t) || synonymsOf(t).some((s) => index.df.has(s));

/**
 * The question's terms that name something: its whole names and flags, and the words written with
 * a digit or a capital past the question's first word ("XML", "macOS", "3.18.0", "Windows").
 */
function namingTerms(question: string): Set<string> {
  const out = new Set(namesOf(question));
  const text = question.replace(/^\W+/, '');
  wordsWithOffsets(text).forEach((w, k) => {
    const raw = text.slice(w.start, w.end);
    const [term] = termsOf(w.term);
    if (term && (/\d/.test(raw) || /.\p{Lu}/u.test(raw) || (k > 0 && /^\p{Lu}/u.test(raw)))) out.add(term);
  });
  return out;
}

/**
 * An operating system the question asks about, however typed ("does it work on windows?", "on my
 * mac"), and how a document names it. Its stem alone would meet another word ("an X11 window",
 * a "MAC" that authenticates a message), so the document must write the platform's own name.
 */
const PLATFORMS: [asked: RegExp, named: RegExp][] = [
  [
    /\b(?:on|for|under|with|from|in|to|support|supports)\s+(?:ms[- ]?|microsoft\s+)?windows\b|\bwindows\s+(?:\d+|xp|vista|server|pc|machine|computer|laptop|users?|version)\b/i,
    /\bWindows\b|\bWin(?:32|64)\b|\bMicrosoft\b/,
  ],
  [
    /\b(?:on|for|under|with|from|in|to|support|supports)\s+(?:an?\s+|my\s+)?mac(?:book)?s?\b|\bmac\s?os\b|\bos x\b/i,
    /\bMac(?:intosh|OS|Book)?\b|\bOS X\b|\bDarwin\b|\bmacOS\b/,
  ],
];
const platformAbsent = (index: DocumentIndex, question: string) =>
  PLATFORMS.some(([asked, named]) => asked.test(question) && ![...index.pages.values()].some((p) => named.test(p)));

/**
 * Whether the question names something the document never writes. A word of the question the document never uses that names something — capitalised past the
 * question's first word ("on Windows", "the Packed Encoding Rules", "macOS", "IDEA"), or holding a
 * digit ("X.509"), or a name or flag (`asn1_foo`, `--fast`) — means the document is about
 * something else: a document that never says "Windows" does not say how to do it on Windows.
 * An everyday word missing ("care", "turn on") is only a wording the document does not share.
 */
/**
 * A count the asker gives ("a table of 10", "for 12 guests", "after 20 days"): a number of one to
 * three digits after a word that makes it a count (COUNT_AFTER). The document need not write it (it
 * may say "more than 8 guests"), so it is no name the document lacks, and a sentence stating a
 * quantity holds it as a synonym would.
 */
const askerCount = (question: string, start: number, raw: string) =>
  /^\d{1,3}$/.test(raw) && COUNT_AFTER.test(question.replace(/^\W+/, '').slice(0, start));
/** The words after which a number is a count ("a table of 10", "for 12 guests", "more than 3"); after any other ("pip 10", "Python 2", "be 18") it may name something. */
const COUNT_AFTER =
  /(?:^|\b(?:of|for|than|over|under|about|around|least|most|to|with|after|before|within|in|on|at|by|per|or|and|a|an|the|has|have|had|need|needs|takes?|got|get|bring|brings|are|is)\s+)$/i;
/** The counts the asker gives in a question (askerCount), as its terms. */
function askerCounts(question: string): Set<string> {
  const out = new Set<string>();
  const bare = question.replace(/^\W+/, '');
  for (const w of wordsWithOffsets(bare)) {
    const raw = bare.slice(w.start, w.end);
    if (askerCount(question, w.start, raw)) for (const t of termsOf(raw)) out.add(t);
  }
  return out;
}
function namesAbsentFrom(index: DocumentIndex, question: string): boolean {
  // A version the document never names ("3.20") is absent even when its numbers are there.
  let namesAbsent =
    platformAbsent(index, question) ||
    namesOf(question).some((n) => !index.df.has(n) && (VERSION.test(n) || !termsOf(n).every((t) => knownTo(index, t))));
  const words = wordsWithOffsets(question.replace(/^\W+/, ''));
  words.forEach((w, k) => {
    const [term] = termsOf(w.term);
    if (!term || knownTo(index, term)) return;
    const raw = question.replace(/^\W+/, '').slice(w.start, w.end);
    if (askerCount(question, w.start, raw)) return;
    if (/\d/.test(raw) || /.\p{Lu}/u.test(raw) || (k > 0 && /^\p{Lu}/u.test(raw))) namesAbsent = true;
  });
  return namesAbsent;
}

export function rank(index: DocumentIndex, typed: string): Ranked[] {
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
  if (own.length === 0 || index.sentences.length === 0) return [];
  const namesAbsent = namesAbsentFrom(index, question);
  // Each term's other forms in the document: its synonyms, and, for an everyday word the document
  // never uses, its WordNet relatives that it does use ("repairs" -> "servicing"), weighted below.
  const naming = namingTerms(question);
  // Two words of the question the document writes as one ("debug info" / "debuginfo"): a sentence
  // holding the one word holds both, and each weighs as that word (the document knows them so).
  const joinedOf = new Map<string, string>();
  for (const { joined, parts } of joinedPairsOf(withoutNames(question)))
    if (index.df.has(joined) && !own.includes(joined))
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
  // Asked for a quantity of a named dimension ("maximum length"), the sentences measuring another
  // dimension and not the one asked (DIMENSIONS): 1 where the sentence holds another, 2 where it holds an asked one.
  const dimensionsAsked = own.filter((t) => DIMENSIONS.has(t));
  const measures = new Uint8Array(wantsQuantityOf(raw) && dimensionsAsked.length ? index.sentences.length : 0);
  if (measures.length)
    for (const d of DIMENSIONS) {
      const mark = dimensionsAsked.includes(d) ? 2 : 1;
      for (const i of index.postings.get(d)?.at ?? []) measures[i] = Math.max(measures[i]!, mark);
    }
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
  const { sentences, postings, pageOf, lengthNorm } = index;
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
  const wantsNumber = ASKS_NUMBER.test(raw);
  const wantsQuantity = wantsQuantityOf(raw);
  const wantsMoney = ASKS_MONEY.test(raw);
  const wantsDuration = ASKS_DURATION.test(raw);
  const wantsTemperature = ASKS_TEMPERATURE.test(raw);
  const wantsWeight = ASKS_WEIGHT.test(raw);
  const wantsUpper = ASKS_UPPER_BOUND.test(raw);
  const wantsLower = ASKS_LOWER_BOUND.test(raw);
  const wantsBound = wantsUpper || wantsLower;
  /** Whether a text states a bound the way the question asks (either way when it asks both). */
  const statesBound = (text: string) =>
    EITHER_BOUND.test(text) || (wantsUpper && UPPER_BOUND.test(text)) || (wantsLower && LOWER_BOUND.test(text));
  // The constants the question names ("How many bytes is MAX_SIZE?"): a sentence naming them does not give their value by that.
  const constantsAsked = raw.match(CONSTANT_NAME) ?? [];
  /** Whether sentence j holds a quantity besides the constants the question names. */
  const quantityIn = (j: number) =>
    sentences[j]!.hasQuantity &&
    (constantsAsked.length === 0 ||
      QUANTITY.test(constantsAsked.reduce((text, c) => text.replaceAll(c, ' '), sentenceText(index, sentences[j]!))) ||
      NUMBER_WORD.test(sentenceText(index, sentences[j]!))) &&
    (!countsThings || countIn(sentenceText(index, sentences[j]!), countedTerm!));
  /** Whether sentence j, or the one after it on its page, states a bound. */
  const boundNear = (j: number) =>
    statesBound(sentenceText(index, sentences[j]!)) ||
    (pageOf[j + 1] === pageOf[j] && statesBound(sentenceText(index, sentences[j + 1]!)));
  const wantsRule = ASKS_RULE.test(raw.trim());
  const wantsDate = ASKS_DATE.test(raw.trim());
  const wantsDefinition = ASKS_DEFINITION.test(raw.trim());
  const wantsReason = ASKS_REASON.test(raw.trim());
  const wantsOption = ASKS_OPTION.test(raw.trim()) || asksImperative(raw);
  const wantsAgent = ASKS_AGENT.test(raw.trim());
  const wantsPlace = ASKS_PLACE.test(raw.trim());
  const deed = wantsAgent ? askedDeed(raw) : undefined;
  const deedRelated = new Set(deed?.flatMap((d) => [...relatedOf(d), ...synonymsOf(d)]));
  /** Whether sentence j states the deed a "who" question asks the doer of (asked-kind.ts askedDeed). */
  const doesDeed = (j: number) => !deed || statesDeed(termsOf(sentenceText(index, sentences[j]!)), deed, deedRelated);
  // The act a "how do I" or "why did X" question asks about (asked-kind.ts askedAct): the sentences
  // stating it, read off the document's words (a derived form counts, as with a "who" question's deed).
  const act = askedAct(raw);
  const statesAct = new Uint8Array(act ? sentences.length : 0);
  if (act) {
    const actRelated = new Set(act.flatMap((d) => [...relatedOf(d), ...synonymsOf(d)]));
    for (const [t, { at }] of postings) if (statesDeed([t], act, actRelated)) for (const i of at) statesAct[i] = 1;
  }
  /** Whether neither sentence j nor a neighbour on its page states the act the question asks about. */
  const lacksAct = (j: number) =>
    act !== undefined && ![j - 1, j, j + 1].some((k) => pageOf[k] === pageOf[j] && statesAct[k] === 1);
  // The thing the act is done to, where the document names it (a word it never uses weighs on coverage).
  const [actObject] = termsOf(askedActObject(raw) ?? '');
  const objectTerms =
    actObject && own.includes(actObject) && knownTo(index, actObject) ? [actObject, ...synonymsOf(actObject)] : [];
  const objectAt = new Uint8Array(objectTerms.length ? sentences.length : 0);
  for (const t of objectTerms) for (const k of postings.get(t)?.at ?? []) objectAt[k] = 1;
  /** Whether neither sentence j, a neighbour on its page, nor its entry's or section's head names the thing acted on. */
  const lacksObject = (j: number) =>
    objectTerms.length > 0 &&
    ![j - 1, j, j + 1].some((k) => pageOf[k] === pageOf[j] && objectAt[k] === 1) &&
    framed(j, actObject!) === 0;
  const wantsDefault = asksDefaultValue(raw);
  // (Only the owner's words the question holds as its own terms; a name the document never writes refuses anyway.)
  const defaultOwner = wantsDefault
    ? termsOf(DEFAULT_OWNER.exec(raw)?.[1] ?? '').filter((t) => own.includes(t) && index.df.has(t))
    : [];
  const wantsVersion = ASKS_VERSION.test(raw);
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
  const role = askedRole(question);
  const attribute = askedAttribute(question);
  const kindAbsent =
    (kind !== undefined && own.includes(kind) && !known(kind)) ||
    (role !== undefined && own.includes(role) && !known(role)) ||
    (attribute !== undefined && own.includes(attribute) && !known(attribute) && !isName(attribute)) ||
    kindWords.some((t) => own.includes(t) && !known(t) && !isName(t)) ||
    askedActObjectWords(raw).some((t) => own.includes(t) && !known(t) && !isName(t)) ||
    conditionAbsent;
  const wantsFrequency = ASKS_FREQUENCY.test(raw);
  const wantsTimePoint = ASKS_WHEN_DONE.test(raw.trim());
  // (A version the question names is what it asks about, not when: "When was version 2.0 published?")
  const versionsAsked = raw.match(/\d+(?:\.\d+)+/g) ?? [];
  const statesTime = (text: string) =>
    DATE.test(text) ||
    TIME_POINT.test(text) ||
    VERSION_IN.test(versionsAsked.reduce((t, v) => t.replaceAll(v, ' '), text));
  const wantsRatio = ASKS_RATIO.test(raw);
  const wantsAdvice = ASKS_ADVICE.test(raw.trim());
  const flagsAsked = [...new Set((raw.match(FLAG_ASKED) ?? []).map((f) => f.replace(/=.*/, '')))].map(
    (f) => new RegExp(`(?<![\\p{L}\\p{N}-])${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u'),
  );
  /** Whether a text writes one of the options the question names, as a whole word. */
  const writesFlag = (text: string) => flagsAsked.some((f) => f.test(text));
  // Asked what follows from a condition, the sentence that states it as a condition ("If … changes,").
  // (Read only in the sentences holding a word of the condition: the postings say which.)
  const conditionTerms = termsOf(askedCondition(question) ?? '').filter((t) => own.includes(t));
  const conditionWords = new Set(conditionTerms.flatMap((t) => [t, ...synonymsOf(t)]));
  const conditionAt = new Uint8Array(conditionWords.size ? sentences.length : 0);
  for (const t of conditionWords) for (const k of postings.get(t)?.at ?? []) conditionAt[k] = 1;
  const statesCondition = (i: number) =>
    conditionAt[i] === 1 &&
    sentences[i]!.hasCondition &&
    [...sentenceText(index, sentences[i]!).matchAll(CONDITION_CLAUSE)].some((m) =>
      termsOf(m[1]!).some((t) => conditionWords.has(t)),
    );
  // Only these forms read the sentence's text itself (a slice of its page) for every sentence.
  const readsText = wantsFrequency || wantsTimePoint || wantsRatio || wantsAdvice || flagsAsked.length > 0;
  const numbersAsked = new Set([...raw.matchAll(STANDALONE_NUMBER)].map((m) => m[1]!));
  // The question's everyday words the document never uses, and the words it does (names absent refuse on their own).
  const knownWords = own.filter(known).length;
  const absentWords = own.length - knownWords;
  const questionWords = new Set(termsOf(question));
  /** Whether a text names a place other than the question's own words ("Where is the trip log kept?" is not answered by "… in the trip log …"). */
  const namesPlace = (text: string) =>
    PATH_OR_ADDRESS.test(text) ||
    [...text.matchAll(PLACE_IN)].some((m) => termsOf(m[1]!).some((t) => !questionWords.has(t)));
  /** Whether sentence j names someone or something the question does not (a "who" question's answer). */
  const namesOther = (j: number) => {
    const s = sentences[j];
    if (!s) return false;
    const text = sentenceText(index, s);
    return PERSON.test(text) && [...text.matchAll(NAMED)].some((m) => termsOf(m[0]).some((t) => !questionWords.has(t)));
  };

  const { entryOf, sectionOf, heads, headed, fields, asked } = index.structure;
  /** Whether term t, which heads some entry or section, is met in sentence i under a head that is not about it. */
  const passing = (i: number, t: string): boolean => {
    if (!headed.has(t)) return false;
    const frame = entryOf[i]! >= 0 ? entryOf[i]! : sectionOf[i]!;
    if (frame < 0) return false;
    const about = (h: number) => h >= 0 && !!heads.get(h)?.has(t);
    return !about(frame) && !about(sectionOf[i]!);
  };
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
  /** Whether sentence i opens the answer to a question the document asks itself. */
  const firstAnswer = (i: number) => asked.has(i - 1);
  /** The best of a per-sentence value around sentence i, weighted by distance and side (CONTEXT), on the same page. */
  const around = (i: number, values: Float64Array): number => {
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
  const named = (h: number, t: string): number => {
    const terms = heads.get(h);
    if (!terms) return 0;
    return terms.has(t) ? 1 : synonymsOf(t).some((s) => terms.has(s)) ? SYNONYM_WEIGHT : 0;
  };
  /** A term held by sentence i through the entry it belongs to (not by its head itself). */
  const entryHeld = (i: number, t: string): number => {
    const e = entryOf[i]!;
    return e >= 0 && e !== i ? (ENTRY_SHARE[i - e] ?? 0) * named(e, t) : 0;
  };
  /** A term held by sentence i through the entry and the section it belongs to (not by their heads themselves). */
  const framed = (i: number, t: string): number => {
    const s = sectionOf[i]!;
    const entry = entryHeld(i, t);
    const section = s >= 0 && s !== i ? SECTION_SHARE * named(s, t) : 0;
    return Math.max(entry, section);
  };
  // The rarest of the question's words the document uses at all: a passage without it is likely about something else.
  const used = own.filter((t) => index.df.has(t));
  /** The rarest of some of the question's words (the first of equals), or null for none. */
  const rarestOf = (ts: string[]) => (ts.length ? ts.reduce((a, b) => (idf.get(b)! > idf.get(a)! ? b : a)) : null);
  const rarest = rarestOf(used);
  const rarestNames = rarest !== null && naming.has(rarest);
  const rarestIndex = rarest === null ? -1 : own.indexOf(rarest);
  const rarestRarity = rarest === null ? 0 : idf.get(rarest)! / idfOf(index, '');
  // Asked a default, the setting asked about is the rarest word other than "default" itself ("what's
  // the default port?" is not answered by another setting's "defaults to yes", however rare "default" is).
  const setting = rarestOf(used.filter((t) => t !== DEFAULT_STEM));
  const settingIndex = setting === null ? -1 : own.indexOf(setting);

  // Per question term and sentence, read from the postings of the term and its other forms (0 where
  // the sentence holds none of them), so the loop below reads a sentence and its neighbours without
  // looking words up: `holdAt`, the term's best hold, itself or through another form (BM25's
  // saturated, length-normalised frequency, SYNONYM_WEIGHT of it for a synonym, RELATED_WEIGHT for a
  // WordNet relative), less where it is a passing mention; `hasAt`, how much of it the sentence
  // holds for coverage (1 itself, SYNONYM_WEIGHT through a synonym, RELATED_COVERAGE through a
  // relative); `guessed`, held only through relatives (the document never uses the word).
  // `holding`: the sentences that hold any of the question's terms.
  const holding = new Uint8Array(n);
  const terms = own.map((t) => {
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
    for (let i = 0; i < n; i++) if (holdAt[i]! > 0 && passing(i, t)) holdAt[i] = PASSING_SHARE * holdAt[i]!;
    const guessed = forms.some(([, weight]) => weight === RELATED_WEIGHT);
    return {
      t,
      w: idf.get(t)!,
      name: isName(t),
      holdAt,
      hasAt,
      guessed,
      keep: keepOf(t),
    };
  });

  const aboutMoney = ABOUT_MONEY.test(raw);
  const out: Ranked[] = [];
  sentences.forEach((sentence, i) => {
    // A sentence that holds none of the question's words is a neighbour's context, never the answer.
    // A question the document asks itself is answered by what follows it, never by itself.
    // (A sentence answering one of them may hold the question's words through it alone.) So may a
    // quantity in an entry whose head holds them, asked for one ("-v, --verbose Verbosely list files
    // processed. … The maximum verbosity level is 3.", asked "how many -v can I use?").
    if (
      !holding[i] &&
      !(asked.has(entryOf[i]!) && own.some((t) => framed(i, t) > 0)) &&
      !(wantsQuantity && sentence.hasQuantity && own.some((t) => entryHeld(i, t) > 0))
    )
      return;
    if (sentence.isLeader || asked.has(i)) return;
    let score = 0;
    let covered = 0;
    let inSentence = 0;
    let topicIn = 0;
    let missesRarest = false;
    let guessedMass = 0;
    // The weight of the question's wording words the passage lacks that coverage does not count.
    let discount = 0;
    let wordsHeld = 0;
    for (const { t, w, name, holdAt, hasAt, guessed, keep } of terms) {
      const here = holdAt[i]!;
      const frame = framed(i, t);
      const best = Math.max(here, name ? 0 : around(i, holdAt), frame);
      if (best === 0) {
        if (t === rarest) missesRarest = true;
        discount += (1 - keep) * w;
        continue;
      }
      score += w * best;
      const mine = hasAt[i]!;
      if (mine > 0) inSentence += w * mine;
      // (Asked for a quantity, what it is a quantity of: the entry's head may name it, not a section's title.)
      if (wantsQuantity && !MEASURE_TERMS.has(t)) topicIn += w * Math.max(mine, entryHeld(i, t));
      const part = w * Math.max(mine, name ? 0 : around(i, hasAt), FRAME_COVERAGE * frame);
      covered += part;
      if (guessed) guessedMass += part;
      else if (part > 0) wordsHeld++;
      discount += (1 - keep) * (w - part);
    }
    // A relative is a guess at the asker's meaning: it counts towards the question held only beside
    // two of the question's own words ("does the licence expire?" is not answered by "… terminate
    // your rights under this License").
    if (wordsHeld < MIN_WORDS_BESIDE_RELATIVES) covered -= guessedMass;
    for (const { weight, heldAt } of phrases) score += weight * Math.max(heldAt[i]!, around(i, heldAt));
    let cue = 0;
    if (wantsDate ? sentence.hasDate : wantsNumber && sentence.hasNumber) cue += CUE_BONUS;
    if (wantsRule && sentence.hasModal) cue += CUE_BONUS;
    if (wantsReason && sentence.hasReason) cue += CUE_BONUS;
    if (wantsOption && sentence.hasFlag) {
      cue += CUE_BONUS;
      // An option's own entry ("-l login_name Specifies the user to log in as …") says what it does.
      if (sentence.leadsWithFlag) cue += CUE_BONUS;
    }
    if (wantsMeaning && sentence.hasMeaning) cue += CUE_BONUS;
    // A sentence putting the asked condition in a clause of its own ("If a host's identification ever
    // changes, ssh warns …") states what follows from it, as a label states its value: the label's
    // weight, since a sentence naming the condition in passing often shares more of the words.
    if (statesCondition(i)) cue += LABEL_BONUS;
    // The first sentence under a question the document asks itself is its direct answer
    // ("4.4. My program crashes normally… What's happening?" "When a program runs under Valgrind,
    // its environment is slightly different…"), when that question is the asker's.
    if (firstAnswer(i) && own.some((t) => framed(i, t) > 0)) cue += CUE_BONUS;
    if (wantsDefinition && entryOf[i] === i && own.some((t) => heads.get(i)?.has(t))) cue += CUE_BONUS;
    // A label naming what the question asks about ("Due date: …", "Returns: …") holds its answer,
    // when its value is of the kind asked (a number for "how many", a date for "when") and the
    // passage is about the question at all (half of it: not every "Returns:" of a manual).
    // A list's entry led by a number the question names ("2 Fatal error. This means …" under a
    // program's exit codes, asked "what does exit code 2 mean?") is about that number as a label is.
    if (sentence.leadingNumber !== undefined && numbersAsked.has(sentence.leadingNumber)) cue += LABEL_BONUS;
    const label = fields.get(i);
    const valueFits = !(wantsNumber && !sentence.hasNumber) && 2 * covered >= ownMass;
    if (label && valueFits && own.some((t) => label.has(t) || synonymsOf(t).some((s) => label.has(s))))
      cue += LABEL_BONUS;
    const lacksAgent = wantsAgent && (!namesOther(i) || !doesDeed(i));
    // Asked how often, when, or which to choose, the sentence (or, for a time or advice, the next) must say so.
    const nextText = readsText && pageOf[i + 1] === sentence.page ? sentenceText(index, sentences[i + 1]!) : '';
    const text = readsText ? sentenceText(index, sentence) : '';
    // (The next sentence may give the date; a version there is as likely a section's number, "1.1. …".)
    const lacksTime =
      (wantsAdvice && !ADVISES.test(text) && !ADVISES.test(nextText)) ||
      (wantsFrequency && !OFTEN.test(text)) ||
      (wantsTimePoint && !statesTime(text) && !DATE.test(nextText) && !TIME_POINT.test(nextText));
    // Asked of an option, the passage writes it: in the sentence, the next, or the entry it belongs to.
    const entry = entryOf[i]!;
    const lacksAskedFlag =
      flagsAsked.length > 0 &&
      !writesFlag(text) &&
      !writesFlag(nextText) &&
      !(entry >= 0 && entry !== i && writesFlag(sentenceText(index, sentences[entry]!)));
    const lacksVersion =
      wantsVersion &&
      !VERSION_IN.test(sentenceText(index, sentence)) &&
      !(pageOf[i + 1] === sentence.page && VERSION_IN.test(sentenceText(index, sentences[i + 1]!)));
    // (A default stated in a passage that names the setting asked for only through a neighbour is another setting's.)
    const holdsSetting = settingIndex < 0 || terms[settingIndex]!.hasAt[i]! > 0 || framed(i, setting!) > 0;
    // The owner asked of is the sentence's, the one before it (which names what it goes on about) or its entry's.
    const ownerHeld = (t: string) =>
      terms[own.indexOf(t)]!.hasAt[i]! > 0 ||
      (pageOf[i - 1] === sentence.page && terms[own.indexOf(t)]!.hasAt[i - 1]! > 0) ||
      framed(i, t) > 0;
    const lacksDefault =
      wantsDefault &&
      (!holdsSetting ||
        !defaultOwner.every(ownerHeld) ||
        (!sentence.statesDefault && !(pageOf[i + 1] === sentence.page && sentences[i + 1]!.statesDefault)));
    // The more of the question the sentence itself holds, the likelier it is the answer, not its neighbour.
    const focus = 0.5 + (0.5 * inSentence) / ownMass;
    out.push({
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
        (lacksVersion ? NO_QUANTITY_SHARE : 1) *
        // Asked who, a sentence naming no one is context at best ("… new versions will be similar"
        // under "The Free Software Foundation may publish new versions").
        (lacksAgent ? NO_AGENT_SHARE : 1) *
        // Asked for a default value, a sentence (or its next) stating none is context at best.
        (lacksDefault ? NO_DEFAULT_SHARE : 1),
      coverage: covered / (ownMass - discount),
      measuresOther:
        (wantsQuantity && topicMass > 0 && topicIn === 0) ||
        measures[i] === 1 ||
        // Asked how many of a thing, a sentence that does not name it counts something else.
        (counted >= 0 && terms[counted]!.hasAt[i]! === 0 && entryHeld(i, countedTerm!) === 0),
      knownCoverage: knownMass > 0 ? covered / knownMass : 0,
      missesRarest,
      missesRarestName: missesRarest && rarestNames,
      namesAbsent,
      lacksQuantity:
        wantsQuantity &&
        (!quantityIn(i) ||
          (wantsMoney && !sentence.hasMoney) ||
          (wantsDuration && !sentence.hasDuration) ||
          (wantsTemperature && !sentence.hasTemperature) ||
          (wantsWeight && !sentence.hasWeight) ||
          (wantsRatio && !RATIO.test(text) && !RATIO.test(nextText)) ||
          (wantsBound && !boundNear(i))),
      lacksVersion,
      lacksTime,
      lacksAskedFlag,
      missesKind: missesRarest && rarest !== null && kindQualifiers.includes(rarest),
      kindAbsent,
      lacksNumber: wantsNumber && !sentence.hasNumber,
      lacksFlag: wantsOption && !sentence.hasFlag,
      lacksReason: wantsReason && !sentence.hasReason,
      lacksPlace: wantsPlace && !namesPlace(sentenceText(index, sentence)),
      reasonFromAmounts:
        wantsReason &&
        !aboutMoney &&
        sentence.hasMoney &&
        !sentence.hasReason &&
        !(pageOf[i + 1] === sentence.page && sentences[i + 1]!.hasReason),
      lacksAgent,
      statesOpposite: opposed[i] === 1,
      lacksAct: lacksAct(i) || lacksObject(i),
      lacksDefault,
      defaultInNext: wantsDefault && !lacksDefault && !sentence.statesDefault,
      nextHolds: undefined,
      statesRule: asksYesNo && sentence.hasRule && rarestIndex >= 0 && terms[rarestIndex]!.holdAt[i]! > 0,
      absentWords,
      knownWords,
      rarestRarity,
    });
  });
  out.sort((a, b) => b.score - a.score || a.index - b.index);
  // The question's words the sentence after holds and this one does not (itself or through its
  // head): the quote may go on to it (answer-offline.ts). Only the best few are quoted, so only
  // those are read (a document repeating a passage has hundreds of sentences tied at the top).
  for (const r of out.slice(0, NEXT_READ)) {
    const i = r.index;
    const j = i + 1;
    if (j < n && pageOf[j] === pageOf[i] && entryOf[j] !== j && sectionOf[j] === sectionOf[i] && !asked.has(j))
      for (const { t, hasAt } of terms)
        if (hasAt[j]! >= 1 && hasAt[i]! === 0 && framed(i, t) === 0) (r.nextHolds ??= []).push(t);
  }
  return out;
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

/**
 * An algorithm's cost in big-O notation ("O(N log N)", "O(N (log N)^2)"): a formula, not words. Its
 * "log" is a logarithm, not a log file ("Where does bzip2 write its log?" met "… in O(N log N) time").
 */
const BIG_O = /\bO\((?:[^()]|\([^()]*\))*\)/g;
/** Cached indexes, by document id, kept under a total size (characters of text). */
const CACHE_CHARS = 8_000_000;
const cache = new Map<string, DocumentIndex>();
let cachedChars = 0;
/** Indexes being built, by document id: askers at once share one read and one build. */
const building = new Map<string, Promise<DocumentIndex>>();

async function readIndex(db: Db, documentId: string): Promise<DocumentIndex> {
  const [doc] = await db.select({ headings: documents.headings }).from(documents).where(eq(documents.id, documentId));
  const rows = await db
    .select({ page: documentChunks.page, text: documentChunks.text })
    .from(documentChunks)
    .where(eq(documentChunks.documentId, documentId))
    .orderBy(asc(documentChunks.page), asc(documentChunks.ordinal));
  const pages = new Map<number, string>();
  for (const r of rows) pages.set(r.page, pages.has(r.page) ? `${pages.get(r.page)} ${r.text}` : r.text);
  return buildIndex(pages, doc?.headings ?? []);
}

function keep(documentId: string, index: DocumentIndex) {
  // An empty index (a document still being read) is not kept.
  if (index.sentences.length === 0 || index.chars >= CACHE_CHARS) return;
  cache.set(documentId, index);
  cachedChars += index.chars;
  for (const [id, old] of cache) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(id);
    cachedChars -= old.chars;
  }
}

export async function documentIndex(db: Db, documentId: string): Promise<DocumentIndex> {
  const hit = cache.get(documentId);
  if (hit) {
    // Most recently used last.
    cache.delete(documentId);
    cache.set(documentId, hit);
    return hit;
  }
  const pending = building.get(documentId);
  if (pending) return pending;
  // Kept only if the document was not forgotten meanwhile (the build may hold its old text).
  const current = () => building.get(documentId) === build;
  const build: Promise<DocumentIndex> = readIndex(db, documentId).then(
    (index) => {
      if (current()) {
        building.delete(documentId);
        keep(documentId, index);
      }
      return index;
    },
    (err: unknown) => {
      if (current()) building.delete(documentId);
      throw err;
    },
  );
  building.set(documentId, build);
  return build;
}

/** Drops a document's cached index (it was deleted or indexed again), and any build of it under way. */
export function forgetDocumentIndex(documentId: string): void {
  building.delete(documentId);
  const old = cache.get(documentId);
  if (!old) return;
  cache.delete(documentId);
  cachedChars -= old.chars;
}
