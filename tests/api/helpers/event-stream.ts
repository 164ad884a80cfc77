/**
 * A server-sent-events reader for tests: what the website widget's live connection receives.
 * node:http with its own socket (no pool), so a drop is a closed socket and nothing idles after.
 */
import { request, type IncomingMessage } from 'node:http';

export interface StreamEvent {
  event: string;
  id: string | null;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  body: string;
  events: StreamEvent[];
  /** Resolves when the server ends the stream (or it is dropped). */
  ended: Promise<void>;
  waitFor(predicate: (events: StreamEvent[]) => boolean, timeoutMs?: number): Promise<StreamEvent[]>;
  /** Drops the connection, as a lost network would. */
  drop(): void;
}

function parse(block: string): StreamEvent | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const at = line.indexOf(':');
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, id, data: JSON.parse(data.join('\n')) } : null;
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
  const req = request(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } });
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
  const ok = res.statusCode === 200;
  const events: StreamEvent[] = [];
  const listeners = new Set<() => void>();
  const notify = () => [...listeners].forEach((l) => l());
  let body = '';
  res.setEncoding('utf8');
  const ended = (async () => {
    if (!ok) {
      for await (const chunk of res) body += chunk;
      return;
    }
    let buffer = '';
    try {
      for await (const value of res) {
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) events.push(event);
        }
        notify();
      }
    } catch {
      // Dropped.
    }
  })().finally(notify);
  let done = false;
  void ended.then(() => (done = true));
  await (ok ? Promise.resolve() : ended);
  return {
    status: res.statusCode ?? 0,
    get body() {
      return body;
    },
    events,
    ended,
    drop: () => req.destroy(),
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (predicate(events)) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(events);
          } else if (done) {
            listeners.delete(check);
            clearTimeout(timer);
            reject(new Error(`the stream ended first; got ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`no matching events within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      });
    },
  };
}

/**
 * POSTs `body` as JSON over a socket of its own and closes it at the first `event: token` (or the
 * first `leaveAt` event), as a closed tab does in the middle of an answer; resolves with what had
 * arrived by then.
 */
export function postAndLeaveAtFirstToken(
  address: string,
  path: string,
  token: string,
  body: object,
  leaveAt = 'token',
): Promise<string> {
  const url = new URL(address);
  return new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (res) => {
        let seen = '';
        res.setEncoding('utf8');
        res.on('data', (piece: string) => {
          seen += piece;
          if (!seen.includes(`event: ${leaveAt}\n`)) return;
          req.destroy();
          resolve(seen);
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
