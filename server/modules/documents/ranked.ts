/**
 * What the ranking says of a sentence for a question (ranking.ts rank): its score, how much of the
 * question it holds, and the checks of what it states against what is asked, which the offline
 * answer (answer-offline.ts) reads to quote it, to go on to the next sentence, or to say "not in
 * this document". Its own file, below both the ranking and the scoring of a sentence
 * (sentence-scoring.ts), so that neither imports the other.
 */
import type { Sentence } from './document-index';

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
  /** The question asks what was removed, dropped or deprecated and neither the sentence nor the next states a removal. */
  lacksRemoval: boolean;
  /** The question asks how to keep an act from happening ("how do I make it not check …") and the sentence says nothing that does. */
  lacksPrevention: boolean;
  /** The question weighs one thing against another ("Is X faster than Y?") and neither the sentence nor the next compares. */
  lacksComparison: boolean;
  /** The question names an option ("-J", "--zstd") that neither the sentence, the next, nor its entry writes. */
  lacksAskedFlag: boolean;
  /**
   * The question's rarest word names the kind it asks for ("graphical" in "Which graphical client
   * does OpenSSH recommend?") and the passage lacks it: it speaks of another of the kind. So does a
   * passage lacking a word describing a thing whose name is asked ("What is the archive area for
   * non-free firmware called?": Question.nameWords).
   */
  missesKind: boolean;
  /**
   * The question asks for a kind of thing the document never names, itself or through a synonym
   * ("What brand are the brake pads?" of an invoice that never says "brand"): whatever the passage
   * holds of the rest, it cannot say which one of that kind. So with what follows from an event it
   * never speaks of (askedCondition: "What happens if I decompress a file with the wrong password?"),
   * with a thing asked after that the document never names (IS_THERE: "Is there a graphical tool …?"),
   * with a thing a "how do I" act is done to that it never names ("How do I search inside zip files?"),
   * and with a means it never names ("Can I reserve a table online?": asked-kind.ts askedMeans).
   */
  kindAbsent: boolean;
  /** A glossary's line spelling out a term in the question's own words ("• WG: Working Group" for "Which working groups …?"): it names what is asked, not which. */
  onlyNamesAsked: boolean;
  /** Asked what a name means, the sentence is the glossary's line for it ("• PTAL: Please Take A Look."): it answers. */
  glossesAsked: boolean;
  /** The question asks for a number, a date or a value and the sentence holds no digit: its neighbour may. */
  lacksNumber: boolean;
  /** The question asks what to do (an option, "how do I") and the sentence holds no flag: its neighbour may. */
  lacksFlag: boolean;
  /** The question asks why and the sentence gives no cause: the one after it may ("… get the wrong names." "This is caused by …"). */
  lacksReason: boolean;
  /** The question asks what to do and the sentence states no rule (INSTRUCTS: "should", "must", not "will"): the one after it may ("These bug reports should be forwarded …"). */
  lacksInstruction: boolean;
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
   * The question says whose thing it asks of ("What pressure should the truck's tires be?") and the
   * passage never names that owner, where the document does: it speaks of another's ("… of a loaded trailer …").
   */
  ofAnother: boolean;
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
  /** Asked how to keep an act from happening, the sentence says it is done and the next how to change that ("To change this behavior …"): both are quoted. */
  preventionInNext: boolean;
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
