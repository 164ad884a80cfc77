/**
 * A business with a verified domain and a default sender on it, as tests/api/business-mail.test.ts
 * sets one up: the domain added, its records published on the loopback DNS server
 * (dns-server.ts), authenticated, and an address on it made the default sender. Its mail then
 * goes out From that address, DKIM-signed with the domain's key.
 */
import { expect } from 'vitest';
import type { DomainRecords } from '../../../src/domain/domains/wire';
import type { TestApp } from './app';
import { publish, type DnsServer } from './dns-server';

export interface VerifiedSender {
  domain: string;
  address: string;
  selector: string;
  /** The DKIM record's p= as published. */
  publicKey: string;
}

export async function verifiedDefaultSender(
  t: TestApp,
  token: string,
  dns: DnsServer,
  { domain, displayName, replyTo }: { domain: string; displayName: string; replyTo?: string },
): Promise<VerifiedSender> {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.call({ method, url, token, ...(payload ? { payload } : {}) });
  const added = await call('POST', '/api/crmmanagement/domains/add', { name: domain });
  expect(added.statusCode, added.body).toBe(200);
  const id = added.json().result.id as string;
  const records = (await call('GET', `/api/crmmanagement/domains/records?domainId=${id}`)).json()
    .result as DomainRecords;
  publish(dns.zone, records.records);
  expect((await call('PUT', `/api/crmmanagement/domains/authenticate?domainId=${id}`)).json().result.status).toBe(
    'verified',
  );
  const address = `hello@${domain}`;
  const sender = await call('POST', '/api/crmmanagement/senders', {
    displayName,
    address,
    replyTo: replyTo ?? `desk@${domain}`,
    isDefault: true,
  });
  expect(sender.json().result).toMatchObject({ status: 'verified', isDefault: true });
  return {
    domain,
    address,
    selector: records.selector,
    publicKey: /p=([A-Za-z0-9+/=]+)/.exec(records.records[0]!.value)![1]!,
  };
}
