/**
 * Campaigns: the writes of the campaigns table and the checks a schedule passes. Whose: the
 * caller's business (`tenantOf`); another business's campaign answers 404 like a missing one.
 * A status change is one conditional UPDATE (… WHERE status IN the allowed ones), so two owners
 * pressing Pause and Cancel together leave one answer each, never a mixed state.
 *
 * A draft's change and its schedule each write under the campaign's row lock, and check that the
 * draft is still the one they read (its `updatedAt`, which every change moves forward): a change
 * saved while a schedule was checking the audience makes the schedule answer 409
 * (campaignChangedMeanwhile) rather than send content nobody checked, and a schedule that wrote
 * first makes the change answer 409 (campaignNotEditable). A change must send the `updatedAt` it
 * started from (campaignChangeSchema); the screens send it with a schedule too, so what one tab
 * saved is never scheduled or overwritten from another that did not see it.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  abTestOf,
  ACTIONS,
  EDITABLE,
  LAST_CAMPAIGN,
  sendWindowOf,
  type CampaignAction,
  type CampaignChange,
  type CampaignStatus,
  type CampaignValues,
  scheduledInstant,
  scheduleGapMessage,
  type ScheduleInput,
} from '../../../src/domain/campaigns/rules';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { mailLocale } from '../../../src/domain/email-templates/locale';
import type { DbOrTx } from '../../db/client';
import { businesses, users } from '../../db/tables/core';
import { isUniqueViolation } from '../../db/unique-violation';
import { badRequest, conflict, notFound } from '../../http/errors';
import { verifiedSenders } from '../domains';
import { holdTemplate, templateVersionOf } from '../email-templates';
import { unresolved, valuesOf } from './merge';
import { audienceWhere, contactsTable } from './segment';
import { campaignRecipients, campaigns } from './tables';
import { isUuid } from '../../../src/domain/uuid';

export type Campaign = typeof campaigns.$inferSelect & { sent: number };

// Qualified by hand: inside the subquery an unqualified "id" would be the recipient's own.
const sentCount = sql<number>`(select count(*)::int from campaign_recipients r where r.campaign_id = "campaigns"."id" and r.status = 'sent')`;

export async function listCampaigns(db: DbOrTx, businessId: string, page: number, perPage: number) {
  const where = eq(campaigns.businessId, businessId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ c: campaigns, sent: sentCount })
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.c, sent: Number(r.sent) })), total: total?.n ?? 0 };
}

/** The business's campaigns that have started sending, newest first (the last 100). */
export async function startedCampaigns(db: DbOrTx, businessId: string) {
  return db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.businessId, businessId), isNotNull(campaigns.startedAt)))
    .orderBy(desc(campaigns.startedAt), desc(campaigns.id))
    .limit(100);
}

export async function getCampaign(db: DbOrTx, businessId: string, id: string): Promise<Campaign> {
  if (!isUuid(id)) throw notFound(MESSAGES.campaignNotFound);
  const [row] = await db
    .select({ c: campaigns, sent: sentCount })
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.businessId, businessId)));
  if (!row) throw notFound(MESSAGES.campaignNotFound);
  return { ...row.c, sent: Number(row.sent) };
}

/**
 * The sender must be one of the business's verified ones, the template one of its own, and a
 * campaign a segment condition names one of its own.
 */
async function checkParts(app: FastifyInstance, businessId: string, input: CampaignValues) {
  const { db } = app.ctx.database;
  const named = input.segment.conditions.flatMap((c, i) =>
    c.field === 'campaign' && c.value !== LAST_CAMPAIGN ? [{ i, id: c.value }] : [],
  );
  const [senders, template, own] = await Promise.all([
    verifiedSenders(app, businessId),
    templateVersionOf(db, businessId, input.templateId),
    named.length
      ? db
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(
            and(
              eq(campaigns.businessId, businessId),
              inArray(
                campaigns.id,
                named.map((n) => n.id),
              ),
            ),
          )
      : [],
  ]);
  const errors: Record<string, string> = {};
  if (!senders.some((s) => s.id === input.senderId)) errors.senderId = MESSAGES.campaignSenderUnverified;
  if (!template) errors.templateId = MESSAGES.emailTemplateNotFound;
  for (const n of named)
    if (!own.some((o) => o.id === n.id)) errors[`segment.conditions.${n.i}.value`] = MESSAGES.campaignNotFound;
  if (Object.keys(errors).length) throw badRequest(MESSAGES.invalidInput, errors);
  return template!;
}

/** The columns a campaign's values are kept in: no A/B test or window halves that ask for none. */
function columnsOf({ updatedAt: _seen, ...input }: CampaignValues & { updatedAt?: string }) {
  const ab = abTestOf(input);
  const window = sendWindowOf(input);
  return {
    ...input,
    subjectB: ab?.subjectB ?? null,
    abPercent: ab?.percent ?? null,
    abWaitHours: ab?.waitHours ?? null,
    windowStart: window ? input.windowStart! : null,
    windowEnd: window ? input.windowEnd! : null,
  };
}

export async function createCampaign(app: FastifyInstance, businessId: string, userId: string, input: CampaignValues) {
  await checkParts(app, businessId, input);
  const { db } = app.ctx.database;
  const [row] = await db
    .insert(campaigns)
    .values({ ...columnsOf(input), businessId, createdBy: userId })
    .returning({ id: campaigns.id })
    .catch(nameTakenOr);
  return getCampaign(db, businessId, row!.id);
}

/**
 * A name the business already gives another campaign, case aside (campaigns_business_name_key):
 * 409 on the name field, as a template's taken name; any other error as it was.
 */
function nameTakenOr(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict(MESSAGES.campaignNameTaken, { name: MESSAGES.campaignNameTaken });
  throw err;
}

/** The campaign's row, locked until the transaction ends, or 404. */
async function lockCampaign(tx: DbOrTx, businessId: string, id: string) {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.businessId, businessId)))
    .for('update');
  if (!row) throw notFound(MESSAGES.campaignNotFound);
  return row;
}

/**
 * 409 unless the campaign is still as `seen` (the `updatedAt` a screen showed, or the one read
 * before the transaction); nothing seen, nothing to compare.
 */
function checkUnchanged(row: { updatedAt: Date }, seen: string | Date | undefined) {
  if (seen !== undefined && row.updatedAt.getTime() !== new Date(seen).getTime())
    throw conflict(MESSAGES.campaignChangedMeanwhile);
}

/**
 * A change's new `updatedAt`: now, but always after the one it replaces, so two changes within
 * one millisecond (or under a test's fixed clock) still tell apart (checkUnchanged compares them).
 */
const movedOn = (now: number) =>
  sql<Date>`greatest(${new Date(now).toISOString()}::timestamptz, ${campaigns.updatedAt} + interval '1 millisecond')`;

export async function updateCampaign(app: FastifyInstance, businessId: string, id: string, input: CampaignChange) {
  const { db } = app.ctx.database;
  const before = await getCampaign(db, businessId, id);
  if (!EDITABLE.includes(before.status)) throw conflict(MESSAGES.campaignNotEditable);
  await checkParts(app, businessId, input);
  await db
    .transaction(async (tx) => {
      const row = await lockCampaign(tx, businessId, id);
      // A schedule (or a cancel) written since this change was read: the draft is no longer one.
      if (!EDITABLE.includes(row.status)) throw conflict(MESSAGES.campaignNotEditable);
      checkUnchanged(row, input.updatedAt);
      await tx
        .update(campaigns)
        .set({ ...columnsOf(input), updatedAt: movedOn(app.ctx.now()) })
        .where(eq(campaigns.id, id));
    })
    .catch(nameTakenOr);
  return getCampaign(db, businessId, id);
}

/** The first campaign of the business (by age) that still has to send (scheduled, sending or paused) with one of its parts. */
async function campaignAwaiting(
  db: DbOrTx,
  businessId: string,
  part: typeof campaigns.templateId | typeof campaigns.senderId,
  id: string,
): Promise<string | null> {
  const [row] = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.businessId, businessId),
        eq(part, id),
        inArray(campaigns.status, ['scheduled', 'sending', 'paused']),
      ),
    )
    .orderBy(asc(campaigns.createdAt))
    .limit(1);
  return row?.name ?? null;
}

/**
 * The name of a campaign of the business that still has to send with this template, or null. The
 * templates module asks before deleting one: the queue reads the template's version at each batch,
 * so without it such a campaign would stay "sending" for good.
 */
export const campaignAwaitingTemplate = (db: DbOrTx, businessId: string, templateId: string) =>
  campaignAwaiting(db, businessId, campaigns.templateId, templateId);

/**
 * The name of a campaign of the business that still has to send from this sender, or null.
 * Deleting the sender is refused while there is one (the campaigns plugin's delete guard): its
 * mails would otherwise go out from the platform's own address.
 */
export const campaignAwaitingSender = (db: DbOrTx, businessId: string, senderId: string) =>
  campaignAwaiting(db, businessId, campaigns.senderId, senderId);

/**
 * The business's name, time zone and language: its club owner account's (the first, if several),
 * the language its platform mails use; its campaign mail's footer follows it.
 */
export async function businessName(db: DbOrTx, businessId: string) {
  const [[row], [owner]] = await Promise.all([
    db
      .select({ name: businesses.companyName, timeZone: businesses.timeZone })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
    db
      .select({ language: users.language })
      .from(users)
      .where(and(eq(users.businessId, businessId), eq(users.role, 'CLUBOWNER')))
      .orderBy(asc(users.createdAt))
      .limit(1),
  ]);
  return {
    name: row?.name ?? '',
    timeZone: row?.timeZone ?? 'America/New_York',
    language: mailLocale(owner?.language),
  };
}

/** Every contact of the audience gets each variable (a value or a fallback), or the first one that would not is named. */
async function checkAudience(app: FastifyInstance, campaign: Campaign, source: { html: string; text: string }) {
  const { db } = app.ctx.database;
  const t = contactsTable();
  const contacts = await db
    .select({ fullName: t.fullName!, email: t.email! })
    .from(t)
    .where(audienceWhere(campaign.businessId, campaign.segment, app.ctx.now(), campaign.id))
    .orderBy(t.fullName!);
  if (!contacts.length) throw badRequest(MESSAGES.campaignAudienceEmpty, { segment: MESSAGES.campaignAudienceEmpty });
  const [business, senders] = await Promise.all([
    businessName(db, campaign.businessId),
    verifiedSenders(app, campaign.businessId),
  ]);
  const sender = senders.find((s) => s.id === campaign.senderId);
  if (!sender) throw badRequest(MESSAGES.campaignSenderUnverified, { senderId: MESSAGES.campaignSenderUnverified });
  for (const c of contacts) {
    const contact = { fullName: c.fullName as string, email: c.email as string };
    const values = valuesOf(contact, { name: business.name, email: sender.address });
    const missing = [campaign.subject, campaign.subjectB ?? '']
      .filter(Boolean)
      .flatMap((subject) => unresolved(source, subject, values));
    if (missing.length) {
      const message = formatMessage('campaignUnresolvedVariable', {
        contact: `${contact.fullName} <${contact.email}>`,
        variable: missing[0]!,
      });
      throw badRequest(message, { templateId: message });
    }
  }
  return business;
}

/**
 * Schedules a draft. The audience is checked against the draft and template version read first;
 * the schedule is then written in one transaction that locks the campaign (still a draft, still
 * as read: else 409) and holds its template's row shared (deleted meanwhile: 409), so a template
 * delete waiting on that row sees the campaign scheduled once this commits.
 */
export async function scheduleCampaign(app: FastifyInstance, businessId: string, id: string, when: ScheduleInput) {
  const { db } = app.ctx.database;
  const campaign = await getCampaign(db, businessId, id);
  if (!(ACTIONS.schedule as readonly CampaignStatus[]).includes(campaign.status))
    throw refused(campaign.status, 'schedule');
  // The screen showed another draft than the one stored now: what would be sent is not what was seen.
  checkUnchanged(campaign, when.updatedAt);
  const source = await templateVersionOf(db, businessId, campaign.templateId);
  if (!source) throw badRequest(MESSAGES.emailTemplateNotFound, { templateId: MESSAGES.emailTemplateNotFound });
  const business = await checkAudience(app, campaign, source);
  const now = app.ctx.now();
  let at = now;
  if (when.mode === 'at') {
    // The form's rule, now that the zone is known: a time the clocks skip is refused (not moved an
    // hour on), a time that happens twice goes at its first occurrence (src/domain/campaigns/wall-clock.ts).
    const gap = scheduleGapMessage(when.date, when.time, business.timeZone);
    if (gap) throw badRequest(gap, { time: gap });
    at = scheduledInstant(when.date, when.time, business.timeZone);
    if (at <= now) throw badRequest(MESSAGES.campaignScheduleInPast, { date: MESSAGES.campaignScheduleInPast });
  }
  await db.transaction(async (tx) => {
    const row = await lockCampaign(tx, businessId, id);
    if (!(ACTIONS.schedule as readonly CampaignStatus[]).includes(row.status)) throw refused(row.status, 'schedule');
    checkUnchanged(row, campaign.updatedAt);
    if (!(await holdTemplate(tx, businessId, campaign.templateId)))
      throw conflict(MESSAGES.campaignTemplateDeleted, { templateId: MESSAGES.campaignTemplateDeleted });
    await tx
      .update(campaigns)
      .set({ status: 'scheduled', templateVersion: source.version, scheduledAt: new Date(at), updatedAt: movedOn(now) })
      .where(eq(campaigns.id, id));
  });
  return getCampaign(db, businessId, id);
}

const PAST: Record<CampaignAction, string> = {
  schedule: 'scheduled',
  pause: 'paused',
  resume: 'resumed',
  cancel: 'cancelled',
};
const refused = (status: CampaignStatus, action: CampaignAction) =>
  conflict(formatMessage('campaignActionRefused', { status, action: PAST[action] }));

/** Pause, resume or cancel: one conditional update; cancelling also drops what is still queued. */
export async function changeCampaign(
  app: FastifyInstance,
  businessId: string,
  id: string,
  action: Exclude<CampaignAction, 'schedule'>,
) {
  const { db } = app.ctx.database;
  const before = await getCampaign(db, businessId, id);
  const now = new Date(app.ctx.now());
  const allowed = ACTIONS[action] as readonly CampaignStatus[];
  // Resumed: back to sending when the send had started, else to waiting for its time.
  const next: CampaignStatus =
    action === 'pause' ? 'paused' : action === 'cancel' ? 'cancelled' : before.startedAt ? 'sending' : 'scheduled';
  const done = await db.transaction(async (tx) => {
    const changed = await tx
      .update(campaigns)
      .set({ status: next, updatedAt: now, ...(action === 'cancel' ? { finishedAt: now } : {}) })
      .where(and(eq(campaigns.id, id), eq(campaigns.businessId, businessId), inArray(campaigns.status, allowed)))
      .returning({ id: campaigns.id });
    if (changed.length && action === 'cancel')
      await tx
        .update(campaignRecipients)
        .set({ status: 'cancelled' })
        .where(and(eq(campaignRecipients.campaignId, id), inArray(campaignRecipients.status, ['queued', 'held'])));
    return changed.length > 0;
  });
  if (!done) throw refused((await getCampaign(db, businessId, id)).status, action);
  return getCampaign(db, businessId, id);
}
