/**
 * The domains area's answers, written once: the records to publish and a DNS check's verdict.
 * The routes (server/modules/domains) answer through these; the configuration and authenticate
 * pages (src/custom/domains) read their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';
import { RECORD_PURPOSES } from './records';

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

export const publishRecordAnswer = z.object({
  purpose: z.enum(RECORD_PURPOSES),
  type: z.enum(['TXT', 'CNAME']),
  host: z.string(),
  value: z.string(),
  strings: z.array(z.string()),
});
export type PublishRecordAnswer = z.output<typeof publishRecordAnswer>;

export const recordCheckAnswer = z.object({
  purpose: z.enum(RECORD_PURPOSES),
  type: z.enum(['TXT', 'CNAME']),
  host: z.string(),
  expected: z.string(),
  state: z.enum(RECORD_STATES),
  /** What DNS answered at the host (each TXT record's strings joined), empty when nothing. */
  found: z.array(z.string()),
  problem: z.nullable(z.enum(RECORD_PROBLEMS)),
  /** The resolver's error code when unreachable (ETIMEOUT, ECONNREFUSED, ESERVFAIL…). */
  error: z.nullable(z.string()),
});
export type RecordCheck = z.output<typeof recordCheckAnswer>;

export const checkAnswer = z.object({
  status: z.enum(DOMAIN_STATUSES),
  /** Whether every lookup got an answer. */
  reachable: z.boolean(),
  /** The resolver asked (`127.0.0.1:5353`, or the system's). */
  resolver: z.string(),
  checkedAt: timestamp,
  records: z.array(recordCheckAnswer),
  /** DNS lookups an SPF check of the domain costs, nested includes counted; null when unknown. */
  spfLookups: z.nullable(z.number()),
  /** Above SPF_LOOKUP_LIMIT: receivers answer permerror. */
  spfTooManyLookups: z.boolean(),
});
export type DomainCheck = z.output<typeof checkAnswer>;

export const domainRecordsAnswer = z.object({
  id: z.string(),
  name: z.string(),
  unicodeName: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  selector: z.string(),
  records: z.array(publishRecordAnswer),
  lastCheck: z.nullable(checkAnswer),
});
export type DomainRecords = z.output<typeof domainRecordsAnswer>;
