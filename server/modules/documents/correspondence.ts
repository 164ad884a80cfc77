/**
 * "Who signed the letter?", "Who is the letter addressed to?": asked of a letter (an email, a memo)
 * itself, the answer is its closing and its salutation, "Sincerely, Yannick P. Guique" and "Dear Mr.
 * Barrières,". Neither holds a word of the question ("letter", "signed", "addressed" are nowhere in
 * a letter), so the ranking cannot find them (docs/document-chat.md, *How answers are made*); as with
 * the author of a manual's title page (authorship.ts), they are read by their shape.
 *
 * A closing is one of the usual sign-offs followed by a comma and a name: two to four capitalised
 * words or initials ("Yannick P. Guique", "J. Smith"). A salutation is "Dear" and what it names, up
 * to its comma or colon. The signer is the last closing of the document (a letter quoting another
 * ends with its own), the addressee the first salutation. A document with neither is left to the
 * ranking, which answers or refuses as for any question.
 */
import type { Citation } from '../../../src/domain/documents/documents';
import type { DocumentIndex } from './document-index';

const LETTER = String.raw`(?:letter|e-?mail|memo|memorandum|note|message)`;
const THE_LETTER = String.raw`(?:this|the) ${LETTER}`;

/** "Who signed the letter?", "Who is the sender of this email?", "Who was the letter from?" */
const ASKS_SIGNER = new RegExp(
  String.raw`^\W*(?:who (?:signed|wrote|sent) ${THE_LETTER}|who (?:is|was) the (?:sender|writer|author|signatory|signer) of ${THE_LETTER}|who (?:is|was) ${THE_LETTER} (?:from|signed by|written by|sent by))\b`,
  'i',
);
/** "Who is the letter addressed to?", "To whom was this letter sent?", "Who received the memo?" */
const ASKS_ADDRESSEE = new RegExp(
  String.raw`^\W*(?:(?:who|whom) (?:is|was) ${THE_LETTER} (?:addressed|written|sent|directed) to|(?:who|whom) (?:is|was) ${THE_LETTER} (?:to|for)|to whom (?:is|was) ${THE_LETTER}|who (?:is|was) the (?:recipient|addressee) of ${THE_LETTER}|who (?:received|got) ${THE_LETTER})\b`,
  'i',
);

/** A capitalised word or an initial of a name: "Yannick", "P.", "O'Neil", "Barrières". */
const NAME_PART = String.raw`\p{Lu}[\p{L}'’-]*\.?`;
/** A sign-off, its comma and the name after it: "Sincerely, Yannick P. Guique". */
const CLOSING = new RegExp(
  String.raw`\b(?:Sincerely(?: yours)?|Yours (?:truly|sincerely|faithfully)|(?:Best|Kind|Warm|Kindest|Warmest|With best) regards|Regards|Respectfully(?: yours)?|Cordially|Best wishes),\s+${NAME_PART}(?:\s+${NAME_PART}){1,3}`,
  'gu',
);
/** "Dear Mr. Barrières," "Dear Sir or Madam:" up to the comma or colon that closes it. */
const SALUTATION = /\bDear\s+\p{Lu}[^,:;!?]{0,60}?(?=[,:])/u;

export const asksForSigner = (question: string) => ASKS_SIGNER.test(question.trim());
export const asksForAddressee = (question: string) => ASKS_ADDRESSEE.test(question.trim());

/** The letter's last closing with the name signed under it, or null when it has none. */
export function signerCitation(index: DocumentIndex): Citation | null {
  const pages = [...index.pages.keys()].sort((a, b) => b - a);
  for (const page of pages) {
    const closings = [...index.pages.get(page)!.matchAll(CLOSING)];
    const last = closings.at(-1);
    if (last) return { page, quote: last[0] };
  }
  return null;
}

/** The letter's first salutation, or null when it has none. */
export function addresseeCitation(index: DocumentIndex): Citation | null {
  const pages = [...index.pages.keys()].sort((a, b) => a - b);
  for (const page of pages) {
    const found = SALUTATION.exec(index.pages.get(page)!);
    if (found) return { page, quote: found[0] };
  }
  return null;
}
