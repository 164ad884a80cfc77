/**
 * The bot's offline answer (the product brief, section 1: "a chatbot and helpdesk per domain"):
 * the domain's helpdesk entries ranked for the visitor's message with BM25 over the same terms
 * document chat ranks by (stems, stop words, everyday synonyms at half weight: the documents
 * module's face), the entry's question counted twice (it says what the entry is about). The best
 * entry answers, cited, when it holds enough of the message's own terms (COVERAGE_LINE by IDF)
 * and clears a minimal score; otherwise the bot says it cannot answer and offers a person.
 *
 * Deterministic: the same helpdesk and message give the same answer. The visitor's text is only
 * ever a query here — it is never joined to the rules (system prompt, parameters), so a message
 * telling the bot to ignore its rules ranks entries like any other words (prompt injection is
 * refused by construction).
 */
import { ownTerms, questionTerms, termsOf } from '../documents';

const K1 = 1.2;
const B = 0.75;
/** Share (by IDF) of the message's own terms the chosen entry must hold. */
export const COVERAGE_LINE = 0.5;
/** Below this BM25 score nothing is close enough, whatever the coverage (one common word). */
export const SCORE_LINE = 0.4;

export interface HelpdeskDoc {
  id: string;
  question: string;
  answer: string;
}

export type BotAnswer = { kind: 'answer'; entry: HelpdeskDoc; score: number } | { kind: 'unsure' };

interface Indexed {
  doc: HelpdeskDoc;
  tf: Map<string, number>;
  length: number;
}

function indexOf(doc: HelpdeskDoc): Indexed {
  const tf = new Map<string, number>();
  const terms = [...termsOf(doc.question), ...termsOf(doc.question), ...termsOf(doc.answer)];
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { doc, tf, length: terms.length };
}

/** The best entry for the message, or unsure. */
export function answerFromHelpdesk(docs: readonly HelpdeskDoc[], message: string): BotAnswer {
  const own = ownTerms(message);
  if (docs.length === 0 || own.length === 0) return { kind: 'unsure' };
  const indexed = docs.map(indexOf);
  const avg = indexed.reduce((n, d) => n + d.length, 0) / indexed.length || 1;
  const df = new Map<string, number>();
  for (const d of indexed) for (const t of d.tf.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = indexed.length;
  // Never below a small positive value: with one entry every term is in "all" of them.
  const idfOf = (k: number) => Math.max(0.2, Math.log(1 + (n - k + 0.5) / (k + 0.5)));
  const idf = (t: string) => idfOf(df.get(t) ?? 0);
  const weights = questionTerms(message);
  let best: { d: Indexed; score: number } | null = null;
  for (const d of indexed) {
    let score = 0;
    for (const [t, w] of weights) {
      const f = d.tf.get(t);
      if (!f) continue;
      score += w * idf(t) * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avg)));
    }
    // Ties keep the earlier entry (the order the helpdesk is read in), so answers never flicker.
    if (score > (best?.score ?? 0)) best = { d, score };
  }
  if (!best || best.score < SCORE_LINE) return { kind: 'unsure' };
  // A word the helpdesk never uses says less about which entry fits than one it does: it weighs
  // half of a word found in one entry ("what time do you open" still finds the opening hours).
  const unknownWeight = 0.5 * idfOf(1);
  const weightOf = (t: string) => (df.has(t) ? idf(t) : unknownWeight);
  const total = own.reduce((s, t) => s + weightOf(t), 0);
  const held = own.filter((t) => best.d.tf.has(t)).reduce((s, t) => s + weightOf(t), 0);
  if (held / total < COVERAGE_LINE) return { kind: 'unsure' };
  return { kind: 'answer', entry: best.d.doc, score: best.score };
}

/** The visitor asks for a person (en, es): the conversation waits for one instead of the bot answering. */
const ASKS_FOR_PERSON =
  /\b(human|person|people|agent|operator|representative|someone real|real person|staff|persona|humano|agente|alguien)\b/i;
export const asksForPerson = (message: string) => ASKS_FOR_PERSON.test(message);

/** The bot's fixed words when it cannot answer (the client words it in the reader's language by `unsure`). */
export const UNSURE_TEXT = "I can't answer that from our help desk. Would you like to talk to a person?";
