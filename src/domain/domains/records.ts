/**
 * The DNS records a business publishes to send mail as its domain (docs/email-domains.md), built
 * from the domain, its DKIM selector and public key, and what the domain already has:
 *
 * - DKIM: TXT at `<selector>._domainkey.<domain>`, `v=DKIM1; k=rsa; p=<key>`, cut into strings of
 *   at most 255 characters (one TXT string cannot hold more; verifiers join a record's strings).
 * - SPF: the domain's one `v=spf1` TXT record with our include in it — merged into an existing
 *   record, never a second one (two SPF records make every SPF check fail: RFC 7208 §4.5).
 * - DMARC: TXT at `_dmarc.<domain>`; an existing policy at least as strong as ours is kept
 *   (reject > quarantine > none).
 * - Return path: a CNAME for bounces.
 *
 * Pure: the server builds them, the configuration page shows them and their zone-file lines.
 */

export const RECORD_PURPOSES = ['dkim', 'spf', 'dmarc', 'returnPath'] as const;
export type RecordPurpose = (typeof RECORD_PURPOSES)[number];
export type RecordType = 'TXT' | 'CNAME';

/** One TXT string's limit (RFC 1035 §3.3: a length octet). */
export const TXT_STRING_MAX = 255;
/** SPF's limit on DNS-querying terms per check (RFC 7208 §4.6.4); above it receivers answer permerror. */
export const SPF_LOOKUP_LIMIT = 10;
/** The host of the bounce CNAME, under the domain. */
export const RETURN_PATH_LABEL = 'bounce';
/** What we ask for when the domain has no DMARC record: reports only, nothing refused yet. */
export const DMARC_POLICIES = ['none', 'quarantine', 'reject'] as const;
export type DmarcPolicy = (typeof DMARC_POLICIES)[number];
export const OUR_DMARC_POLICY: DmarcPolicy = 'none';

export interface PublishRecord {
  purpose: RecordPurpose;
  type: RecordType;
  /** Fully qualified, without the trailing dot. */
  host: string;
  /** The whole value (TXT: the strings joined, as verifiers read it). */
  value: string;
  /** TXT only: the strings to publish, each ≤ 255 characters. */
  strings: string[];
}

/** Where the platform's mail leaves from: what SPF includes and where bounces go (server config). */
export interface MailHosts {
  spfInclude: string;
  returnPathTarget: string;
}

export const dkimHost = (domain: string, selector: string) => `${selector}._domainkey.${domain}`;
export const dmarcHost = (domain: string) => `_dmarc.${domain}`;
export const returnPathHost = (domain: string) => `${RETURN_PATH_LABEL}.${domain}`;

/** A value cut into TXT strings of at most 255 characters. */
export function txtStrings(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i += TXT_STRING_MAX) out.push(value.slice(i, i + TXT_STRING_MAX));
  return out.length ? out : [''];
}

export const dkimValue = (publicKey: string) => `v=DKIM1; k=rsa; p=${publicKey}`;

export const isSpf = (value: string) => /^v=spf1(\s|$)/i.test(value.trim());
export const isDmarc = (value: string) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(value.trim());

const ALL = /^[+\-~?]?all$/i;

/**
 * One SPF record that keeps every mechanism of the records found (in order, once each) and adds
 * our include before the final `all` (or `redirect=`). None found: ours alone, `~all`.
 */
export function mergeSpf(found: readonly string[], include: string): string {
  const ours = `include:${include}`;
  if (!found.length) return `v=spf1 ${ours} ~all`;
  const terms: string[] = [];
  let all: string | null = null;
  let redirect: string | null = null;
  for (const record of found) {
    for (const term of record.trim().split(/\s+/).slice(1)) {
      if (ALL.test(term)) all ??= term.toLowerCase();
      else if (/^redirect=/i.test(term)) redirect ??= term;
      else if (!terms.some((t) => t.toLowerCase() === term.toLowerCase())) terms.push(term);
    }
  }
  if (!terms.some((t) => t.toLowerCase() === ours.toLowerCase())) terms.push(ours);
  // With an `all`, a redirect is never followed (RFC 7208 §6.1): keep the one that decides.
  const end = all ?? redirect ?? '~all';
  return ['v=spf1', ...terms, end].join(' ');
}

/** Whether an SPF record already names our include. */
export const spfIncludes = (record: string, include: string) =>
  record
    .trim()
    .split(/\s+/)
    .some(
      (term) => /^\+?include:/i.test(term) && term.replace(/^\+?include:/i, '').toLowerCase() === include.toLowerCase(),
    );

/** The terms of an SPF record that cost a DNS lookup (RFC 7208 §4.6.4), and the domains to follow. */
export function spfLookupTerms(record: string): { count: number; follow: string[] } {
  let count = 0;
  const follow: string[] = [];
  for (const term of record.trim().split(/\s+/).slice(1)) {
    const bare = term.replace(/^[+\-~?]/, '').toLowerCase();
    const include = /^include:(.+)$/.exec(bare) ?? /^redirect=(.+)$/.exec(bare);
    if (include) {
      count += 1;
      follow.push(include[1]!);
    } else if (/^(a|mx|ptr)([:/]|$)/.test(bare) || /^exists:/.test(bare)) count += 1;
  }
  return { count, follow };
}

/** The tags of a DMARC record, in order (`v=DMARC1; p=reject; rua=…`). */
export function dmarcTags(record: string): [string, string][] {
  return record
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? [part.toLowerCase(), ''] : [part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim()];
    });
}

export function dmarcPolicy(record: string): DmarcPolicy | null {
  const p = dmarcTags(record)
    .find(([tag]) => tag === 'p')?.[1]
    .toLowerCase();
  return (DMARC_POLICIES as readonly string[]).includes(p ?? '') ? (p as DmarcPolicy) : null;
}

const rank = (policy: DmarcPolicy) => DMARC_POLICIES.indexOf(policy);

/**
 * The DMARC record to publish: a valid one found with a policy at least as strong as ours is
 * kept as it is (of several, the strongest); one too weak or without a policy keeps its other
 * tags with ours; none found, ours.
 */
export function mergeDmarc(found: readonly string[]): string {
  const valid = found.filter((r) => isDmarc(r) && dmarcPolicy(r));
  const strongest = valid.sort((a, b) => rank(dmarcPolicy(b)!) - rank(dmarcPolicy(a)!))[0];
  if (strongest && rank(dmarcPolicy(strongest)!) >= rank(OUR_DMARC_POLICY)) return strongest.trim();
  const base = found.find(isDmarc);
  if (!base) return `v=DMARC1; p=${OUR_DMARC_POLICY}`;
  const others = dmarcTags(base).filter(([tag]) => tag !== 'v' && tag !== 'p');
  return ['v=DMARC1', `p=${OUR_DMARC_POLICY}`, ...others.map(([t, v]) => `${t}=${v}`)].join('; ');
}

export interface DomainKeys {
  domain: string;
  selector: string;
  /** Base64 of the DER SubjectPublicKeyInfo. */
  publicKey: string;
}

/** What the domain was found to publish already (the last check), for merging. */
export interface FoundRecords {
  spf: readonly string[];
  dmarc: readonly string[];
}

/** The records to publish, in the order the pages show them. */
export function recordsToPublish(keys: DomainKeys, hosts: MailHosts, found: FoundRecords): PublishRecord[] {
  const txt = (purpose: RecordPurpose, host: string, value: string): PublishRecord => ({
    purpose,
    type: 'TXT',
    host,
    value,
    strings: txtStrings(value),
  });
  return [
    txt('dkim', dkimHost(keys.domain, keys.selector), dkimValue(keys.publicKey)),
    txt('spf', keys.domain, mergeSpf(found.spf, hosts.spfInclude)),
    txt('dmarc', dmarcHost(keys.domain), mergeDmarc(found.dmarc)),
    {
      purpose: 'returnPath',
      type: 'CNAME',
      host: returnPathHost(keys.domain),
      value: hosts.returnPathTarget,
      strings: [],
    },
  ];
}

const quoted = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The records as zone-file lines (BIND syntax), for a provider that imports a zone file. */
export function zoneFile(records: readonly PublishRecord[], ttl = 3600): string {
  return records
    .map((r) =>
      r.type === 'TXT'
        ? `${r.host}.\t${ttl}\tIN\tTXT\t${r.strings.length > 1 ? `( ${r.strings.map(quoted).join(' ')} )` : quoted(r.strings[0] ?? '')}`
        : `${r.host}.\t${ttl}\tIN\tCNAME\t${r.value}.`,
    )
    .join('\n');
}
