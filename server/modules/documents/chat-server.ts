/**
 * The chat server (the brief's external chat server): `embedding` indexes a document's file,
 * `message` answers a question about it as a stream of events. It runs inside the API by
 * default (createLocalChatServer); with CHAT_SERVER_URL the API calls a separate process over
 * HTTP instead (createRemoteChatServer; that process is server/chat-server.ts, serving
 * chat-server-routes.ts), so indexing and answering can scale apart from the API. Both share
 * the database: the chat server writes the chunks and the document's status, the API the chat.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull } from 'drizzle-orm';
import type * as z from 'zod/mini';
import {
  CHAT_SERVER_API,
  chatServerEvents,
  DOCUMENT_MESSAGES,
  cutShortAnswer,
  CUT_SHORT_NOTE,
  NOT_FOUND_ANSWER,
  type ChatServerEvent,
} from '../../../src/domain/documents/documents';
import type { Db } from '../../db/client';
import { answerOffline } from './answer-offline';
import { checkCitations, promptFor, streamModel, type ModelConfig } from './answer-model';
import type { Indexer } from './indexer';
import { documentIndex } from './document-index-cache';
import { pageText, searchPassages } from './retrieval';
import { documents } from './tables';

/** An event of an answer (chatServerEvents in src/domain/documents: in process and on the wire alike). */
export type ChatEvent = ChatServerEvent;

export interface ChatServer {
  /** Starts indexing the document with this fileId (its row already exists, status processing). */
  embed(input: { fileId: string; bytes: Buffer; fileName?: string }): Promise<void>;
  /** The answer to a question about a ready document, as events; the last one is done or error. */
  message(
    input: {
      fileId: string;
      text: string;
      /** In-process only: the API already checked it is ready. */ documentId?: string;
    },
    signal?: AbortSignal,
  ): AsyncIterable<ChatEvent>;
}

/** Retrieval's passages handed to the model (the offline answer quotes from the first three). */
export const PASSAGES = 6;

/**
 * An offline answer is whole at once; sent in one piece it would appear in one jump. It goes out
 * a word at a time instead, PACE_MS apart (faster for a long answer, so that all of it takes at
 * most STREAM_MS): the reader sees it come in as a model's does (docs/document-chat.md). The
 * first word leaves at once, so the time to the first token is the answer's own.
 */
export const OFFLINE_PACE_MS = 12;
const OFFLINE_STREAM_MS = 1200;

/** The answer cut into words, each with the spaces after it (joined they give the answer back). */
export const wordPieces = (text: string) => text.match(/\s*\S+\s*/g) ?? [text];

export async function* paced(text: string, signal?: AbortSignal): AsyncGenerator<{ type: 'token'; text: string }> {
  const pieces = wordPieces(text);
  const gap = Math.min(OFFLINE_PACE_MS, OFFLINE_STREAM_MS / pieces.length);
  for (const [i, piece] of pieces.entries()) {
    if (signal?.aborted) return;
    if (i > 0) await sleep(gap);
    yield { type: 'token', text: piece };
  }
}

/**
 * A model's stream as token events, its text gathered in `written.raw`. When the asker goes away
 * (`signal`, the hang-up) the model's stream is stopped (it costs money) and this returns true:
 * the answer is saved as far as it went, cut short (docs/document-chat.md, *Saving*). Any other
 * failure (the endpoint down, its time up) is thrown, as before.
 */
export async function* modelTokens(
  stream: AsyncIterable<string>,
  written: { raw: string },
  signal: AbortSignal | undefined,
): AsyncGenerator<{ type: 'token'; text: string }, boolean> {
  try {
    for await (const delta of stream) {
      written.raw += delta;
      yield { type: 'token', text: delta };
      if (signal?.aborted) return true;
    }
  } catch (err) {
    if (signal?.aborted) return true;
    throw err;
  }
  return signal?.aborted === true;
}

/**
 * `source` read to its end whoever reads what it yields: an answer's events go on being made
 * (and the answer saved) when the asker closes the page, while the wire stops reading them.
 * The reader gets each event as soon as it is made; once it stops, the rest are dropped.
 */
export function readToEnd<T>(source: AsyncIterable<T>): AsyncIterableIterator<T> {
  const queue: T[] = [];
  let reading = true;
  let finished = false;
  let failure: { err: unknown } | null = null;
  let wake: (() => void) | null = null;
  const woken = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  void (async () => {
    try {
      for await (const item of source) {
        if (reading) queue.push(item);
        woken();
      }
    } catch (err) {
      failure = { err };
    }
    finished = true;
    woken();
  })();
  const over = { done: true, value: undefined } as const;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      for (;;) {
        if (!reading) return over;
        if (queue.length > 0) return { done: false, value: queue.shift()! };
        if (failure) throw failure.err;
        if (finished) return over;
        await new Promise<void>((r) => (wake = r));
      }
    },
    async return() {
      reading = false;
      queue.length = 0;
      woken();
      return over;
    },
  };
}

export function createLocalChatServer(deps: { db: Db; indexer: Indexer; model: ModelConfig | null }): ChatServer {
  const { db, indexer, model } = deps;
  return {
    async embed({ fileId, bytes }) {
      indexer.enqueue(fileId, bytes);
      // The answers' index is built as the document turns ready, not by its first askers.
      void indexer
        .settled(fileId)
        .then(async () => {
          const [doc] = await db
            .select({ id: documents.id })
            .from(documents)
            .where(and(eq(documents.fileId, fileId), eq(documents.status, 'ready'), isNull(documents.deletedAt)));
          if (doc) await documentIndex(db, doc.id);
        })
        // Not built now, it is built by the first ask, as it would be without this.
        .catch(() => undefined);
    },
    async *message({ fileId, text, documentId }, signal) {
      let id = documentId;
      if (!id) {
        const [doc] = await db
          .select({ id: documents.id, status: documents.status })
          .from(documents)
          .where(and(eq(documents.fileId, fileId), isNull(documents.deletedAt)));
        if (!doc) return yield { type: 'error', message: DOCUMENT_MESSAGES.notFound };
        if (doc.status !== 'ready') return yield { type: 'error', message: DOCUMENT_MESSAGES.notReady };
        id = doc.id;
      }
      const docId = id;
      if (!model) {
        // No model: quote the sentences that answer (or say plainly the document does not).
        const answer = await answerOffline(db, docId, text);
        yield* paced(answer.text, signal);
        return yield { type: 'done', ...answer };
      }
      const passages = await searchPassages(db, docId, text, PASSAGES);
      if (passages.length === 0) {
        // Nothing to write from: the model is not called.
        yield { type: 'token', text: NOT_FOUND_ANSWER };
        return yield { type: 'done', text: NOT_FOUND_ANSWER, citations: [] };
      }
      const written = { raw: '' };
      const cut = yield* modelTokens(streamModel(model, promptFor(text, passages), signal), written, signal);
      const answer = await checkCitations(written.raw, passages, (page) => pageText(db, docId, page));
      // Cut short (the asker left, the model's stream stopped): what was said, checked, then the note.
      if (cut) return yield { type: 'done', text: cutShortAnswer(answer.text), citations: answer.citations };
      yield { type: 'done', text: answer.text || NOT_FOUND_ANSWER, citations: answer.citations };
    },
  };
}

/** Parses a server-sent event stream into (event, data) pairs. */
export async function* readEvents(body: AsyncIterable<Uint8Array>): AsyncGenerator<{ event: string; data: string }> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      yield { event, data: data.join('\n') };
    }
  }
}

/** One server-sent event on the wire. */
export const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A writer of server-sent events whose data goes through each event's schema (`schemas`, by the
 * event's name): the answer's events to the screen (chatEvents) and the chat server's to the API
 * (chatServerEvents) are both written this way, so nothing off their contract leaves.
 */
export const schemaEvents =
  <S extends Record<string, z.ZodMiniType>>(schemas: S) =>
  <E extends keyof S & string>(event: E, data: z.input<S[E]>) =>
    sse(event, schemas[event]!.parse(data));

/**
 * A chat server's event read back through its schema (chatServerEvents): the event, `null` for a
 * name the contract does not know (skipped, as server-sent events are), `undefined` when a known
 * event's data does not match its schema.
 */
function remoteEvent(event: string, data: string): ChatEvent | null | undefined {
  if (event !== 'token' && event !== 'done' && event !== 'error') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = chatServerEvents[event].safeParse(json);
  // The schema was picked by the event's name, so its data is that event's (TS cannot pair them).
  return parsed.success ? ({ type: event, ...parsed.data } as ChatEvent) : undefined;
}

export function createRemoteChatServer(baseUrl: string, token: string | null = null): ChatServer {
  const url = (path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return {
    async embed({ fileId, bytes, fileName }) {
      const form = new FormData();
      form.set('fileId', fileId);
      form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), fileName ?? 'document.pdf');
      const res = await fetch(url(CHAT_SERVER_API.embedding), { method: 'POST', body: form, headers: auth });
      if (!res.ok) throw new Error(`the chat server answered ${res.status} to embedding`);
    },
    async *message(input, signal) {
      try {
        yield* remoteMessage(input, signal);
      } catch (err) {
        // The asker left: the chat server's answer is dropped with its connection, and what came of
        // it cannot be checked here (its passages are the chat server's): the note alone is saved.
        if (!signal?.aborted) throw err;
        yield { type: 'done', text: CUT_SHORT_NOTE, citations: [] };
      }
    },
  };
  async function* remoteMessage(
    { fileId, text }: { fileId: string; text: string },
    signal?: AbortSignal,
  ): AsyncGenerator<ChatEvent> {
    const res = await fetch(url(CHAT_SERVER_API.message), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...auth },
      body: JSON.stringify({ fileId, text }),
      signal,
    });
    if (!res.ok || !res.body) return yield { type: 'error', message: DOCUMENT_MESSAGES.chatUnavailable };
    for await (const { event, data } of readEvents(res.body as unknown as AsyncIterable<Uint8Array>)) {
      if (event === 'end') return;
      const read = remoteEvent(event, data);
      // An event whose data is not the contract's (another version of the chat server): the answer is broken.
      if (read === undefined) return yield { type: 'error', message: DOCUMENT_MESSAGES.chatUnavailable };
      if (read) yield read;
    }
    // The stream stopped before its end marker: the answer is incomplete.
    if (signal?.aborted) throw signal.reason;
    yield { type: 'error', message: DOCUMENT_MESSAGES.chatUnavailable };
  }
}
