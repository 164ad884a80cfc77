/**
 * The widget's live connection (docs/live-chat.md, "The widget's live connection"): server-sent
 * events read through fetch, so the visitor token travels in its header as on every other
 * visitor call (EventSource cannot set headers). Every (re)connect asks for what came after the
 * last number the widget holds; the server answers that and the state now, then pushes each
 * change. A connection that drops, or goes silent past the server's heartbeat, is reopened with
 * growing waits; meanwhile the widget polls (`onLive(false)`), and stops polling once it is back.
 */
import type { MessagesAfter } from '../domain/chat/wire';

export interface LiveHandlers {
  messages(answer: MessagesAfter): void;
  typing(name: string, on: boolean): void;
  /** The conversation was deleted (404): forget it. */
  gone(): void;
  /** Up (true) or down (false): poll while down. */
  onLive(up: boolean): void;
}

/** The server writes a heartbeat every 20 s (server/modules/chat/visitor-streams.ts). */
const SILENCE_MS = 45_000;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/** Whether this browser can read a streamed response (otherwise the widget only polls). */
export const canStream = () => typeof ReadableStream === 'function' && typeof TextDecoder === 'function';

export function connectLive(url: () => string, token: () => string, on: LiveHandlers) {
  let stopped = false;
  let failures = 0;
  let abort: AbortController | null = null;
  let retry = 0;

  const dispatch = (block: string) => {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (!data) return;
    const value = JSON.parse(data);
    if (event === 'messages') on.messages(value as MessagesAfter);
    else if (event === 'typing') on.typing(String(value.name ?? ''), value.typing === true);
    else if (event === 'gone') {
      stopped = true;
      on.gone();
    }
  };

  const open = async () => {
    if (stopped) return;
    const ctrl = (abort = new AbortController());
    let silence = 0;
    const quiet = () => {
      clearTimeout(silence);
      silence = window.setTimeout(() => ctrl.abort(), SILENCE_MS);
    };
    try {
      const res = await fetch(url(), {
        headers: { accept: 'text/event-stream', 'x-visitor-token': token() },
        cache: 'no-store',
        signal: ctrl.signal,
      });
      if (res.status === 404) {
        stopped = true;
        on.gone();
        return;
      }
      if (!res.ok || !res.body) throw new Error(String(res.status));
      failures = 0;
      on.onLive(true);
      quiet();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        quiet();
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Dropped, refused or silent: polled meanwhile, reopened below.
    } finally {
      clearTimeout(silence);
    }
    if (stopped) return;
    on.onLive(false);
    retry = window.setTimeout(() => void open(), RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  };

  void open();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      abort?.abort();
    },
  };
}
