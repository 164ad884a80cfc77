/**
 * DNS lookups for the domain check, through node:dns's Resolver: the servers of DNS_SERVERS
 * (host[:port], a host name resolved once to its address) or the system's, one try each within
 * the configured timeout. An answer is records, "nothing there" (NXDOMAIN, no data), or "not
 * reachable" — a timeout, a refusal, a server failure — which the check never reads as a
 * missing record (docs/email-domains.md).
 */
import { Resolver } from 'node:dns/promises';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export type Lookup<T> = { kind: 'found'; values: T[] } | { kind: 'none' } | { kind: 'unreachable'; code: string };

export interface DomainResolver {
  /** The resolver asked, as the pages show it. */
  readonly label: string;
  txt(name: string): Promise<Lookup<string[]>>;
  cname(name: string): Promise<Lookup<string>>;
}

// The name has no such record (or does not exist): the zone answered.
const NOTHING = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

async function answer<T>(query: () => Promise<T[]>): Promise<Lookup<T>> {
  try {
    const values = await query();
    return values.length ? { kind: 'found', values } : { kind: 'none' };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    return NOTHING.has(code) ? { kind: 'none' } : { kind: 'unreachable', code };
  }
}

/** `host[:port]` as node:dns wants it: an IP address, `[v6]:port` for IPv6 with a port. */
async function serverAddress(entry: string): Promise<string> {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const [host, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : isIP(entry) === 6
      ? [entry, undefined]
      : (entry.split(':') as [string, string | undefined]);
  const address = isIP(host) ? host : (await lookup(host)).address;
  if (!port) return address;
  return isIP(address) === 6 ? `[${address}]:${port}` : `${address}:${port}`;
}

/** A resolver over `servers` (empty: the system's), each lookup bounded by `timeoutMs`. */
export async function createResolver(servers: readonly string[], timeoutMs: number): Promise<DomainResolver> {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers.length) resolver.setServers(await Promise.all(servers.map(serverAddress)));
  // The addresses asked, and no words: the label is shown inside a translated sentence
  // ("Checked … through the resolver {{resolver}}"), where an English "system" stood out in Spanish.
  const label = servers.length ? servers.join(', ') : resolver.getServers().join(', ');
  return {
    label,
    txt: (name) => answer(() => resolver.resolveTxt(name)),
    cname: (name) => answer(() => resolver.resolveCname(name)),
  };
}
