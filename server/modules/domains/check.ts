/**
 * One DNS check of a domain's records (docs/email-domains.md, "How the check decides"): every
 * record is looked up at its host, and is
 * - verified: the one record there says what it must;
 * - missing: the zone answered that there is none (and, when the same record sits under
 *   `<host>.<domain>`, the page says the provider appended the domain: `doubledHost`);
 * - wrong: something else is there — the answer carries what was expected and what was found,
 *   and a problem code when the check can tell why (two SPF records, a key split into records…);
 * - unreachable: the resolver did not answer (timeout, refused, server failure). Nothing was
 *   learned, so this is never "failed".
 * The expected SPF and DMARC values are merged with what the domain already publishes
 * (src/domain/domains/records.ts), so the answer is the one record to keep.
 */
import {
  dkimHost,
  dkimValue,
  dmarcHost,
  dmarcPolicy,
  isDmarc,
  isSpf,
  mergeDmarc,
  mergeSpf,
  returnPathHost,
  SPF_LOOKUP_LIMIT,
  spfIncludes,
  spfLookupTerms,
  type DomainKeys,
  type MailHosts,
  type RecordPurpose,
} from '../../../src/domain/domains/records';
import type { RecordCheck, RecordProblem, RecordState } from '../../../src/domain/domains/wire';
import type { DomainResolver, Lookup } from './resolver';

export interface CheckOutcome {
  records: RecordCheck[];
  reachable: boolean;
  spfLookups: number | null;
  /** Every record verified. */
  allVerified: boolean;
  /** Some record is definitely missing or wrong (not merely unreachable). */
  anyBroken: boolean;
}

const squash = (value: string) => value.replace(/\s+/g, '');
const sameHost = (a: string, b: string) => a.replace(/\.$/, '').toLowerCase() === b.replace(/\.$/, '').toLowerCase();

function verdict(
  purpose: RecordPurpose,
  type: 'TXT' | 'CNAME',
  host: string,
  expected: string,
  state: RecordState,
  found: string[],
  problem: RecordProblem | null = null,
  error: string | null = null,
): RecordCheck {
  return { purpose, type, host, expected, state, found, problem, error };
}

/** A record absent at its host: looked for under the doubled name a provider makes of a full one. */
async function missing(
  resolver: DomainResolver,
  purpose: RecordPurpose,
  type: 'TXT' | 'CNAME',
  host: string,
  domain: string,
  expected: string,
): Promise<RecordCheck> {
  const doubled = `${host}.${domain}`;
  const there = type === 'TXT' ? await resolver.txt(doubled) : await resolver.cname(doubled);
  if (there.kind === 'found') {
    const values = there.values.map((v) => (Array.isArray(v) ? v.join('') : v));
    return verdict(purpose, type, host, expected, 'missing', values, 'doubledHost');
  }
  return verdict(purpose, type, host, expected, 'missing', []);
}

const unreachable = (
  purpose: RecordPurpose,
  type: 'TXT' | 'CNAME',
  host: string,
  expected: string,
  lookup: Extract<Lookup<unknown>, { kind: 'unreachable' }>,
) => verdict(purpose, type, host, expected, 'unreachable', [], null, lookup.code);

async function checkDkim(resolver: DomainResolver, keys: DomainKeys): Promise<RecordCheck> {
  const host = dkimHost(keys.domain, keys.selector);
  const expected = dkimValue(keys.publicKey);
  const answer = await resolver.txt(host);
  if (answer.kind === 'unreachable') return unreachable('dkim', 'TXT', host, expected, answer);
  if (answer.kind === 'none') return missing(resolver, 'dkim', 'TXT', host, keys.domain, expected);
  const found = answer.values.map((strings) => strings.join(''));
  if (found.length > 1) return verdict('dkim', 'TXT', host, expected, 'wrong', found, 'dkimSplitRecords');
  // Verifiers join the strings and ignore whitespace in tag values (RFC 6376 §3.6.2.2).
  if (squash(found[0]!) === squash(expected)) return verdict('dkim', 'TXT', host, expected, 'verified', found);
  const problem: RecordProblem = found[0]!.includes('"') ? 'dkimQuoted' : 'dkimKeyDiffers';
  return verdict('dkim', 'TXT', host, expected, 'wrong', found, problem);
}

/** The SPF record's lookup count with nested includes followed (at most 10 levels, 30 names). */
async function countSpfLookups(resolver: DomainResolver, record: string): Promise<number> {
  let total = 0;
  let budget = 30;
  const walk = async (text: string, depth: number): Promise<void> => {
    const { count, follow } = spfLookupTerms(text);
    total += count;
    if (depth >= 10) return;
    for (const name of follow) {
      if (--budget < 0 || total > SPF_LOOKUP_LIMIT) return;
      const answer = await resolver.txt(name);
      if (answer.kind !== 'found') continue;
      const nested = answer.values.map((s) => s.join('')).find(isSpf);
      if (nested) await walk(nested, depth + 1);
    }
  };
  await walk(record, 0);
  return total;
}

async function checkSpf(
  resolver: DomainResolver,
  domain: string,
  include: string,
): Promise<{ check: RecordCheck; found: string[]; lookups: number | null }> {
  const answer = await resolver.txt(domain);
  if (answer.kind === 'unreachable')
    return { check: unreachable('spf', 'TXT', domain, mergeSpf([], include), answer), found: [], lookups: null };
  const found = answer.kind === 'found' ? answer.values.map((s) => s.join('')).filter(isSpf) : [];
  const expected = mergeSpf(found, include);
  const lookups = await countSpfLookups(resolver, expected);
  if (!found.length) return { check: await missing(resolver, 'spf', 'TXT', domain, domain, expected), found, lookups };
  if (found.length > 1)
    return { check: verdict('spf', 'TXT', domain, expected, 'wrong', found, 'spfMultiple'), found, lookups };
  if (!spfIncludes(found[0]!, include))
    return { check: verdict('spf', 'TXT', domain, expected, 'wrong', found, 'spfMissingInclude'), found, lookups };
  return { check: verdict('spf', 'TXT', domain, expected, 'verified', found), found, lookups };
}

async function checkDmarc(resolver: DomainResolver, domain: string): Promise<{ check: RecordCheck; found: string[] }> {
  const host = dmarcHost(domain);
  const answer = await resolver.txt(host);
  if (answer.kind === 'unreachable')
    return { check: unreachable('dmarc', 'TXT', host, mergeDmarc([]), answer), found: [] };
  const found = answer.kind === 'found' ? answer.values.map((s) => s.join('')).filter(isDmarc) : [];
  const expected = mergeDmarc(found);
  if (!found.length) return { check: await missing(resolver, 'dmarc', 'TXT', host, domain, expected), found };
  if (found.length > 1)
    return { check: verdict('dmarc', 'TXT', host, expected, 'wrong', found, 'dmarcMultiple'), found };
  if (!dmarcPolicy(found[0]!))
    return { check: verdict('dmarc', 'TXT', host, expected, 'wrong', found, 'dmarcNoPolicy'), found };
  const state: RecordState = squash(found[0]!) === squash(expected) ? 'verified' : 'wrong';
  return { check: verdict('dmarc', 'TXT', host, expected, state, found), found };
}

async function checkReturnPath(resolver: DomainResolver, domain: string, target: string): Promise<RecordCheck> {
  const host = returnPathHost(domain);
  const answer = await resolver.cname(host);
  if (answer.kind === 'unreachable') return unreachable('returnPath', 'CNAME', host, target, answer);
  if (answer.kind === 'none') return missing(resolver, 'returnPath', 'CNAME', host, domain, target);
  if (answer.values.some((v) => sameHost(v, target)))
    return verdict('returnPath', 'CNAME', host, target, 'verified', answer.values);
  return verdict('returnPath', 'CNAME', host, target, 'wrong', answer.values, 'cnameOther');
}

/** Checks every record of the domain at once against `resolver`. */
export async function checkDomainRecords(
  resolver: DomainResolver,
  keys: DomainKeys,
  hosts: MailHosts,
): Promise<CheckOutcome> {
  const [dkim, spf, dmarc, returnPath] = await Promise.all([
    checkDkim(resolver, keys),
    checkSpf(resolver, keys.domain, hosts.spfInclude),
    checkDmarc(resolver, keys.domain),
    checkReturnPath(resolver, keys.domain, hosts.returnPathTarget),
  ]);
  const records = [dkim, spf.check, dmarc.check, returnPath];
  return {
    records,
    reachable: records.every((r) => r.state !== 'unreachable'),
    spfLookups: spf.lookups,
    allVerified: records.every((r) => r.state === 'verified'),
    anyBroken: records.some((r) => r.state === 'missing' || r.state === 'wrong'),
  };
}
