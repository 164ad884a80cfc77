/**
 * The widget's live connections on this process (docs/live-chat.md, "The widget's live
 * connection"): one server-sent-events stream per open widget, by conversation. A stream starts
 * with what came after the number the widget last saw and the state now; every chat event
 * naming its conversation (from any process, through the hub's backplane) makes it read again
 * after the last number it sent. Reads of one stream run one at a time and send only numbers
 * above the last sent, so a message reaches the widget exactly once, however events and
 * reconnects overlap. Events carry ids, never messages: the database is the one source.
 */
import type { ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MessagesAfter } from '../../../src/domain/chat/wire';
import type { AppContext } from '../../context';
import { messagesAfter, REPLAY_MAX } from './chat-messages';
import { chatConversations } from './tables';

/** A comment line this often keeps proxies from closing a quiet stream (the widget reconnects after 45 s of silence). */
export const STREAM_HEARTBEAT_MS = 20_000;
/**
 * Open streams one conversation may hold on a process: a visitor's tabs. Each stream reads the
 * database on every change of its conversation, so without a ceiling one token could open
 * thousands and make every message cost thousands of reads. A tab over it polls instead.
 */
export const STREAMS_PER_CONVERSATION = 10;

interface Stream {
  conversationId: string;
  res: ServerResponse;
  lastSeq: number;
  /** What the widget was last told (it is told again when the state or the member changes). */
  told: string | null;
  reading: boolean;
  again: boolean;
  closed: boolean;
}

/** The conversation's messages after `after` and its state, or null when it is gone. */
async function readAfter(app: FastifyInstance, conversationId: string, after: number): Promise<MessagesAfter | null> {
  const { db } = app.ctx.database;
  const [c] = await db
    .select({ state: chatConversations.state, lastSeq: chatConversations.lastSeq })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  if (!c) return null;
  // memberName stays null as in the visitor's other reads: the system lines carry the member's name.
  return {
    state: c.state,
    memberName: null,
    lastSeq: c.lastSeq,
    messages: await messagesAfter(db, conversationId, after),
  };
}

export class VisitorStreams {
  private readonly byConversation = new Map<string, Set<Stream>>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly app: FastifyInstance) {
    this.heartbeat = setInterval(() => this.each((s) => s.res.write(': \n\n')), STREAM_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byConversation.values()) n += set.size;
    return n;
  }

  private each(fn: (s: Stream) => void) {
    for (const set of this.byConversation.values()) for (const s of set) fn(s);
  }

  /** The conversation holds as many streams as it may: the caller refuses another (429). */
  full(conversationId: string): boolean {
    return (this.byConversation.get(conversationId)?.size ?? 0) >= STREAMS_PER_CONVERSATION;
  }

  /** Serves `res` as the conversation's stream from `after` on; the caller has checked the visitor. */
  open(conversationId: string, after: number, res: ServerResponse) {
    const stream: Stream = {
      conversationId,
      res,
      lastSeq: after,
      told: null,
      reading: false,
      again: false,
      closed: false,
    };
    let set = this.byConversation.get(conversationId);
    if (!set) this.byConversation.set(conversationId, (set = new Set()));
    set.add(stream);
    res.on('close', () => this.remove(stream));
    // Registered before the first read: a change committed meanwhile makes it read again.
    void this.read(stream);
  }

  private remove(stream: Stream) {
    stream.closed = true;
    const set = this.byConversation.get(stream.conversationId);
    set?.delete(stream);
    if (set?.size === 0) this.byConversation.delete(stream.conversationId);
  }

  /** The conversations changed: each of their streams here reads after its last number. */
  changed(conversationIds: readonly string[]) {
    for (const id of conversationIds) for (const s of this.byConversation.get(id) ?? []) void this.read(s);
  }

  /** Someone of the business types in the conversation: its streams here show it. */
  typing(conversationIds: readonly string[], name: string, on: boolean) {
    const text = `event: typing\ndata: ${JSON.stringify({ name, typing: on })}\n\n`;
    for (const id of conversationIds) for (const s of this.byConversation.get(id) ?? []) s.res.write(text);
  }

  private async read(s: Stream): Promise<void> {
    if (s.reading) {
      s.again = true;
      return;
    }
    s.reading = true;
    try {
      do {
        s.again = false;
        const answer = await readAfter(this.app, s.conversationId, s.lastSeq);
        if (s.closed) return;
        if (!answer) {
          // Deleted by the business: the widget forgets it and starts afresh when next opened.
          s.res.end('event: gone\ndata: {}\n\n');
          return;
        }
        const fresh = answer.messages.filter((m) => m.seq > s.lastSeq);
        const told = `${answer.state}`;
        if (fresh.length === 0 && told === s.told) continue;
        s.lastSeq = fresh.at(-1)?.seq ?? s.lastSeq;
        s.told = told;
        s.res.write(`event: messages\nid: ${s.lastSeq}\ndata: ${JSON.stringify({ ...answer, messages: fresh })}\n\n`);
        // A long absence comes back a page at a time.
        if (answer.messages.length === REPLAY_MAX) s.again = true;
      } while (s.again && !s.closed);
    } catch (err) {
      // The widget reconnects and asks again from its last number: nothing is lost.
      this.app.log.warn({ err, conversationId: s.conversationId }, 'a visitor stream could not read; closing it');
      s.res.destroy();
    } finally {
      s.reading = false;
    }
  }

  /** Ends every stream (the server is closing): the widgets reconnect, here or to another process. */
  close() {
    clearInterval(this.heartbeat);
    this.each((s) => s.res.end());
    this.byConversation.clear();
  }
}

const registries = new WeakMap<AppContext, VisitorStreams>();

/** This app's streams (one registry per app: tests run two apps in one process). */
export function visitorStreams(app: FastifyInstance): VisitorStreams {
  let streams = registries.get(app.ctx);
  if (!streams) registries.set(app.ctx, (streams = new VisitorStreams(app)));
  return streams;
}
