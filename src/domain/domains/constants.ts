/**
 * The domains area's names and states, apart from its wire schemas (wire.ts) so that the declared
 * resource, read by the signed-in shell for the sidebar, loads no schema library with them.
 */
export const DOMAINS_API = {
  base: '/api/crmmanagement/domains',
  add: '/api/crmmanagement/domains/add',
  records: '/api/crmmanagement/domains/records',
  authenticate: '/api/crmmanagement/domains/authenticate',
} as const;

/**
 * A domain's state: pending until every record is verified; verified; broken when a record of a
 * verified domain is later missing or wrong. An unreachable resolver changes none of them.
 */
export const DOMAIN_STATUSES = ['pending', 'verified', 'broken'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** What the check found for one record. Unreachable is never called failed: nothing was learned. */
export const RECORD_STATES = ['verified', 'missing', 'wrong', 'unreachable'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

/** Why a record is not right, when the check can tell (the page explains each: `domains.problems.*`). */
export const RECORD_PROBLEMS = [
  // Found under <host>.<domain>: the provider appended the domain to a full name.
  'doubledHost',
  // Two or more SPF records: receivers then fail SPF altogether; merge them into one.
  'spfMultiple',
  // The SPF record does not include ours.
  'spfMissingInclude',
  // The DKIM key published as several TXT records instead of one record of several strings.
  'dkimSplitRecords',
  // Quote characters inside the value: the strings were pasted with their quotes.
  'dkimQuoted',
  // The key differs (another key, or one cut short).
  'dkimKeyDiffers',
  'dmarcMultiple',
  'dmarcNoPolicy',
  'cnameOther',
] as const;
export type RecordProblem = (typeof RECORD_PROBLEMS)[number];
