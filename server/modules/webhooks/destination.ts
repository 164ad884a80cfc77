/**
 * Where a webhook may go. The host is resolved and every address it resolves to is checked
 * (isPrivateAddress) before saving and again before each send, unless WEBHOOKS_ALLOW_PRIVATE is
 * on; the send then connects to the very address that was checked (pinnedLookup), so a name
 * that resolves to a public address at check time and a private one a moment later (DNS
 * rebinding) cannot redirect it.
 */
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { formatMessage } from '../../../src/domain/messages';
import { isPrivateAddress } from '../../../src/domain/webhooks/private-address';

export interface Destination {
  url: URL;
  /** The address to connect to. */
  address: string;
  family: 4 | 6;
}

/** A destination that must not or cannot be used; `message` is a MESSAGES text for the owner. */
export class DestinationError extends Error {
  constructor(
    readonly kind: 'unresolved' | 'private',
    message: string,
  ) {
    super(message);
    this.name = 'DestinationError';
  }
}

const DNS_FAILURES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'ENODATA', 'ESERVFAIL', 'ETIMEOUT', 'EAI_NONAME']);

/** Resolves the URL's host and checks its addresses. Throws DestinationError when refused or unresolvable. */
export async function resolveDestination(rawUrl: string, allowPrivate: boolean): Promise<Destination> {
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (DNS_FAILURES.has(code) || code.startsWith('EAI_'))
        throw new DestinationError('unresolved', formatMessage('webhookHostUnresolved', { host }));
      throw err;
    }
    if (!addresses.length) throw new DestinationError('unresolved', formatMessage('webhookHostUnresolved', { host }));
  }
  if (!allowPrivate) {
    // Every address must be public: a name with one private address among public ones is refused.
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused)
      throw new DestinationError('private', formatMessage('webhookHostPrivate', { host, address: refused.address }));
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` for node:http(s) that answers the checked address whatever name it is asked for. */
export function pinnedLookup(destination: Destination): LookupFunction {
  return (_hostname, options, callback) => {
    const { address, family } = destination;
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
