/**
 * What a question asks about, read off its words: the kind of thing after "what", "which" or "how
 * many" (askedKind), the role of "who is the …" (askedRole), the attribute of "what is the …"
 * (askedAttribute), and the event of "what happens if …" or the thing of "is there a …"
 * (askedThing), and the deed of "who did …" (askedDeed). The ranking refuses a question whose kind, role, attribute or thing the document
 * never speaks of (Ranked.kindAbsent in ranked.ts; docs/document-chat.md, sixteenth, twenty-first
 * and twenty-second sessions).
 */
import { ASKS_PREVENTION } from './question-forms';
import { termsOf, wordKindOf } from './terms';

/**
 * "What brand …", "Which XML parser …", "How many ASN.1 modules …": the words after "what", "which"
 * or "how many", up to the verb, name the kind of thing asked for, the last noun among them its head
 * ("parser"; "XML" and "compiler" in "which compiler flag" only say which one). A head the document
 * never uses (itself or through a synonym) is a kind it never speaks of, whatever it says of the rest.
 * Not the words that ask for any thing at all ("what kind", "which one"), names, verbs or adjectives.
 */
const ASKED_KIND = /^\W*(?:what|which)\s+(.*)|\bhow many\s+(.*)/iu;
/**
 * Words asking for any thing at all ("what kind", "which one"), and the kinds a manual shows rather
 * than names ("which flag": it writes "-g", never the word "flag"; ASKS_OPTION).
 */
const ANY_KIND = new Set(
  'kind kinds type types sort sorts part parts way ways one ones thing things option options flag flags switch switches setting settings parameter parameters argument arguments command commands'.split(
    ' ',
  ),
);
const ENDS_KIND =
  /^(?:is|are|was|were|be|been|do|does|did|can|could|may|might|will|would|should|must|shall|has|have|had|of|in|on|for|to|with|by|from|at|about|a|an|the|i|you|we|it|they)$/i;
export function askedKind(question: string): string | undefined {
  // The last of the kind's words that is no adjective ("XML" and "compiler" only say which one).
  let head: string | undefined;
  for (const word of kindPhrase(question)) if (!wordKindOf(word)) head = termsOf(word)[0] ?? head;
  return head;
}
/**
 * "Which graphical program edits fonts.conf?", "Which Python bindings …": every word naming the kind
 * asked for, its head and the words before it that say which of that kind (an adjective too:
 * "graphical"). One the document never uses means it speaks of others of the kind ("… instructions on
 * editing program specified font patterns"), not of that one, as with "is there a graphical tool"
 * (IS_THERE). Not the words asking for any thing at all, names (namesAbsentFrom's to judge) or verbs.
 */
export function askedKindWords(question: string): string[] {
  return kindPhrase(question).flatMap((w) => termsOf(w));
}
/**
 * "Can I reserve a table online?", "Can I pay the deposit by card?", "How do I pay the invoice
 * online?": the means the question asks the act be done by. A document that never names it (nor a
 * synonym) does not say whether that means is open, whatever it says of the act ("Table reservations
 * are held for 15 minutes"). The words naming the means, without "by", "over the" or "via".
 */
export function askedMeans(question: string): string[] {
  const m = ASKS_MEANS.exec(question);
  return m ? termsOf(m[1] ?? m[2] ?? m[0]) : [];
}
const ASKS_MEANS =
  /\b(?:online|offline|remotely|by ((?:credit |debit )?card|phone|telephone|e-?mail|mail|post|fax|text|cash|cheque|check|bank transfer|wire)|(?:over the|via) (phone|telephone|internet|web|website|app))\b/i;
/**
 * The words of the kind asked for that say which of it, as an adjective does ("graphical" in "Which
 * graphical client …"): a passage answering speaks of that one. Not the head ("Which people …" is
 * answered by "Two collaborators …"), nor a noun before it ("comparison operators": "compare=…").
 */
export function askedKindQualifiers(question: string): string[] {
  const words = kindPhrase(question);
  return words
    .slice(0, -1)
    .filter((w) => wordKindOf(w) === 'adjective' || ADJECTIVE_ENDING.test(w))
    .flatMap((w) => termsOf(w));
}
const ADJECTIVE_ENDING = /(?:ical|ic|al|ive|ous|able|ible|ful|less)$/i;
/** The words after "what", "which" or "how many" naming the kind asked for, up to the verb (not names, not any-kind words). */
function kindPhrase(question: string): string[] {
  const m = ASKED_KIND.exec(question);
  const rest = m?.[1] ?? m?.[2];
  if (!rest) return [];
  const words: string[] = [];
  for (const word of rest.split(/\s+/).slice(0, 4)) {
    const bare = word.replace(/^\W+|[^\p{L}\p{N}]+$/gu, '');
    if (!bare || ENDS_KIND.test(bare) || wordKindOf(bare) === 'verb') break;
    // A name (a capital past its first letter, a digit, a dot inside) is namesAbsentFrom's to judge.
    if (ANY_KIND.has(bare.toLowerCase()) || /.\p{Lu}|\d|\w[._]\w/u.test(bare)) continue;
    words.push(bare);
  }
  return words;
}
/**
 * "Who is the service advisor's manager?", "Who is the maintainer of …?": the role asked for, the
 * last noun after "who is the", past a possessor ("advisor's"), up to a preposition or a verb. A
 * role the document never names (itself or through a synonym) is one it never speaks of: the
 * people it does name hold other roles ("Service advisor: Priya Raman."). Not an adjective ("Who is
 * responsible …") and not a name.
 */
const ASKED_ROLE = /^\W*who(?:'s|’s|\s+is|\s+are|\s+was|\s+were)\s+(?:the|a|an|my|our|your|their|its)\s+(.*)/i;
const ASKED_ATTRIBUTE = /^\W*what(?:'s|’s|\s+is|\s+are|\s+was|\s+were)\s+(?:the|my|our|your|their|its)\s+(.*)/i;
/**
 * Attributes a passage gives without naming them: its form says what it is ("the purpose of …" is
 * answered by "… is used to …", "the price" by "$50"), or the question's form already asks for it
 * (ASKS_NUMBER, definitionAsked). Not an attribute the document must name.
 */
const GENERAL_ATTRIBUTES = new Set(
  termsOf(
    'purpose reason point difference meaning use role goal aim idea effect benefit advantage disadvantage problem issue way best name value default status result outcome process procedure rule step steps date time day year price cost fee charge amount total rate maximum minimum max min number length size limit count format syntax output meaning definition difference relationship relation alternative equivalent',
  ),
);
const ENDS_ROLE =
  /^(?:of|for|in|on|at|to|with|by|from|that|who|which|whom|when|if|and|or|now|right|currently|today|still|here|there|then)$/i;
export function askedRole(question: string): string | undefined {
  return headAfter(ASKED_ROLE.exec(question)?.[1]);
}
/**
 * "What is the discount for paying by ACH?": the attribute asked for, read as askedRole reads a
 * role. One the document never names (itself or through a synonym) is one it does not state,
 * whatever it says of the rest ("Pay by ACH to account …"). Not the attributes a passage gives
 * without naming them (GENERAL_ATTRIBUTES).
 */
export function askedAttribute(question: string): string | undefined {
  const head = headAfter(ASKED_ATTRIBUTE.exec(question)?.[1]);
  return head && !GENERAL_ATTRIBUTES.has(head) ? head : undefined;
}
/** The last noun of a phrase, past a possessor, up to a preposition or a verb (not an adjective, not a name). */
function headAfter(rest: string | undefined): string | undefined {
  if (!rest) return undefined;
  let head: string | undefined;
  for (const [i, word] of rest.split(/\s+/).slice(0, 5).entries()) {
    const bare = word.replace(/^\W+|[^\p{L}\p{N}]+$/gu, '');
    // Right after the article a word that may be a verb is the noun ("the discount", "the lead").
    const verb = wordKindOf(bare) === 'verb';
    if (!bare || ENDS_ROLE.test(bare) || ENDS_KIND.test(bare) || (verb && i > 0)) break;
    // A name is namesAbsentFrom's to judge; a possessor says whose, not what.
    if (/.\p{Lu}|\d|\w[._]\w/u.test(bare)) continue;
    if (/['’]s?$/.test(word.replace(/[?.!,]+$/, ''))) {
      head = undefined;
      continue;
    }
    if (!wordKindOf(bare) || verb) head = termsOf(bare)[0] ?? head;
  }
  return head;
}

/**
 * "Is there a graphical tool to edit the database?": the thing asked for (up to three words) must be
 * one the document speaks of; a word of it the document never uses, nor through a synonym
 * ("graphical"; "interview" of a document that only speaks of questions, a relative of it), means
 * it speaks of other things of the kind ("tools which let the user edit the database"), not of
 * that one.
 */
const IS_THERE = /^\W*(?:is|are) there (?:an? |any )?((?:[\p{L}-]+ ){0,2}[\p{L}-]+)/iu;
/**
 * The condition of "what happens if …" or "what if …", as written. Asked what follows from an event,
 * the document must speak of that event: a word of the condition it never uses, nor through a
 * synonym ("What happens if I decompress a file with the wrong *password*?", "… if the truck
 * *fails* the inspection?": a relative such as "passes" is not the event), means it does not,
 * however much it says of the rest (askedThing). And a sentence stating what follows puts it in a
 * clause of its own ("If a host's identification ever changes, ssh warns …"), where a sentence
 * merely naming it does not ("… can find out that the host key has changed when …").
 */
const ASKS_IF =
  /\bwhat (?:happens|will happen|would happen|happened)\b.*?\b(?:if|when|once|after|unless)\b(.*)|^\W*what if\b(.*)/i;
export const askedCondition = (question: string): string | undefined => {
  const m = ASKS_IF.exec(question);
  return m?.[1] ?? m?.[2];
};
/**
 * "What should I keep in case I lose my key?", "Who do I call if a tire goes flat?": what to do on
 * an event, which a sentence stating the event as its condition answers ("… this is needed if your
 * key is lost"), as it does "what happens if". Only that: unlike "what happens if", a word of the
 * event the document never uses does not refuse (the asker tells the case in their own words:
 * "if I accidentally get into someone else's account while testing").
 */
const ASKS_WHAT_ON =
  /^\W*(?:what|who|where|how|which)\b[^?]*?\b(?:should|must|shall|do|does|can|could|need to|have to)\b[^?]*?\b(?:if|in case(?: of)?)\b([^?]*)/i;
export const askedEvent = (question: string): string | undefined =>
  askedCondition(question) ?? ASKS_WHAT_ON.exec(question)?.[1];
/** The event of "what happens if …" or the thing of "is there a …", as written, if the question asks so. */
export const askedThing = (question: string): string | undefined =>
  askedCondition(question) ?? IS_THERE.exec(question)?.[1];

/**
 * "Who designed …?", "Who signed …?": the deed a "who" question asks the doer of, the verb right
 * after "who"; not a helper verb ("Who is …", "Who can …", "Who do I call …") nor a light one that
 * any deed may stand for ("Who makes new versions?" is answered by "… may publish new versions").
 */
const AGENT_DEED =
  /^\W*who\s+(?!(?:is|are|was|were|be|been|can|could|may|might|must|shall|should|will|would|do|does|did|has|have|had|else|to|in|on|at|make|makes|made|get|gets|got|take|takes|took|give|gives|gave|handle|handles|handled|run|runs|ran|put|puts|set|sets|need|needs|needed|use|uses|used|want|wants|wanted|deal|deals|dealt)\b)([a-z]{3,})\b/i;
/** The forms of common irregular verbs, under the past form a question asks with (after WordNet's verb.exc). */
const IRREGULAR: Record<string, string[]> = {
  wrote: ['write', 'written', 'writer'],
  built: ['build', 'builder'],
  began: ['begin', 'begun'],
  chose: ['choose', 'chosen'],
  drew: ['draw', 'drawn'],
  drove: ['drive', 'driven', 'driver'],
  found: ['find', 'founder'],
  held: ['hold', 'holder'],
  kept: ['keep', 'keeper'],
  led: ['lead', 'leader'],
  paid: ['pay', 'payment'],
  sent: ['send', 'sender'],
  sold: ['sell', 'seller', 'sale'],
  spoke: ['speak', 'spoken', 'speaker'],
  taught: ['teach', 'teacher'],
  told: ['tell'],
  won: ['win', 'winner'],
  bought: ['buy', 'buyer'],
  brought: ['bring'],
  thought: ['think'],
};
/** A verb's terms with those of its irregular forms ("send": "sent"), as a sentence may state it. */
const verbTerms = (word: string) => [...new Set([word, ...(IRREGULAR[word] ?? [])].flatMap((w) => termsOf(w)))];
/**
 * The stems a sentence may state a "who" question's deed by (its own, an irregular verb's other
 * forms), or undefined when the question asks no deed. A sentence also states it by a word derived
 * from it ("signed" → "Signature: …"; statesDeed) or a related one.
 */
export function askedDeed(question: string): string[] | undefined {
  const word = AGENT_DEED.exec(question.trim())?.[1]?.toLowerCase();
  if (!word || wordKindOf(word) === 'adjective') return undefined;
  return verbTerms(word);
}
/**
 * "How do I install the server?", "Why did KDE stop using …?": the act a "how do I" or a "why did X"
 * question asks about, the verb after its asker or after a one-word subject (a name, a pronoun). A
 * passage stating it in no form answers how or why something else is done. Only an act the passage
 * lacks refuses: "If a host's identification ever changes …" states "change", though it is no way to
 * change a password. Not a helper or light verb (AGENT_DEED's: "How do I use …"), not after a longer
 * subject ("Why does the file grow?" names no act so), and not a present "why does": it asks about a
 * behaviour, which a document explains in its own words ("why does pip refuse …?" is answered by
 * "… will fail due to the user site not being on the python path").
 */
const ASKS_ACT =
  /^\W*(?:how (?:do|can|should|could|would) (?:i|we|you|one)|how to|why did (?!(?:the|a|an|this|that|these|those|my|your|our|its|their|his|her|some|any|all|each|every)\b)[\p{L}\d][\p{L}\d.+-]*)\s+(?!(?:is|are|was|were|be|been|can|could|may|might|must|shall|should|will|would|do|does|did|has|have|had|else|to|in|on|at|make|makes|made|get|gets|got|take|takes|took|give|gives|gave|handle|handles|handled|run|runs|ran|put|puts|set|sets|need|needs|needed|use|uses|used|want|wants|wanted|deal|deals|dealt|not|go|know|find|see|tell)\b)([a-z]{3,})\b/iu;
export function askedAct(question: string): string[] | undefined {
  // "How do I stop it overwriting …?" asks how an act is kept from happening (question-forms.ts ASKS_PREVENTION), not how to stop.
  if (ASKS_PREVENTION.test(question.trim())) return undefined;
  const word = ASKS_ACT.exec(question.trim())?.[1]?.toLowerCase();
  if (!word || wordKindOf(word) !== 'verb') return undefined;
  return verbTerms(word);
}
/**
 * "Does Node.js run on PowerPC?", "Will it work with Windows 11?": asked whether a thing runs on or
 * works with another, the answer says so in words of running or support ("runs on", "supports",
 * "compatible", "available for", "ported to", a platform); a glossary's line naming the other thing
 * ("PPC: PowerPC - A type of microprocessor architecture.") does not. The words the act is read in
 * (Question.act, required), not the asker's "run" alone (a light verb elsewhere: ASKS_ACT).
 */
const ASKS_CAPABILITY =
  /^\W*(?:does|do|can|will|would)\s+(?!(?:i|we|you|one)\b)[\p{L}\d][\p{L}\d.+-]*(?:\s+[\p{L}\d][\p{L}\d.+-]*)?\s+(?:run|work|operate)\s+(?:on|with|under)\b/iu;
const CAPABILITY = termsOf(
  'run runs running ran work works working support supports supported compatible available port ported platform platforms',
);
export const askedCapability = (question: string): string[] | undefined =>
  ASKS_CAPABILITY.test(question.trim()) ? CAPABILITY : undefined;
/**
 * "How do I send a client certificate?": the thing the asked act is done to, the last noun after its
 * verb (past a particle, "turn off the colours"), past an article or a possessor, up to a
 * preposition or an adverb ("How do I change my password on the server?": "password"). A passage
 * that never names it, near the sentence or as its entry's or section's head, tells how to do the
 * act to something else ("… data to be sent twice …"). A word ending in "-ly" ends the thing too, so
 * a noun such as "reply" asks for no thing: the rule then only does not apply.
 */
export const askedActObject = (question: string) => headAfter(actObjectPhrase(question));
/**
 * Every word of the thing acted on, up to its head ("zip files" in "How do I search inside zip
 * files?"): one the document never uses means it speaks of other things of the kind, not that one.
 */
export function askedActObjectWords(question: string): string[] {
  const words: string[] = [];
  for (const word of (actObjectPhrase(question) ?? '').split(/\s+/).slice(0, 4)) {
    const bare = word.replace(/^\W+|[^\p{L}\p{N}]+$/gu, '');
    if (!bare || ENDS_ROLE.test(bare) || ENDS_KIND.test(bare)) break;
    words.push(...termsOf(bare));
  }
  return words;
}
/** The words after a "how do I" act's verb, past a particle and an article, up to a preposition or an adverb. */
function actObjectPhrase(question: string): string | undefined {
  const m = ASKS_ACT.exec(question.trim());
  if (!m || !askedAct(question)) return undefined;
  return objectPhrase(question.trim().slice(m.index + m[0].length));
}
/**
 * "Can the management refuse a reservation?", "May I copy the manual?": a yes/no question asking
 * whether someone may do an act to a thing. Its act and the thing, as askedActObject reads it: a
 * passage doing that act to another thing the document names ("may refuse entry") does not answer.
 * A passage not stating the act is not refused for it: the act of a question asking leave is often
 * the asker's word for the document's ("sell" for "distribute").
 */
const ASKS_LEAVE =
  /^\W*(?:can|could|may|must|should|do|does) (?:i|we|you|one|they|(?:the|a|an) [\p{L}-]+|\p{Lu}[\p{L}\d.+-]*) ((?!(?:be|have|get|use|make|do|go|need|want|take|give|put|set|run|see|know|find|tell)\b)[a-z]{3,})\b/iu;
export function askedLeave(question: string): { act: string[]; object: string | undefined } | undefined {
  const m = ASKS_LEAVE.exec(question.trim());
  const word = m?.[1]?.toLowerCase();
  if (!m || !word || wordKindOf(word) !== 'verb') return undefined;
  return {
    act: verbTerms(word),
    object: headAfter(objectPhrase(question.trim().slice(m.index + m[0].length))),
  };
}
/** The thing after an act's verb, past a particle and an article, up to a preposition or an adverb. */
function objectPhrase(after: string): string {
  const rest = after
    .replace(/^\s*(?:up|down|off|on|out|over|back|away)\s+/i, '')
    .replace(/^\s*(?:a|an|the|my|our|your|their|its|this|that|these|those|some)\s+/i, '')
    .trim();
  // An adverb or a preposition ends the thing ("report a vulnerability privately", "split an archive into parts").
  const words = rest.split(/\s+/);
  const end = words.findIndex((w) => ENDS_OBJECT.test(w.replace(/[^\p{L}]+$/u, '')));
  return (end < 0 ? words : words.slice(0, end)).join(' ');
}
const ENDS_OBJECT =
  /^(?:\p{L}{3,}ly|online|offline|here|there|now|again|instead|together|anyway|first|later|into|onto|over|through|across|via|without|under|between|per|after|before|during|within|against|like|than|as|using|while|so)$/iu;
/** Whether a sentence's terms state the deed (askedDeed's stems, a word derived from one, or a related word). */
export const statesDeed = (sentenceTerms: string[], deed: string[], related: Set<string>) =>
  sentenceTerms.some((t) => related.has(t) || deed.some((d) => t === d || (d.length >= 4 && t.startsWith(d))));
