/**
 * The answer written by a model (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL: any OpenAI-compatible
 * server), from the retrieved passages only. Called with plain fetch (the `openai` package
 * needs Node 22) and its server-sent events read here. Every quote the model cites as
 * `"…" [p. N]` is checked against page N's stored text; a quote that is not on that page is
 * dropped with its marker, so the saved answer only cites what the page says.
 */
import type { Citation } from '../../../src/domain/documents/documents';
import type { Answer } from './answer-offline';
import type { Passage } from './retrieval';
import { matchable } from './text';

export interface ModelConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

export function modelConfigFrom(env: NodeJS.ProcessEnv): ModelConfig | null {
  if (!env.LLM_BASE_URL) return null;
  return {
    baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY || null,
    model: env.LLM_MODEL || 'gpt-4o-mini',
    timeoutMs: Number(env.LLM_TIMEOUT_MS) || 60_000,
  };
}

const SYSTEM = [
  'You answer questions about a document using ONLY the numbered passages given.',
  'Quote the exact words of a passage in double quotes, each quote followed by its page as [p. N].',
  'Never use knowledge outside the passages. If they do not answer the question, reply exactly:',
  "I couldn't find this in the document",
].join(' ');

export function promptFor(question: string, passages: Passage[]) {
  const context = passages.map((p) => `[p. ${p.page}] ${p.text}`).join('\n\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Passages:\n\n${context}\n\nQuestion: ${question}` },
  ];
}

/** The text deltas of an OpenAI-style chat completion stream (`data: {...}` lines up to `data: [DONE]`). */
export async function* streamModel(
  config: ModelConfig,
  messages: { role: string; content: string }[],
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const res = await fetch(`${config.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: config.model, messages, stream: true, temperature: 0 }),
    signal: signal
      ? AbortSignal.any([signal, AbortSignal.timeout(config.timeoutMs)])
      : AbortSignal.timeout(config.timeoutMs),
  });
  if (!res.ok || !res.body) throw new Error(`the model endpoint answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    // Events end with a blank line; a line may arrive cut in two.
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (!data) continue;
      if (data === '[DONE]') return;
      const parsed = JSON.parse(data) as { choices?: { delta?: { content?: string | null } }[] };
      const content = parsed.choices?.[0]?.delta?.content;
      if (content) yield content;
    }
  }
}

const CITED = /["\u201c]([^"\u201c\u201d]{3,}?)["\u201d]\s*\[p\.\s*(\d+)\]/g;
const BARE = /\s*\[p\.\s*(\d+)\]/g;

/**
 * The model's answer with only the citations that hold: a quote must be on the page it names
 * (pageText reads the stored text), and a bare [p. N] must name a page among the passages.
 */
export async function checkCitations(
  raw: string,
  passages: Passage[],
  pageText: (page: number) => Promise<string>,
): Promise<Answer> {
  const pages = new Map<number, string>();
  const textOf = async (page: number) => {
    if (!pages.has(page)) pages.set(page, matchable(await pageText(page)));
    return pages.get(page)!;
  };
  const citations: Citation[] = [];
  let text = '';
  let last = 0;
  for (const m of raw.matchAll(CITED)) {
    const [whole, quote, pageStr] = m;
    const page = Number(pageStr);
    const holds = (await textOf(page)).includes(matchable(quote!));
    text += raw.slice(last, m.index);
    // A dropped quote takes the space before it along (the text after it keeps its own).
    if (!holds) text = text.replace(/[ \t]+$/, '');
    if (holds) {
      text += whole;
      if (!citations.some((c) => c.page === page && c.quote === quote)) citations.push({ page, quote: quote! });
    }
    last = m.index! + whole!.length;
  }
  text += raw.slice(last);
  // Markers left without a quote: kept only for a page the passages came from.
  const known = new Set(passages.map((p) => p.page));
  const held = new Set(citations.map((c) => c.page));
  text = text.replace(BARE, (marker, pageStr: string) => {
    const page = Number(pageStr);
    return known.has(page) || held.has(page) ? marker : '';
  });
  return {
    text: text
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    citations,
  };
}
