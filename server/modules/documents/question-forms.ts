/**
 * What a question asks for, read off its form (docs/document-chat.md, *How answers are made*): a
 * number, a quantity and its bound, a date, a version, a frequency, a cause, an option, a default
 * value, a place, a person, a rule, a yes or a no. The reading of a question (question-reading.ts)
 * tests it against these once; what a sentence must state to answer each is in sentence-forms.ts.
 */
import { UNIT } from './sentence-forms';
import { termsOf, wordKindOf } from './terms';

/**
 * "What does -t do?", "What is a glob?", "What does BZ_DATA_ERROR_MAGIC mean?": the entry's head
 * defines it. The thing asked about, without its article, or undefined for a question of another form.
 */
export function definitionAsked(question: string): string | undefined {
  const m =
    /^\W*what (?:is|are) (?:an? |the )?([^\s?]+(?: [^\s?]+)?)\?*$/i.exec(question) ??
    /^\W*what (?:does|do) (?:an? |the )?(.{1,60}?) (?:do|mean|stand for)\?*$/i.exec(question);
  return m?.[1];
}
/**
 * A sentence stating what `subject` (definitionAsked) is or does, as its subject ("The time command
 * runs another program …", "A glob is …"): the canonical answer, which a passage merely naming the
 * words ("Command being timed: …") is not; nor is one saying what it does not do or only what it
 * needs ("Z_BUF_ERROR does not need to be checked").
 */
export function definesSubject(subject: string): RegExp {
  const words = subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(
    `(?:^|[^\\p{L}\\p{N}])${words}\\s+(?!(?:does|has|was|needs|gets)\\b)(?:is|are|means|stands|\\p{Ll}+s)\\b(?!\\s+not\\b)`,
    'iu',
  );
}
/** "What does n-i-bz mean?", "What does CRC stand for?": the words asking are the question's form, not its topic. */
/**
 * "What does PTAL mean?", "A reviewer wrote RSLGTM on my pull request. What does that mean?": asked
 * what a word means, at the start of the question or of its last sentence.
 */
export const ASKS_MEANING =
  /(?:^|[.!?]\s+)\W*what (?:does|do|is|are) .{1,60}\b(?:mean|stand for|short for)\b|\bmeaning of\b/i;
export const MEANING_WORDS = /\b(?:mean|means|meaning|stand for|stands for|short for)\b/gi;
/** Questions asking for a date: a sentence with a date answers them, one with any number less likely. */
export const ASKS_DATE = /^(?:\W*)when\b|\b(what|which) (date|day|year|month)\b|\band when\b/i;
/** The words a question asks for a quantity with, not what it is a quantity of. */
export const MEASURE_TERMS = new Set(
  termsOf(
    'maximum minimum max min number length size limit amount total count largest highest smallest lowest longest shortest biggest',
  ),
);
/**
 * What a quantity measures. Asked the maximum length of a pattern, a sentence giving the maximum of
 * a pattern's weight (and not its length) measures something else (Ranked.measuresOther).
 */
export const DIMENSIONS = new Set(termsOf('length size weight width height depth priority duration timeout'));
/** A question about a sum: what was charged, billed or paid. */
export const ABOUT_MONEY =
  /\$|\b(?:charge[sd]?|charging|bill(?:s|ed)?|paid|pay|cost(?:s|ed)?|fees?|price[sd]?|amount|total|invoice[sd]?|money)\b/i;
/**
 * "How much money …", "How much does it cost?", "What is the fee?": the answer is an amount of money
 * or says there is none. A sentence holding another quantity ("Tier 1 and Tier 2") does not answer.
 */
export const ASKS_MONEY =
  /\bhow much money\b|\bhow much (?:does|do|will|would|is|are)\b.*\b(?:cost|charge)\b|\bwhat (?:is |are )?(?:the )?(?:price|cost|fee)s?\b|\bhow much\b.*\b(?:pay|paid|earn)\b/i;
/**
 * "How long did the flush take?", "How long must I keep it online?", "How long can a name be?": the
 * answer is a span of time or a length, in its unit ("12 months", "30 seconds", "255 bytes") or in
 * words ("forever", "until …"). A sentence holding another quantity ("1 $129.50") does not answer.
 */
export const ASKS_DURATION = /\bhow long\b/i;
/**
 * "How much space should I leave for /var?", "How much memory does decompression need?": the word
 * for storage the asker uses, which the answer states in its unit (STORAGE_AMOUNT: "allocate at
 * least 200MB for /var") rather than in that word.
 */
export const ASKS_STORAGE = /\bhow much (?:(?:disk|free|hard drive|drive) )?(space|memory|ram|storage|room)\b/i;
/**
 * "How cold does it have to be …?", "How heavy can the load be?": the answer is a temperature or a
 * weight in its unit ("40 °F", "below freezing", "80,000 pounds"). A sentence holding another
 * quantity ("110 psi, measured cold") does not answer.
 */
export const ASKS_TEMPERATURE = /\bhow (?:cold|hot|warm|cool)\b|\bwhat temperature\b/i;
export const ASKS_WEIGHT = /\bhow heavy\b|\bwhat (?:is the |are the )?(?:weight|mass)\b/i;
/**
 * "What is the maximum storage fee?", "What is the minimum length of a value?": asked for a bound, the
 * answer states one ("the maximum is 100", "at most 255", "at least 8 bytes", "no more than 10 %",
 * "more than 512 megabytes", a MAX_ constant). A sentence giving a plain amount ("$45 per day") gives
 * the amount, not its bound.
 */
// ("How many slides can a presentation have at most?" asks for a maximum as "maximum" does.)
export const ASKS_UPPER_BOUND = /\b(?:maximum|max|upper limit|at (?:the )?most)\b/i;
export const ASKS_LOWER_BOUND = /\b(?:minimum|min|lower limit)\b/i;
/** Questions whose answer is a quantity: a passage without one does not answer them. */
const ASKS_QUANTITY =
  /\b(how (many|much|long|large|big|often|high|far|old|fast|slow|quick|quickly|cold|hot|warm|cool|heavy)|what (?:temperature|weight)|what(?: is| are|'s)?(?: the)? (?:[\w-]+ )?(size|number|percent|percentage|amount|rate|price|fee|total|limit|maximum|minimum)|maximum|minimum|largest|highest|smallest|lowest|longest|shortest|cost)\b/i;
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
export const wantsQuantityOf = (raw: string) =>
  ASKS_QUANTITY.test(raw) || ASKS_CONSTANT_VALUE.test(raw) || asksMost(raw);
export const ASKS_NUMBER =
  /\b(how (many|much|long|large|big|often|high|low|far|old|soon|fast|cold|hot|warm|cool|heavy)|what (temperature|weight|value|size|number|version|percent|percentage|amount|rate|date|time|day|year|price|fee|total|limit|maximum|minimum|default)|what (?:[\w-]+ )?ratios?|which version|maximum|minimum|max|min|default|limit|highest|lowest|largest|smallest|longest|cost)\b|^\W*when\b|\band when\b/i;
/**
 * "Which version of libtasn1 first supported BMPString?", "In what release was -z added?": asked in
 * which version something came, went or changed, the answer names a version, a number; so asked
 * "which pip release …". ("Which
 * version of the syntax does grep use?" asks for a variant, which need not be numbered.)
 */
export const ASKS_VERSION =
  /\b(?:which|what) (?:[\w-]+ )?(?:version|release)s?\b(?! control).*\b(?:add(?:s|ed)?|introduc\w*|first|since|new|removed|dropped|deprecated|changed|fixed|support(?:s|ed)?|needs?|needed|requir\w*)\b/i;
/**
 * "Which Debian release is this guide for?", "Which Debian version is the current stable release?",
 * "What version of Python is required?": asked which version a thing is, the answer names one (a
 * number, "Debian 12"), as ASKS_VERSION's does; a passage saying what "stable" means names none. The
 * version of a product named with a capital, or none, then a verb ("Which version of the syntax does
 * grep use?" asks for a variant).
 */
export const ASKS_VERSION_ITSELF =
  /\b[Ww](?:hich|hat) (?:(?:\p{Lu}[\p{L}\d-]*|current|latest|stable|supported|minimum|oldest|newest) )?(?:version|release)s? (?:of \p{Lu}[\p{L}\d-]* )?(?:is|was|are|were|will|does|do|did|should|must|has|have)\b/u;
/**
 * "How often does fc-cache rebuild the cache?": a frequency answers ("every Nth record", "Each year,
 * the TSC elects a chair", "whenever …", "twice"), not any quantity (a constant's name, a count).
 */
export const ASKS_FREQUENCY = /\bhow often\b/i;
/**
 * "When was libtasn1 first released?", "When will 3.20 come out?", "When was the truck picked up?":
 * asked when something happened or will, the answer is a point in time: a date, a year, a version
 * (in the sentence or the next). "When is a glob's weight used?" asks on what condition, not this.
 * So does "What is the release date of trixie?" (not "What date format …", a kind of thing), and
 * so do "In which month is the leader election held?" and "What year was it released?": a
 * "yearly" election names no month.
 */
export const ASKS_WHEN_DONE =
  /^\W*(?:in|on|during|by) (?:which|what) (?:month|year|day|week|weekday|season|quarter)\b|^\W*(?:which|what) (?:month|year|weekday|day of the (?:week|month)) (?:is|was|are|were|do|does|did|will)\b|^\W*when (?:was|were|did|will|has|had)\b|^\W*when (?:is|are|does|do)\b.*\b(?:releas\w*|publish\w*|com(?:e|ing) out|due)\b|^\W*(?:what|which)(?:'s|’s| is| was| will be)? (?:the )?(?:[\p{L}-]+ )?(?:date|year)(?=\s+(?:of|for|did|was|is|will|does|do)\b|\s*\?|\s*$)/iu;
/**
 * "How much slower does --track-origins=yes make a program?": a comparison's size answers (a share,
 * a factor: "20 %", "3x", "twice", "half"), not any number ("As of 3.4.0 … It will run slower").
 */
export const ASKS_RATIO = /\bhow much (?:faster|slower|quicker|smaller|bigger|larger|better|worse)\b/i;
/**
 * "Is libtasn1 faster than other ASN.1 libraries?", "Is CRC-64 slower than CRC-32?": a yes/no question
 * weighing one thing against another wants a sentence that compares (COMPARES), in any words ("the
 * performance of 32-bit and 64-bit CRCs is nearly identical"); a passage naming both things without
 * comparing them does not answer. "More than 2 files" is a bound, not a comparison.
 */
const ASKS_COMPARISON =
  /^\W*(?:is|are|was|were|does|do|did|will|would|can)\b[^?]*\b(?:(faster|slower|quicker|better|worse|smaller|larger|bigger|cheaper|safer|easier|harder|stronger|weaker)|(?:more|less) ((?!\d)\p{L}+)) than\b|^\W*how does\b[^?]*\bcompare\b/iu;
/**
 * Whether a question asks for a comparison (ASKS_COMPARISON), and its word of comparison ("slower",
 * the "efficient" of "more efficient"): any comparison answers that word, so a sentence that
 * compares holds it (sentence-scoring.ts). The word is undefined for "How does X compare with Y?".
 */
export function comparisonAsked(question: string): { word: string | undefined } | undefined {
  const m = ASKS_COMPARISON.exec(question.trim());
  return m ? { word: m[1] ?? m[2] } : undefined;
}
/**
 * "Which cipher should I choose for the best speed?", "What oil should I use?": asked for advice, the
 * passage advises ("should", "recommended", "best", "try", "prefer", a sentence opening "Use …");
 * "… you may choose any version ever published" does not, nor "Engine oil is changed every 15,000
 * miles". (Not "which option should I use", nor what to use "instead": the answer names the thing.)
 */
export const ASKS_ADVICE =
  /^\W*(?:which|what)\b[^?]*\bshould (?:i|we) (?:choose|pick|select|get|buy|prefer)\b|^\W*(?:which|what) (?!(?:options?|flags?|switch(?:es)?|settings?|commands?|parameters?|arguments?)\b)\p{L}[\p{L}-]* should (?:i|we) use\b(?![^?]*\binstead\b)/iu;
/**
 * "how do i make it not check the server's certificate", "how do I stop tar overwriting my files?":
 * asked how to keep an act from happening, the answer says so in some words ("Don't replace existing
 * files", "To disable this, use --no-binary", "--insecure Skips the verification"): a passage telling
 * only how the act is done ("--cacert <file> … to verify the peer") does not answer.
 */
export const ASKS_PREVENTION =
  /^\W*how (?:do|can|should|would|could) (?:i|we|you|one) (?:(?:make|get|have|tell) \S+ not|stop|prevent|keep \S+(?: \S+)? from)\b/i;
/**
 * "Which release dropped support for Solaris?", "When will /etc/timezone be removed?", "Which function
 * is deprecated?": asked what was taken away, the answer states a removal in some words (REMOVES); a
 * release's list of fixes naming the thing does not. (Not "how do I remove …", whose answer is the way
 * to do it, "pip uninstall"; nor a yes/no question, answered by a rule in the document's words,
 * "You may omit …"; nor "dropped off".)
 */
export const ASKS_REMOVAL =
  /^\W*(?:which|what|when|who|in which|in what)\b[^?]*\b(?:removed|dropped(?! off)|deprecated|discontinued|retired)\b/i;
/**
 * An option as a question names it ("-J", "--zstd", "--level=0"), or a format's conversion ("%M",
 * "%e"): the passage answering it writes it.
 */
export const FLAG_ASKED = /(?<=^|[\s("'‘“])(?:--?[\p{L}\p{N}][\p{L}\p{N}=-]*|%[\p{L}])(?![\p{L}\p{N}])/gu;
/** A constant's name: MAX_SIZE, ASN1_MAX_NAME_SIZE. */
export const CONSTANT_NAME = /\b[A-Z][A-Z\d]*_[A-Z\d_]+\b/g;
/**
 * "How many subclasses …", "the maximum number of files …": the thing counted, which the answer's
 * sentence names. "People", "times" and "things" name no particular thing: "how many people must
 * approve" is answered by "Two collaborators must approve".
 */
export const COUNTED =
  /\b(?:how many|number of|count of)\s+(?:the\s+)?(?!(?:people|persons|times|things|items|ones|of)\b)(\p{L}[\p{L}-]*)/iu;
/** A unit the question counts in ("how many bytes"): a measure is asked, not a count of things. */
export const IS_UNIT = new RegExp(`^${UNIT}$`, 'iu');
export const HOW_MANY = /\bhow many\b/i;
/** "Why …", "What causes …": a sentence giving a cause or a reason answers it. */
/**
 * "What do I need installed to use the browse tool?", "What are the requirements?": a sentence saying
 * what something requires answers it ("This feature requires a Python installation."). (Not "… my
 * requirements file …": pip's guide names a file so.)
 */
export const ASKS_REQUIREMENT =
  /\bwhat (?:do|does|did|would|will) (?:i|you|we|one|it) (?:need|require)\b|\bwhat (?:is|are|'s) (?:needed|required)\b|\bwhat (?:are|is|'s) the (?:[\w-]+ )?(?:requirements?|prerequisites?)\b|\bwhat (?:must|should) (?:i|you|we) (?:have|install)\b/i;
export const ASKS_REASON = /^\W*why\b|\bwhat (?:causes|is the reason)\b|\bhow come\b/i;
/**
 * "Which option …", "How do I …" (also after a clause setting the scene: "our office goes through a
 * proxy, how do I …"): the answer is something to do, often a flag or a setting
 * (`--trace-children=yes`): a sentence holding one is preferred, and quoted along when the best
 * sentence only sets the scene for it.
 */
export const ASKS_OPTION =
  /\b(?:which|what) (?:option|flag|switch|setting|parameter|argument|command)s?\b|(?:^\W*|[,;:] *|\s-+\s+)how (?:do|can|should|would|could) (?:i|you|we|one)\b/i;
/**
 * A question typed as a command, as people type into a manual's search ("run ssh in the
 * background", "use a specific key file"): its first word a verb in its plain form, as WordNet uses
 * it most. It asks what to do, as "how do I" does.
 */
export const asksImperative = (raw: string) => {
  const first = /^\W*([a-z]+)\b/i.exec(raw)?.[1]?.toLowerCase() ?? '';
  return !AUXILIARY.test(first) && !/(?:ed|ing)$/.test(first) && wordKindOf(first) === 'verb';
};
const AUXILIARY =
  /^(?:do|does|did|is|are|was|were|am|be|can|could|may|might|must|shall|should|will|would|has|have|had|need|want)$/;
/**
 * "What is the default port?", "What's the default escape key?", "What port does it use if I don't
 * give one?", "Where does it look by default?": the answer states the value ("The default is ~/.ssh/id_rsa", "(default: '~')",
 * "defaults to 1", "50 by default", "If this option is not given, … is used"). A sentence saying
 * only what happens "By default, …" describes a behaviour, not the value asked for, unless it names
 * the value ("By default, it looks for a file named build.ninja").
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
export const asksDefaultValue = (question: string) => ASKS_DEFAULT_VALUE.some((form) => form.test(question));
/**
 * What a default is asked of ("the default weight of a magic match", "the default block size of
 * bzip2recover"): the words after "of" or "for". A default stated under another owner ("The default
 * weight value is 50" of a glob) is that owner's.
 */
export const DEFAULT_OWNER =
  /\bdefault\b[^?.]*?\b(?:of|for)\s+(?:an?\s+|the\s+)?([\p{L}\p{N}_.-]+(?:\s+[\p{L}\p{N}_.-]+)?)/iu;
/**
 * "What pressure should the truck's front tires be?": whose thing the question asks of, a common noun
 * before "'s" (not a name: "Valgrind's output" is the document's own subject, which a sentence need
 * not repeat). A passage that never names that owner, where the document does, speaks of another's
 * ("The tire pressure of a loaded trailer …"). The owner's word, or undefined.
 */
export function possessorAsked(question: string): string | undefined {
  return POSSESSOR.exec(question)?.[1];
}
const POSSESSOR = /(?:^|\s)(?!(?:what|it|that|there|who|here|let|where|how|he|she|one)['’])(\p{Ll}[\p{Ll}-]*)['’]s\b/u;
/** "Where is …", "Where do I …": the answer names a place (PLACE_IN). */
export const ASKS_PLACE = /^\W*where\b/i;
/** "Who …", "by whom": the answer names someone (a capitalised name the question does not hold). */
export const ASKS_AGENT = /^\W*who(?:m)?\b|\bby whom\b|\bwhich (?:person|people|company|organi[sz]ation)\b/i;
/**
 * A yes/no question: it opens with an auxiliary or a modal verb ("Can I …", "Do I have to …", "Is
 * it allowed …"), or its main clause does, after a clause setting the scene ("When I bundle several
 * documents, do I need …?", "If I sell copies, must I …?").
 */
export const ASKS_YES_NO =
  /^\W*(?:can|could|may|might|must|shall|should|do|does|did|am|is|are|will|would|need)\b|[,;:]\s*(?:can|could|may|must|shall|should|do|does|am|is|are|will|need)\s+(?:i|we|you|they|it|this|that|he|she|one)\b/i;
/**
 * "A user reported a bug that isn't specific to Debian. What should I do with it?": asked what to
 * do, a rule or an instruction answers (a modal: "These bug reports should be forwarded …"), not
 * the sentence saying what happened, which the asker has told already.
 */
export const ASKS_WHAT_TO_DO =
  /\bwhat (?:should|must|shall|do|can|could|would) (?:I|we|you|one)(?: (?:need|have|ought) to)? do\b/i;
/**
 * "What is the archive area for non-free firmware called?", "What are these files called?": asked
 * for a thing's name, every word describing the thing says which it is: a passage naming things
 * without one of them ("… "contrib" and "non-free" areas in our archive …") names others.
 */
export const ASKS_NAME =
  /^\W*what (?:is|are|was|were) (?:the |a |an |these |those |this |that )?(.+?) (?:called|named)\W*$/i;
export const ASKS_RULE =
  /^(can|may|must|should|shall|is|are|does|do)\b|\b(allowed|permitted|required|mandatory|supported|possible|have to|need to|may|must|should)\b/i;
/** A number standing alone in a question ("exit code 2", "level 3"; not "3.19" or "ASN.1"). */
export const STANDALONE_NUMBER = /(?<![\p{L}\p{N}.])(\d{1,4})(?![\p{L}\p{N}]|\.\d)/gu;
