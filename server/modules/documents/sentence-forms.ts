/**
 * What a sentence states, read off its text (docs/document-chat.md, *How answers are made*): a
 * modal, a date, a quantity, an amount of money, a span of time, a bound, a frequency, a cause, a
 * flag, a default value, a place, a person's name, a rule. Each is what one of the question's forms
 * (question-forms.ts) asks for: buildIndex (document-index.ts) reads most of them once per sentence
 * into its flags, and the checks of a sentence (sentence-checks.ts) read the rest when a question
 * asks for them. Kept apart from the question's forms so that each rule is written once.
 */
import { stem } from './stem';
import { synonymsOf, termsOf, wordKindOf } from './terms';

/** A modal or a "not": what a "may / must / can / is it allowed" question prefers (ASKS_RULE). */
export const MODAL = /\b(must|may|should|shall|can|cannot|can't|required|requires|allowed|not|never|only|optional)\b/i;
export const NUMBER = /\d/;
const MONTH =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
export const DATE = new RegExp(
  `\\b(?:\\d{1,2}/\\d{1,2}/\\d{2,4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2} (?:${MONTH})\\.? \\d{4}|(?:${MONTH})\\.? (?:\\d{1,2},? )?\\d{4})\\b`,
  'i',
);
/** A sentence saying what something requires: what ASKS_REQUIREMENT asks for (question-forms.ts). */
export const REQUIRES =
  /\b(?:requires?|required|requirements?|prerequisites?|needs? to be installed|must be installed|depends on)\b/i;
/** An instruction or a rule of what to do ("These bug reports should be forwarded …"): what ASKS_WHAT_TO_DO asks for. Not "will". */
export const INSTRUCTS =
  /\b(?:should|must|shall|ought to|needs? to|ha(?:ve|s) to|(?:is|are) (?:required|expected) to|recommend\w*|please)\b/i;
/** A sentence that says what something means. */
export const MEANING =
  /\b(?:stands? for|means|is short for|refers to|is defined as|is called|i\.e\.|abbreviation|indicates?|(?:is )?an indication|signals|signifies|denotes)/i;
/**
 * A quantity: a number standing on its own ("50", "$45", "-1", "0.21"; not the 1 of "ASN.1"), a
 * number written as a word ("only one", "twice"), or a constant's name (MAX_SIZE).
 */
export const QUANTITY = /(?:^|[^\p{L}\d.])\d|\b[A-Z][A-Z\d]*_[A-Z\d_]+\b/u;
/** A manual page's section after a program's name ("file(1)", "tun(4)"): a reference, not a quantity. */
export const MANUAL_SECTION = /(?<=[\p{L}\d])\(\d\p{L}?\)/gu;
/** A section's or a list entry's number opening a sentence ("1. Introduction …", "2.2. SYNOPSIS"): a label, not a quantity. */
export const SECTION_NUMBER = /^\d+(?:\.\d+)*\.\s+(?=\p{Lu})/u;
const NUMBER_WORDS =
  'zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|million|single|once|twice|dozen';
export const NUMBER_WORD = new RegExp(`\\b(?:${NUMBER_WORDS})\\b`, 'i');
/**
 * A frequency, what "how often" asks for: "each year", "every week", "every March", "every other
 * Friday", "annually", "twice a month".
 */
export const FREQUENCY =
  /\b(?:(?:each|every|per|a|an) (?:year|month|quarter|week|day|hour|minute|release)|(?:each|every)(?: other| second| third)? (?:year|month|quarter|week|weekend|day|night|morning|evening|hour|minute|release|season|spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|annually|yearly|quarterly|monthly|weekly|daily|hourly|nightly)\b/i;
/** An amount of money, or words saying there is none: what ASKS_MONEY asks for (question-forms.ts). */
export const MONEY =
  /[$€£¥]|\b(?:USD|EUR|GBP|dollars?|euros?|pounds?|cents?|prices?|fees?|royalt(?:y|ies)|cost of|charges?|paid|payments?|free)\b|\bno (?:charge|cost)\b/i;
/** A temperature or a weight in its unit: what ASKS_TEMPERATURE or ASKS_WEIGHT asks for (question-forms.ts). */
export const TEMPERATURE =
  /°|\b(?:degrees?|fahrenheit|celsius|centigrade|freezing|frost|temperatures?)\b|\b\d+\s?[FC]\b/i;
export const WEIGHT = /\b(?:pounds?|lbs?|kilo(?:gram)?s?|kg|tons?|tonnes?|ounces?|oz|grams?|weigh\w*)\b/i;
/** A span of time or a length, in its unit or in words: what ASKS_DURATION asks for (question-forms.ts). */
export const DURATION =
  /\b(?:(?:milli|micro|nano)?seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|decades?|ms|long|longer|length|characters?|chars|bytes?|bits?|lines?|words?|letters?|digits?|miles?|kilometers?|meters?|feet|inches|forever|indefinitely|until|permanent(?:ly)?|perpetual|time|times|period)\b|\b\d+\s?(?:[smhd]|[kmg]b)\b/i;
/**
 * A bound either way ("the maximum is 100", "limited to", a MAX_ constant), then the words that bound
 * from above only ("at most", "no more than", "fewer than") or from below only ("at least", "more
 * than"): "the maximum storage fee" is not given by "more than 3 days after …", a lower bound of
 * something else.
 */
export const EITHER_BOUND =
  /\b(?:limit(?:s|ed)?|unlimited|no limit|any (?:number|length|size))\b|\b[A-Z][A-Z\d]*_(?:MAX|MIN)\b|\b(?:MAX|MIN)_[A-Z\d_]+\b/i;
export const UPPER_BOUND =
  /\b(?:maximum|max|maximal|at most|up to|no (?:more|greater|larger|longer) than|not (?:more|greater|larger|longer) than|(?:less|fewer|smaller|shorter|lower) than|or (?:less|fewer)|exceed(?:s|ed|ing)?|cap(?:ped)?|largest|highest|longest|biggest)\b/i;
export const LOWER_BOUND =
  /\b(?:minimum|min|minimal|at least|no (?:less|fewer|smaller|shorter) than|not (?:less|fewer|smaller|shorter) than|(?:more|greater|larger|longer|higher) than|or (?:more|greater|longer)|smallest|lowest|shortest)\b/i;
/** A version number ("1.0.2", "2.14.1", "version 3", "v2"): what a question asking in which version is answered with. */
export const VERSION_IN = /(?:^|[^\p{L}\d.])\d+(?:\.\d+)+(?!\d)|\b(?:version|release|v)\s?\d+\b/iu;
/**
 * A release named by its product and number after a word of time ("will be done in Debian 13",
 * "until Windows 10", "since Python 3"): when a change comes, as a version number says. Not a
 * place in a document ("in Section 3", "see Table 2"), which is capitalised and numbered alike.
 */
export const RELEASE_NAMED =
  /\b(?:in|by|until|from|since|before|after|with) (?!(?:Section|Chapter|Figure|Fig|Table|Appendix|Part|Step|Example|Article|Clause|Paragraph|Annex|Schedule|Note|Page|Line|Item|Exhibit|Rule|Volume|Book|Lesson|Unit|Room|Suite|Floor|Zone|Level|Phase|Stage|Week|Day|Year|Month|Q)\b)\p{Lu}\p{L}+ \d+(?:\.\d+)?\b/u;
/** A frequency in words ("every", "twice", "whenever"): what ASKS_FREQUENCY asks for (question-forms.ts). */
export const OFTEN =
  /\b(?:every|each|per|whenever|always|never|once|twice|times|annually|yearly|quarterly|monthly|weekly|daily|hourly|nightly|periodically|regularly|automatically)\b/i;
/** A point in time: a year ("1998"), a decade ("the mid-1990s"), or a day named relative to today. */
export const TIME_POINT = /\b(?:19|20)\d\d\b|\b(?:19|20)\d0s\b|\b(?:yesterday|today|tomorrow|ago)\b/i;
/**
 * A day of a month without its year ("April 23", "23 April", "Nov. 5th"): a changelog's "This year
 * Morocco springs forward April 23". Capitalised and case-sensitive: "may" is also a modal.
 */
const MONTH_NAME =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)';
export const DAY_OF_MONTH = new RegExp(
  `\\b${MONTH_NAME}\\.? \\d{1,2}(?:st|nd|rd|th)?\\b|\\b\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH_NAME}\\b`,
);
/** A month as a point in time, without its day ("held in March", "every October"). Capitalised: "may" is also a modal. */
export const IN_MONTH = new RegExp(`\\b(?:in|every|each|during|by|until|since|from|of|before|after) ${MONTH_NAME}\\b`);
/** A year as a point in time (not the 2022 of "2022f-1"): what a question's "in 2023" names. */
export const YEAR = /\b(?:19|20)\d\d\b/g;
/** A comparison's size: what ASKS_RATIO asks for (question-forms.ts). */
export const RATIO = /\d\s*(?:%|x\b|×)|\b(?:times|twice|half|double|triple|percent|factor)\b/i;
/** A removal stated: what ASKS_REMOVAL asks for (question-forms.ts). */
export const REMOVES =
  /\b(?:remov\w*|drop\w*|deprecat\w*|no longer|discontinu\w*|obsolet\w*|retir\w*|eliminat\w*|withdr[ae]w\w*|gone|omit\w*)\b/i;
/** An act kept from happening: what ASKS_PREVENTION asks for (question-forms.ts). */
/** A sentence telling how to change the behaviour just described ("To change this behavior place Dselect::clean …"). */
export const CHANGES_BEHAVIOUR =
  /\b(?:chang\w*|alter\w*|overrid\w*|disabl\w*|turn\w* off|switch\w* off)\b (?:this|that|the|its) (?:behaviou?r|default)\b/i;
export const PREVENTS =
  /\b(?:not|no|never|(?:don|doesn|won|can)['’]t|cannot|disabl\w*|stop\w*|prevent\w*|avoid\w*|suppress\w*|ignor\w*|skip\w*|exclud\w*|without|off|insecure|keep\w*)\b/i;
/** A comparison: what ASKS_COMPARISON asks for (question-forms.ts). */
const COMPARES =
  /\b(?:than|compar\w*|identical|same|similar\w*|equal\w*|equivalent|versus|vs|outperform\w*|faster|slower|quicker|better|worse)\b|\bas \p{L}+ as\b|\b(?:favou?r|prefer)\w*\b[^.;]{1,40}\bover\b/iu;
/** The scale a comparative weighs on: a comparison answers "Is X faster …?" only on it ("performance … nearly identical"). */
const SCALES: [RegExp, RegExp][] = [
  [/^(?:faster|slower|quicker)$/i, /\b(?:fast|slow|quick|speed|perform|throughput|latency)\w*/i],
  [/^(?:smaller|larger|bigger)$/i, /\b(?:small|larg|big|size)\w*/i],
  [/^cheaper$/i, /\b(?:cheap|cost|pric|expensive)\w*/i],
  [/^safer$/i, /\b(?:safe|secur|risk)\w*/i],
  [/^(?:easier|harder)$/i, /\b(?:eas|hard|difficult|simpl)\w*/i],
  [/^(?:stronger|weaker)$/i, /\b(?:strong|weak|strength)\w*/i],
];
/**
 * Whether a text compares on the scale of a question's word of comparison ("slower": speed or
 * performance; "more efficient": efficiency; "better": any): "The only difference is that it
 * accepts an error" does not answer "Is libtasn1 faster than …?".
 */
export function comparesOn(word: string | undefined): (text: string) => boolean {
  const scale =
    word === undefined || /^(?:better|worse)$/i.test(word)
      ? undefined
      : (SCALES.find(([words]) => words.test(word))?.[1] ?? new RegExp(`\\b${stem(word)}`, 'i'));
  return (text) => COMPARES.test(text) && (!scale || scale.test(text));
}
/** Advice: what ASKS_ADVICE asks for (question-forms.ts). */
export const ADVISES =
  /\b(?:should|recommend\w*|suggest\w*|advis\w*|best|prefer\w*|try|encourage\w*|ideal|better|good for|useful)\b|^\W*(?:use|choose|pick|select|buy)\b/i;
/**
 * An amount of storage in its unit ("200MB", "2300k", "4 gigabytes", "1.5 TB"): what "how much
 * space/memory/RAM" asks for, in the document's units rather than the asker's word.
 */
export const STORAGE_AMOUNT =
  /(?<![\p{L}\d.])\d+(?:[.,]\d+)?\s?(?:[kmgt]i?b|[kmgt]|[kmgt]bytes|(?:kilo|mega|giga|tera)bytes?|bytes)(?![\p{L}\p{N}])/iu;
/** …given as what is taken or needed ("allocate at least 200MB", "requires 2300k"), not a size of something else ("blocks 900kbytes long"). */
export const STORAGE_TAKEN =
  /\b(?:allocat\w*|reserve\w*|leave|space|memory|ram|storage|room|free|requir\w*|needs?|needed|uses?|takes?)\b/i;
/** A sentence about memory ("RAM", "memory"): its amount is not disk space. */
export const ABOUT_MEMORY = /\b(?:memory|ram)\b/i;
/** A sentence about disk space (a disk, a partition, a directory "/var"): its amount is not memory. */
export const ABOUT_DISK = /\b(?:disk|drive|partition\w*|space|swap|filesystem|file system)\b|(?:^|\s)\/[a-z]/i;
/** A unit of measure: a size, a time, a share. */
export const UNIT =
  '(?:[kmgt]i?b|[kmgt]?bytes?|bits?|%|percent|ms|s|secs?|seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|x)';
/** A number glued to or followed by its unit ("900kbytes", "2 GB", "30 s"): a measure, not a count of things. */
const MEASURED = new RegExp(`(?<![\\p{L}\\d.])\\d+(?:[.,]\\d+)?\\s?${UNIT}(?![\\p{L}\\p{N}])`, 'giu');
/** A flag written with a number ("-1 to -9", "--9"): a name, not a count. */
const NUMBER_FLAG = /(?<![\p{L}\p{N}-])--?\d+/gu;
/** A dotted number ("4.3." heading a section, "3.19.0" a release): a name, not a count. */
const DOTTED_NUMBER = /(?<![\p{L}\p{N}])\d+(?:\.\d+)+\.?/gu;
const COUNT_WORD = new RegExp(`^(?:\\d+|${NUMBER_WORDS})$`, 'i');
/**
 * Whether a text counts the thing counted: a number (or a number word) that is neither a measure in
 * its unit, a flag, nor dotted (a section's "4.3.", a release), and is not followed by another thing than the one counted (an adjective or
 * a participle between, "or more" before): "up to 4 volumes", "part 12" and "… is limited to 3." count volumes, parts or
 * anything; "a single element … lists all its aliases" counts elements, not aliases.
 */
export function countIn(text: string, counted: string): boolean {
  const words = text
    .replace(MEASURED, ' ')
    .replace(NUMBER_FLAG, ' ')
    .replace(DOTTED_NUMBER, ' ')
    .split(/[^\p{L}\p{N}]+/u);
  const isCounted = (t: string | undefined) => t === counted || (!!t && synonymsOf(counted).includes(t));
  return words.some((w, i) => {
    if (!COUNT_WORD.test(w)) return false;
    // "part 12", "aliases: 10": the thing, then its number.
    if (isCounted(termsOf(words[i - 1] ?? '')[0])) return true;
    // "two or more TSC voting member approvals": past the bound, the words naming the thing counted
    // (up to four, to a verb or a small word), one of which is the thing asked; not a participle
    // saying which ("voting" does not count votes).
    const j = words[i + 1] === 'or' && /^(?:more|fewer|less)$/.test(words[i + 2] ?? '') ? i + 3 : i + 1;
    const participle = (w: string) => /^\p{Ll}{3,}ing$/u.test(w);
    const next = wordKindOf(words[j] ?? '') === 'adjective' || participle(words[j] ?? '') ? words[j + 1] : words[j];
    // "Two must approve": a verb after the count; "a single call" is a noun after an article.
    if (!termsOf(next ?? '')[0] || (wordKindOf(next!) === 'verb' && !/^(?:a|an|the)$/i.test(words[i - 1] ?? '')))
      return true;
    for (let k = j; k < j + 4 && words[k]; k++) {
      const word = words[k]!;
      const [t] = termsOf(word);
      if (!t || (wordKindOf(word) === 'verb' && !participle(word))) break;
      if (!participle(word) && isCounted(t)) return true;
    }
    return false;
  });
}
/** A conditional clause, up to the comma, colon or stop that ends it. */
export const CONDITION_CLAUSE = /\b(?:if|when|whenever|once|unless|in case)\b([^,.;:]*)/gi;
export const CONDITION_WORD = /\b(?:if|when|whenever|once|unless|in case)\b/i;
/** A cause or a reason: what ASKS_REASON asks for (question-forms.ts). */
export const REASON =
  /\b(?:because|caused?|causes|due to|reasons?|since|so that|in order to|as a result|owing to|result of)\b/i;
/** A sentence opening with a flag: an option's entry in a program's manual. */
export const LEADS_WITH_FLAG = /^--?[\p{L}\p{N}]/u;
export const FLAG_IN = /(?:^|[\s([{"'‘“,/])--?[\p{L}\p{N}][\p{L}\p{N}-]*/u;
/** A default value stated (not only what happens "by default"): what asksDefaultValue asks for (question-forms.ts). */
export const DEFAULT_VALUE =
  /\bdefaults? (?:to|is|are|value|setting)\b|\(default\b|\(the default\b|\bdefault:|\bdefault\s*=|\bthe default\b[^.;]{0,40}\b(?:is|are)\b|\b(?:is|are) (?:the )?default\b|\b(?:is|are)\b[^.;]{1,60}\bby default\b|\b(?:is|are) not (?:given|set|specified|supplied)\b|\bif (?:omitted|unset|not (?:given|set|specified|supplied))\b|\bwhen omitted\b|\bby default\b[^.;]{0,60}\b(?:named|called)\s+\S/i;
/**
 * A place a sentence names: a path, an address, or a preposition of place and what follows it
 * ("in the maintenance book", "to stdout", "from Nordic mythology").
 */
export const PLACE_IN =
  /(?:^|\s)(?:in|into|at|to|from|on|under|inside|within|beside|near|via|through)\s+(?:(?:the|a|an|your|my|its|their|his|her|our|this|that)\s+)?([^\s.,;:!?()]+(?:\s+[^\s.,;:!?()]+)?)/giu;
export const PATH_OR_ADDRESS = /[~˜]\/|(?:^|\s)\/[\w.-]+\/|[\w.+-]+@[\w-]+\.[\w.]+|\bhttps?:\/\/|\bwww\./i;
/** Capitalised words past a sentence's first: the names it holds ("Peterson and Brown", "D. Whitfield"). */
export const NAMED = /(?<=[\p{L}\p{N}.,;:)]\s+)\p{Lu}[\p{L}\p{N}]*/gu;
/**
 * Someone's or an organisation's name: an initial then a surname ("D. Whitfield"), two capitalised
 * words in a row ("Julian Seward", "Free Software"), a company's suffix ("Northgate LLC"), or a body
 * by its initials as the doer of a deed ("maintained and updated by the TC39", "by IETF"); not
 * a heading's capitals or a month ("NEWS Release 3.19.0 (11 Apr 2022)"), nor a heading run into its
 * sentence ("1.1. Version This is version 0.21 …").
 */
export const PERSON =
  /\b\p{Lu}\.\s?\p{Lu}\p{Ll}+|\b(?!(?:The|This|That|These|Those|A|An|In|On|If|For|When|It|Its|We|You|Our|See|Note)\s)\p{Lu}\p{Ll}+\s+(?!(?:The|This|That|These|Those|A|An|In|On|If|For|When|It|Its|We|You|Our|See|Note)\b)\p{Lu}\p{Ll}+\b|\b(?:LLC|Inc|Ltd|GmbH|Corp)\b|\bby (?:the )?\p{Lu}{2,}\d*\b/u;
/**
 * A sentence stating a rule: what one may, must or need not do, what is granted, allowed,
 * requested or forbidden, what a term does not cover ("this License does not apply to …"): the
 * words any contract or licence answers a yes/no question with.
 */
export const RULE_STATEMENT =
  /\b(?:may|must|shall|cannot|can't|required|requires|requested|allowed|permitted|permission|prohibited|forbidden|entitled|obliged|obligated|grants?|granted|void|(?:does|do|is|are|will|need|needs) not)\b|\b\p{L}+-free\b/iu;
/** A sentence led by a number as a list's label: "2 Fatal error.", "255 An error occurred" (not "2.4" or "3 of 5"). */
export const LEADING_NUMBER = /^(\d{1,4})\s+(?=\p{Lu})/u;
