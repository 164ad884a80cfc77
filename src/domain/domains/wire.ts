/**
 * The domains area's answers, written once: the records to publish and a DNS check's verdict.
 * The routes (server/modules/domains) answer through these; the configuration and authenticate
 * pages (src/custom/domains) read their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';
import { RECORD_PURPOSES } from './records';
import { DOMAIN_STATUSES, RECORD_PROBLEMS, RECORD_STATES } from './constants';

export {
  DOMAINS_API,
  DOMAIN_STATUSES,
  RECORD_PROBLEMS,
  RECORD_STATES,
  type DomainStatus,
  type RecordProblem,
  type RecordState,
} from './constants';
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
