/**
 * The background re-check: the domains not checked for `recheckMs` are checked again, a few at
 * a time, so a domain becomes verified without anyone pressing "Check now" and a verified
 * record that breaks is noticed (its owners are told: domain-service.ts runCheck). One timer per
 * process, started when the app is ready, stopped (and waited for) on close; off with
 * DOMAINS_RECHECK_MS=0 and in the API tests unless a file asks (tests/api/helpers/app.ts).
 */
import { isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import domainsResource from '../../../src/resources/domains/resource';
import { selection } from '../../resources/records';
import { domainsTable, runCheck } from './domain-service';

/** Domains checked per pass: a pass asks DNS four times per domain (more for SPF includes). */
const BATCH = 20;

/** Checks the domains last checked more than `olderThanMs` ago (never checked first); answers how many. */
export async function recheckDomains(app: FastifyInstance, olderThanMs: number): Promise<number> {
  const table = domainsTable();
  const cutoff = new Date(app.ctx.now() - olderThanMs);
  const due = await app.ctx.database.db
    .select(selection(domainsResource, table))
    .from(table)
    .where(or(isNull(table.lastCheckedAt!), lt(table.lastCheckedAt!, cutoff)))
    .orderBy(sql`${table.lastCheckedAt!} asc nulls first`)
    .limit(BATCH);
  for (const row of due) {
    try {
      await runCheck(app, row, null);
    } catch (err) {
      app.log.warn({ err, domainId: row.id }, 'domain re-check failed');
    }
  }
  return due.length;
}

export function startRechecks(app: FastifyInstance) {
  const everyMs = app.ctx.config.domains.recheckMs;
  if (everyMs <= 0) return;
  let running: Promise<unknown> | null = null;
  let closed = false;
  // A quarter of the period between passes: a domain waits at most 1.25 periods.
  const timer = setInterval(
    () => {
      if (running || closed) return;
      running = recheckDomains(app, everyMs)
        .catch((err: unknown) => app.log.warn({ err }, 'domain re-checks failed'))
        .finally(() => (running = null));
    },
    Math.max(5_000, Math.floor(everyMs / 4)),
  );
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
  });
}
