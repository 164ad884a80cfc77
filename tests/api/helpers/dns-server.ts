/**
 * A DNS server on loopback for tests (and the bench): UDP, answering TXT and CNAME questions from
 * a zone the test holds and may change between checks. A name that is not in the zone (and has
 * nothing below it) answers NXDOMAIN; a name without the asked type answers no data. `mode`
 * makes it fail on purpose: 'servfail' answers SERVFAIL, 'silent' never answers (a timeout).
 */
import { createSocket, type Socket } from 'node:dgram';
import * as packet from 'dns-packet';

export interface ZoneEntry {
  /** Each record's strings. */
  TXT?: string[][];
  CNAME?: string;
}
export type Zone = Record<string, ZoneEntry>;

export interface DnsServer {
  /** `127.0.0.1:<port>`, as DNS_SERVERS takes it. */
  address: string;
  port: number;
  zone: Zone;
  mode: 'answer' | 'servfail' | 'silent';
  /** Questions received. */
  queries: number;
  close(): Promise<void>;
}

const NXDOMAIN = 3;
const SERVFAIL = 2;

function respond(server: DnsServer, query: packet.Packet): Buffer {
  const question = query.questions?.[0];
  const base = {
    type: 'response' as const,
    id: query.id,
    questions: query.questions,
    flags: packet.AUTHORITATIVE_ANSWER | packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE,
  };
  if (server.mode === 'servfail' || !question) return packet.encode({ ...base, flags: base.flags | SERVFAIL });
  const name = question.name.toLowerCase().replace(/\.$/, '');
  const entry = server.zone[name];
  const below = Object.keys(server.zone).some((n) => n.endsWith(`.${name}`));
  if (!entry && !below) return packet.encode({ ...base, flags: base.flags | NXDOMAIN });
  const answers: packet.Answer[] = [];
  if (question.type === 'TXT')
    for (const strings of entry?.TXT ?? []) answers.push({ type: 'TXT', name: question.name, ttl: 60, data: strings });
  if (question.type === 'CNAME' && entry?.CNAME)
    answers.push({ type: 'CNAME', name: question.name, ttl: 60, data: entry.CNAME });
  return packet.encode({ ...base, answers });
}

/** Starts the server on `port` (0: a free one). */
export async function startDnsServer(zone: Zone = {}, port = 0): Promise<DnsServer> {
  const socket: Socket = createSocket('udp4');
  const server: DnsServer = {
    address: '',
    port: 0,
    zone,
    mode: 'answer',
    queries: 0,
    close: () => new Promise((done) => socket.close(() => done())),
  };
  socket.on('message', (message, peer) => {
    server.queries += 1;
    if (server.mode === 'silent') return;
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    socket.send(respond(server, query), peer.port, peer.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => resolve());
  });
  server.port = socket.address().port;
  server.address = `127.0.0.1:${server.port}`;
  return server;
}

/**
 * The DNS check's limit for each lookup (DNS_TIMEOUT_MS) in the API files. The server above runs in
 * the test's own process, so its answer waits for that process's turn: with a 400 ms limit a
 * worker stalled longer (a collection of the heap it shares with the other files, the cores shared
 * by a dozen processes) read a zone that answers as "not reachable". The limit only guards a hang:
 * an answer is read as soon as it comes. A test about the silent resolver sets a short one itself.
 */
export const DNS_ANSWER_LIMIT_MS = 10_000;

/** The zone entries that publish `records` (the API's records to publish) as they should be. */
export function publish(
  zone: Zone,
  records: readonly { type: 'TXT' | 'CNAME'; host: string; value: string; strings: string[] }[],
) {
  for (const record of records) {
    const entry = (zone[record.host] ??= {});
    if (record.type === 'TXT')
      entry.TXT = [...(entry.TXT ?? []).filter((s) => !sameKind(s.join(''), record.value)), record.strings];
    else entry.CNAME = record.value;
  }
}

/** Two TXT values of the same kind (SPF, DMARC, DKIM): publishing one replaces the other. */
const sameKind = (a: string, b: string) => a.split(/[\s;]/)[0]!.toLowerCase() === b.split(/[\s;]/)[0]!.toLowerCase();
