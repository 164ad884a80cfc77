/**
 * "Who wrote this specification?": asked of the document itself, the answer is on its title page,
 * where the authors' names stand under the title with no sentence around them ("Shared MIME-info
 * Database X Desktop Group (http://www.freedesktop.org) Thomas Leonard tal197 at users.sf.net"), or
 * in a line saying so ("Originally written 2001 by Niels M¨oller"). No question word is in either,
 * so the ranking never finds them (docs/document-chat.md, *How answers are made*).
 *
 * A name is told from the title's words by rarity and by what stands beside it: two or more
 * capitalised words in a row, each in at most five sentences of the document ("Thomas Leonard",
 * "Julian Seward", "Andrew Kadatch1": a footnote's digit allowed), in a line of page 1's title block
 * that carries an address or "by", itself or in the line after it. The title's words are its topic
 * and come back on later pages ("Desktop", "Valgrind"); capitalised words with no address are as
 * likely a place or a club ("Blue Note Club house rules." of a three-page document, where every word
 * is rare). A company ("Free Software Foundation, Inc.") is a copyright holder, not an author:
 * without a person's name the question is left to the ranking, which refuses it.
 */
import type { Citation } from '../../../src/domain/documents/documents';
import { sentenceText, type DocumentIndex } from './document-index';
import { termsOf } from './terms';

const ASKS_AUTHOR =
  /^(?:who (?:wrote|authored|created|prepared|made|is the author of|are the authors of|was the author of|were the authors of)|who is this (?:\w+ )?by|who are the authors? of) (?:this|the) (?:document|doc|spec|specification|manual|guide|paper|article|book|handbook|report|text|faq|file|pdf)\b/i;

/** The title block: the first units of page 1 (a title page holds a few lines, not a chapter). */
const TITLE_UNITS = 5;
/** "Written by …", "Authors: …" on the first pages. */
const STATES_AUTHOR = /\b(?:(?:written|authored|edited|prepared|compiled)(?: (?:in )?\d{4})? by|authors?:)\s+\p{Lu}/iu;
const FIRST_PAGES = 2;
/** A capitalised word of a name: "Leonard", "Kadatch1", "M¨oller" (a diacritic the PDF set apart). */
const NAME_WORD = /^\p{Lu}[\p{Ll}¨´`'’-]+\d?$/u;
/** A word of a name is this rare in the document: the title's words are its topic and come back. */
const NAME_USES = 5;

export const asksForAuthor = (question: string) => ASKS_AUTHOR.test(question.trim());

/** A word closing an organisation's name: the run of capitalised words before it is no person. */
const ORGANISATION =
  /^(?:Inc|LLC|Ltd|Corp|Corporation|Company|Co|GmbH|Foundation|Group|Institute|University|Project|Team|Developers|Consortium|Association|Society|Council|Committee|Organi[sz]ation|Press|Labs?)\.?$/;
/** A title page's own words, never a name's ("Reference Copyright (C) 2002 …"). */
const TITLE_WORD =
  /^(?:Copyright|Version|Release|Edition|Revision|Draft|Manual|Guide|Reference|Handbook|Documentation|Specification|Licen[cs]e|Introduction|Overview|Abstract|Preface|Contents|Chapter|Appendix|Index|Library|Program|System|Notes|Tutorial|Report|Paper|Article|Last|Updated|Published)$/;
/** An address beside a name ("tal197 at users.sf.net", "(help-libtasn1@gnu.org)", "https://…") or "by" before it. */
const BESIDE_NAME = /[\w.+-]+@[\w-]+\.[\w.]+|\bat [\w-]+\.[\w.]+|https?:\/\/|\bby\b/i;

/**
 * Whether the text holds a person's name: two capitalised words in a row, each in at most
 * NAME_USES sentences (a name on the title page and in the copyright lines, "Julian Seward").
 */
function holdsName(index: DocumentIndex, text: string): boolean {
  let run = 0;
  let last = '';
  for (const word of [...text.split(/[\s,;()]+/), '']) {
    // "M¨oller": a diacritic the PDF set apart is no break in the word.
    const [term] = termsOf(word.replace(/[¨´`]/g, ''));
    const rare = term !== undefined && (index.df.get(term) ?? 0) <= NAME_USES;
    // (A word said twice, "Triagers Triagers", is a heading run into its text, not a name.)
    if (NAME_WORD.test(word) && rare && !ORGANISATION.test(word) && !TITLE_WORD.test(word) && word !== last) {
      run++;
      last = word;
      continue;
    }
    // A run ends: a name, unless it names an organisation ("Free Software Foundation, Inc.").
    if (run >= 2 && !ORGANISATION.test(word)) return true;
    run = 0;
    last = '';
  }
  return false;
}

/** The citation naming the document's authors, or null when the first pages name none. */
export function authorCitation(index: DocumentIndex): Citation | null {
  const { sentences } = index;
  const stated = sentences.find((s) => s.page <= FIRST_PAGES && STATES_AUTHOR.test(sentenceText(index, s)));
  const named =
    stated ??
    sentences
      .filter((s) => s.page === 1)
      .slice(0, TITLE_UNITS)
      .find((s, k, title) => {
        // An author's line carries an address or "by", itself or in the line after it ("Thomas
        // Leonard" then "tal197 at users.sf.net"): capitalised words alone are as likely a name
        // of a place or a club ("Blue Note Club house rules.").
        const beside = [s, title[k + 1]].some((u) => u && BESIDE_NAME.test(sentenceText(index, u)));
        return beside && holdsName(index, sentenceText(index, s));
      });
  return named ? { page: named.page, quote: sentenceText(index, named) } : null;
}
