/**
 * The send queue, kept in the database (the same code on PGlite and PostgreSQL): any number of
 * server processes run it side by side.
 *
 * - A due campaign starts in one transaction: it is taken with FOR UPDATE SKIP LOCKED, its
 *   segment is evaluated then (one INSERT … SELECT of a row per contact, one per address, unique
 *   per (campaign, contact)) and it turns `sending`.
 * - A batch is one transaction: queued rows taken with FOR UPDATE SKIP LOCKED (another process
 *   takes other rows), each composed, the mails written to the outbox with the recipient's id as
 *   the outbox row's id, and the rows marked sent. Killed mid-batch, the transaction rolls back:
 *   the rows are queued again with no mail written; committed, each has exactly one mail (and a
 *   second insert of the same id would fail on the outbox's primary key).
 * - Suppressed addresses (unsubscribed, bounced, complained) and contacts a variable has no value
 *   for are skipped, with the reason kept.
 * - The hourly cap counts the campaign's mails of the last hour before each batch; outside the
 *   daily send window (the business's wall clock) no batch is taken: the queue waits.
 * - An A/B campaign: when it starts, its test share is split evenly between the two subjects
 *   (in the order of the recipients' ids' hashes) and the rest is `held`; once the wait has passed,
 *   decideWinners picks the subject opened by the larger share and queues the rest (no variant:
 *   each batch reads the winner from the campaign's row in its own transaction).
 */
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { senderFor } from '../domains';
import { templateVersionOf } from '../email-templates';
import { insideWindow, sendWindowOf } from '../../../src/domain/campaigns/rules';
import { zonedParts } from '../../../src/domain/venue/opening-hours';
import { businessName } from './campaign-service';
import { footerLanguage, recipientMail, unresolved, valuesOf } from './merge';
import { audienceWhere, contactsTable } from './segment';
import { signer } from './tokens';
import { campaignRecipients, campaigns, emailSuppressions, type Variant } from './tables';
import { publicOrigin } from '../../http/public-origin';

export const BATCH_SIZE = 50;

/** Starts the campaigns whose time has come; answers how many. */
export async function startDue(app: FastifyInstance): Promise<number> {
  const { db } = app.ctx.database;
  const now = new Date(app.ctx.now());
  const isDue = and(eq(campaigns.status, 'scheduled'), lte(campaigns.scheduledAt, now));
  // A plain read first, so a pass with nothing due (drainQueue's) opens no transaction.
  if (!(await db.select({ id: campaigns.id }).from(campaigns).where(isDue).limit(1)).length) return 0;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: campaigns.id,
        businessId: campaigns.businessId,
        segment: campaigns.segment,
        subjectB: campaigns.subjectB,
        abPercent: campaigns.abPercent,
      })
      .from(campaigns)
      .where(isDue)
      .orderBy(asc(campaigns.scheduledAt))
      .limit(5)
      .for('update', { skipLocked: true });
    const t = contactsTable();
    for (const c of due) {
      const where = audienceWhere(c.businessId, c.segment, now.getTime(), c.id);
      const email = sql`lower(trim(${t.email!}))`;
      await tx.execute(sql`
        insert into ${campaignRecipients} (campaign_id, business_id, contact_id, email, "values")
        select distinct on (${email}) ${c.id}::uuid, ${c.businessId}::uuid, ${t.id!}, ${email},
          json_build_object('fullName', ${t.fullName!}, 'email', ${t.email!}, 'language', coalesce(${t.language!}, ''))
        from ${t} where ${where}
        order by ${email}, ${t.createdAt!}
        on conflict do nothing`);
      const [size] = await tx
        .select({ n: count() })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, c.id));
      if (c.subjectB && c.abPercent) await splitTest(tx, c.id, size?.n ?? 0, c.abPercent);
      await tx
        .update(campaigns)
        .set({ status: 'sending', startedAt: now, audienceSize: size?.n ?? 0, updatedAt: now })
        .where(eq(campaigns.id, c.id));
    }
    return due.length;
  });
}

/**
 * An A/B campaign's test: `percent` of the audience (at least one each) split evenly between the
 * subjects, the rest held for the winner. The order is the md5 of the recipient's id: fixed, and
 * unrelated to names or addresses.
 */
async function splitTest(tx: DbOrTx, campaignId: string, size: number, percent: number) {
  const each = Math.min(Math.floor(size / 2), Math.max(1, Math.floor((size * percent) / 200)));
  await tx.execute(sql`
    update ${campaignRecipients} r set
      variant = case when x.n <= ${each} then 'a' when x.n <= ${2 * each} then 'b' end,
      status = case when x.n <= ${2 * each} then 'queued' else 'held' end
    from (select id, row_number() over (order by md5(id::text), id) as n
          from ${campaignRecipients} where campaign_id = ${campaignId}::uuid) x
    where r.id = x.id`);
}

/**
 * Chooses the winner of each A/B campaign whose wait has passed (from the send's start): the
 * subject opened by the larger share of its sent mails (a tie: the first), and queues the held
 * rest with it, in one transaction with the campaign's row locked. Answers how many it decided.
 */
export async function decideWinners(app: FastifyInstance): Promise<number> {
  const { db } = app.ctx.database;
  const now = new Date(app.ctx.now());
  const isDue = and(
    eq(campaigns.status, 'sending'),
    isNotNull(campaigns.subjectB),
    isNull(campaigns.abWinner),
    sql`${campaigns.startedAt} + make_interval(hours => ${campaigns.abWaitHours}) <= ${now.toISOString()}::timestamptz`,
  );
  if (!(await db.select({ id: campaigns.id }).from(campaigns).where(isDue).limit(1)).length) return 0;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(isDue)
      .limit(5)
      .for('update', { skipLocked: true });
    for (const { id } of due) {
      const shares = await tx
        .select({
          variant: campaignRecipients.variant,
          sent: sql<number>`count(${campaignRecipients.sentAt})::int`,
          opened: sql<number>`count(${campaignRecipients.openedAt})::int`,
        })
        .from(campaignRecipients)
        .where(and(eq(campaignRecipients.campaignId, id), isNotNull(campaignRecipients.variant)))
        .groupBy(campaignRecipients.variant);
      const rate = (v: Variant) => {
        const row = shares.find((s) => s.variant === v);
        return row && Number(row.sent) ? Number(row.opened) / Number(row.sent) : 0;
      };
      const winner: Variant = rate('b') > rate('a') ? 'b' : 'a';
      await tx
        .update(campaigns)
        .set({ abWinner: winner, abDecidedAt: now, updatedAt: now })
        .where(eq(campaigns.id, id));
      await tx
        .update(campaignRecipients)
        .set({ status: 'queued' })
        .where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.status, 'held')));
    }
    return due.length;
  });
}

/** What a campaign's batches share, read once outside any transaction (the DKIM key, the source). */
export async function prepare(app: FastifyInstance, campaignId: string) {
  const { db } = app.ctx.database;
  const [c] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!c || c.status !== 'sending') return null;
  const [source, sender, business, sign] = await Promise.all([
    templateVersionOf(db, c.businessId, c.templateId, c.templateVersion ?? undefined),
    senderFor(app, c.businessId, c.senderId),
    businessName(db, c.businessId),
    signer(app),
  ]);
  if (!source) return null;
  const origin = publicOrigin(app.ctx.config, null);
  const batch = app.ctx.mail.batch(c.businessId, sender);
  const from = { name: business.name, email: sender?.address ?? batch.fromAddress };
  const window = sendWindowOf(c);
  return {
    campaign: c,
    source,
    batch,
    origin,
    from,
    sign,
    window,
    timeZone: business.timeZone,
    language: business.language,
  };
}
export type Prepared = NonNullable<Awaited<ReturnType<typeof prepare>>>;

/**
 * How many more mails the hourly cap allows now (Infinity without a cap), read inside the batch's
 * transaction after locking the campaign's row: two processes' batches of a capped campaign
 * take turns, so both cannot count the same hour's room.
 */
async function allowance(tx: DbOrTx, p: Prepared, now: number): Promise<number> {
  if (!p.campaign.hourlyCap) return Infinity;
  await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, p.campaign.id)).for('update');
  const [sent] = await tx
    .select({ n: count() })
    .from(campaignRecipients)
    .where(
      and(eq(campaignRecipients.campaignId, p.campaign.id), gte(campaignRecipients.sentAt, new Date(now - 3_600_000))),
    );
  return Math.max(0, p.campaign.hourlyCap - (sent?.n ?? 0));
}

/**
 * One batch of a sending campaign; answers how many rows it took (0: nothing queued it could
 * take, or the cap is reached). Finishes the campaign when no queued row is left.
 */
export async function sendBatch(app: FastifyInstance, p: Prepared, size = BATCH_SIZE): Promise<number> {
  const { db } = app.ctx.database;
  const now = new Date(app.ctx.now());
  const s = emailSuppressions;
  const result = await db.transaction(async (tx) => {
    const [state] = await tx
      .select({ status: campaigns.status, winner: campaigns.abWinner })
      .from(campaigns)
      .where(eq(campaigns.id, p.campaign.id));
    if (state?.status !== 'sending') return null;
    // Outside the daily send window the queue waits (the business's wall clock).
    if (!insideWindow(p.window, zonedParts(now.getTime(), p.timeZone).minutes)) return null;
    const limit = Math.min(size, await allowance(tx, p, now.getTime()));
    if (limit <= 0) return null;
    const rows = await tx
      .select({
        id: campaignRecipients.id,
        email: campaignRecipients.email,
        values: campaignRecipients.values,
        variant: campaignRecipients.variant,
      })
      .from(campaignRecipients)
      .where(and(eq(campaignRecipients.campaignId, p.campaign.id), eq(campaignRecipients.status, 'queued')))
      .orderBy(asc(campaignRecipients.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!rows.length) return { taken: 0, recorded: null };
    const suppressed = new Set(
      (
        await tx
          .select({ email: s.email })
          .from(s)
          .where(
            and(
              eq(s.businessId, p.campaign.businessId),
              inArray(
                s.email,
                rows.map((r) => r.email),
              ),
              sql`${s.suppressedAt} is not null`,
            ),
          )
      ).map((r) => r.email),
    );
    const skips: { id: string; reason: string }[] = [];
    const mails: { id: string; message: ReturnType<typeof recipientMail> }[] = [];
    for (const r of rows) {
      if (suppressed.has(r.email)) {
        skips.push({ id: r.id, reason: 'suppressed' });
        continue;
      }
      const values = valuesOf({ fullName: r.values.fullName ?? '', email: r.values.email ?? r.email }, p.from);
      const variant = r.variant ?? state.winner;
      const subject = variant === 'b' && p.campaign.subjectB ? p.campaign.subjectB : p.campaign.subject;
      const missing = unresolved(p.source, subject, values);
      if (missing.length) {
        skips.push({ id: r.id, reason: `variable:${missing[0]}` });
        continue;
      }
      const message = recipientMail({
        origin: p.origin,
        source: p.source,
        subject,
        values,
        recipientId: r.id,
        language: footerLanguage(r.values.language, p.language),
        to: r.email,
        businessName: p.from.name,
        unsubscribeMailbox: p.from.email,
        sign: p.sign,
      });
      mails.push({ id: r.id, message });
    }
    const recorded = await p.batch.record(
      tx,
      mails.map((m) => m.message),
      mails.map((m) => m.id),
    );
    if (mails.length)
      await tx
        .update(campaignRecipients)
        .set({ status: 'sent', sentAt: now, outboxId: sql`${campaignRecipients.id}` })
        .where(
          inArray(
            campaignRecipients.id,
            mails.map((m) => m.id),
          ),
        );
    for (const skip of skips)
      await tx
        .update(campaignRecipients)
        .set({ status: 'skipped', skipReason: skip.reason })
        .where(eq(campaignRecipients.id, skip.id));
    return { taken: rows.length, recorded };
  });
  if (!result) return 0;
  await result.recorded?.deliver();
  if (result.taken === 0) await finishIfDone(app, p.campaign.id);
  return result.taken;
}

/**
 * Sent, once nothing is queued or held (rows another process holds are still queued until it
 * commits) and an A/B test has its winner.
 */
async function finishIfDone(app: FastifyInstance, campaignId: string) {
  const now = new Date(app.ctx.now());
  await app.ctx.database.db
    .update(campaigns)
    .set({ status: 'sent', finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(campaigns.id, campaignId),
        eq(campaigns.status, 'sending'),
        sql`not exists (select 1 from ${campaignRecipients} r where r.campaign_id = ${campaignId}::uuid and r.status in ('queued', 'held'))`,
        // An A/B campaign is done once its winner is chosen too (a test of the whole audience holds no one).
        sql`(${campaigns.subjectB} is null or ${campaigns.abWinner} is not null)`,
      ),
    );
}
