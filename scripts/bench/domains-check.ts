/**
 * The domain check's timing (scripts/bench/domains.mjs runs this): a loopback DNS server
 * (tests/api/helpers/dns-server.ts) publishes a domain's records, and the check the authenticate
 * call runs — a resolver over DNS_SERVERS, then every record looked up and compared
 * (server/modules/domains/check.ts) — is timed `--count` times in a row, then `--count` times
 * with `--concurrency` checks at once. Prints the figures as one JSON line. The database write
 * that follows a check (one small transaction) is not part of it.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { recordsToPublish } from '../../src/domain/domains/records';
import { checkDomainRecords } from '../../server/modules/domains/check';
import { newDkimKeyPair } from '../../server/modules/domains/dkim-keys';
import { createResolver } from '../../server/modules/domains/resolver';
import { publish, startDnsServer } from '../../tests/api/helpers/dns-server';

const { values } = parseArgs({
  options: { count: { type: 'string', default: '500' }, concurrency: { type: 'string', default: '20' } },
});
const COUNT = Number(values.count);
const CONCURRENCY = Number(values.concurrency);

const dns = await startDnsServer();
const hosts = { spfInclude: '_spf.backoffice.local', returnPathTarget: 'bounces.backoffice.local' };
const pair = await newDkimKeyPair();
const keys = { domain: 'bench.example.com', selector: pair.selector, publicKey: pair.publicKey };
publish(dns.zone, recordsToPublish(keys, hosts, { spf: [], dmarc: [] }));

async function once(): Promise<number> {
  const started = performance.now();
  const resolver = await createResolver([dns.address], 2_000);
  const outcome = await checkDomainRecords(resolver, keys, hosts);
  if (!outcome.allVerified) throw new Error(`not verified: ${JSON.stringify(outcome.records)}`);
  return performance.now() - started;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { n: sorted.length, p50: round(pct(sorted, 50)), p99: round(pct(sorted, 99)), max: round(sorted.at(-1)!) };
};

for (let i = 0; i < 20; i += 1) await once(); // warm up
const queriesBefore = dns.queries;
const sequential: number[] = [];
for (let i = 0; i < COUNT; i += 1) sequential.push(await once());
const perCheck = (dns.queries - queriesBefore) / COUNT;

const concurrent: number[] = [];
for (let done = 0; done < COUNT; done += CONCURRENCY) {
  concurrent.push(...(await Promise.all(Array.from({ length: Math.min(CONCURRENCY, COUNT - done) }, once))));
}
await dns.close();
console.log(
  JSON.stringify({
    sequential: figures(sequential),
    concurrent: { ...figures(concurrent), at: CONCURRENCY },
    queriesPerCheck: perCheck,
  }),
);
