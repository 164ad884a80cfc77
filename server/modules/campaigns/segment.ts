/**
 * A segment evaluated over the business's contacts (src/resources/contacts): each condition is
 * one SQL predicate, joined by AND (match all) or OR (match any); only contacts with an email
 * address are in any audience. Tags are the contact's comma-separated `tags` field, compared
 * trimmed and lower-cased. Dates are the contact's created date, days read in UTC. Past email
 * events test the contact's recipient row of one of the business's campaigns (a named one, or
 * the last one that started sending): opened / clicked it, or was sent it and did not; evaluated
 * when the send starts, like every condition.
 */
import { and, count, asc, eq, not, or, sql, type SQL } from 'drizzle-orm';
import contactsResource from '../../../src/resources/contacts/resource';
import { LAST_CAMPAIGN, type Segment, type SegmentCondition } from '../../../src/domain/campaigns/rules';
import type { DbOrTx } from '../../db/client';
import { foldedLike } from '../../db/folded-like';
import { tableOf } from '../../resources/tables';

export const contactsTable = () => tableOf(contactsResource.name);

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whose audience: the business, and the campaign being sent (not its own "last campaign"). */
interface Scope {
  businessId: string;
  campaignId?: string;
}

/** The contact's row in the campaign a condition names, with its event (or its absence). */
function pastEvent(c: SegmentCondition, scope: Scope): SQL {
  const t = contactsTable();
  const campaign =
    c.value === LAST_CAMPAIGN
      ? sql`(select c.id from campaigns c where c.business_id = ${scope.businessId}::uuid and c.started_at is not null
          ${scope.campaignId ? sql`and c.id <> ${scope.campaignId}::uuid` : sql``}
          order by c.started_at desc, c.id limit 1)`
      : sql`${c.value}::uuid`;
  const event = {
    opened: sql`r.opened_at is not null`,
    notOpened: sql`r.sent_at is not null and r.opened_at is null`,
    clicked: sql`r.clicked_at is not null`,
    notClicked: sql`r.sent_at is not null and r.clicked_at is null`,
  }[c.op as 'opened' | 'notOpened' | 'clicked' | 'notClicked'];
  return sql`exists (select 1 from campaign_recipients r where r.contact_id = ${t.id!}
    and r.business_id = ${scope.businessId}::uuid and r.campaign_id = ${campaign} and ${event})`;
}

function predicate(c: SegmentCondition, now: number, scope: Scope): SQL {
  const t = contactsTable();
  const value = c.value.trim();
  switch (c.field) {
    case 'status':
      return c.op === 'is' ? eq(t.status!, value) : not(eq(t.status!, value));
    case 'tag': {
      const has = sql`(',' || regexp_replace(lower(coalesce(${t.tags!}, '')), '\\s*,\\s*', ',', 'g') || ',') like ${`%,${likeEscape(value.toLowerCase())},%`}`;
      return c.op === 'has' ? has : not(has);
    }
    case 'email':
    case 'fullName': {
      const column = c.field === 'email' ? t.email! : t.fullName!;
      // Accents and case ignored, as the lists' searches: 'muller' matches Müller.
      const hit = foldedLike(column, `%${likeEscape(value)}%`);
      return c.op === 'contains' ? hit : not(hit);
    }
    case 'createdAt':
      if (c.op === 'withinDays') return sql`${t.createdAt!} >= ${new Date(now - Number(value) * 86_400_000)}`;
      return c.op === 'after'
        ? sql`${t.createdAt!} >= ${new Date(`${value}T00:00:00Z`)} + interval '1 day'`
        : sql`${t.createdAt!} < ${new Date(`${value}T00:00:00Z`)}`;
    case 'campaign':
      return pastEvent({ ...c, value }, scope);
  }
}

/** The WHERE of a segment's audience in this business (for the campaign being sent, if any). */
export function audienceWhere(businessId: string, segment: Segment, now: number, campaignId?: string): SQL {
  const t = contactsTable();
  const parts = segment.conditions.map((c) => predicate(c, now, { businessId, campaignId }));
  const joined = parts.length ? (segment.match === 'all' ? and(...parts) : or(...parts)) : undefined;
  return and(eq(t.businessId!, businessId), sql`coalesce(${t.email!}, '') <> ''`, joined)!;
}

/** How many contacts match, and the first few by name (the form's preview picks). */
export async function audienceOf(db: DbOrTx, businessId: string, segment: Segment, now: number, campaignId?: string) {
  const t = contactsTable();
  const where = audienceWhere(businessId, segment, now, campaignId);
  const [[total], sample] = await Promise.all([
    db.select({ n: count() }).from(t).where(where),
    db
      .select({ id: t.id!, fullName: t.fullName!, email: t.email! })
      .from(t)
      .where(where)
      .orderBy(asc(t.fullName!), asc(t.id!))
      .limit(5),
  ]);
  return {
    count: total?.n ?? 0,
    sample: sample.map((s) => ({ id: s.id as string, fullName: s.fullName as string, email: s.email as string })),
  };
}

/** One contact of the business, for a preview. */
export async function contactOf(db: DbOrTx, businessId: string, contactId: string) {
  const t = contactsTable();
  if (!/^[0-9a-f-]{36}$/i.test(contactId)) return null;
  const [row] = await db
    .select({ id: t.id!, fullName: t.fullName!, email: t.email!, language: t.language! })
    .from(t)
    .where(and(eq(t.id!, contactId), eq(t.businessId!, businessId)))
    .limit(1);
  return row
    ? {
        id: row.id as string,
        fullName: row.fullName as string,
        email: (row.email as string | null) ?? '',
        language: (row.language as string | null) ?? '',
      }
    : null;
}
