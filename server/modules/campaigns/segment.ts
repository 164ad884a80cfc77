/**
 * A segment evaluated over the business's contacts (src/resources/contacts): each condition is
 * one SQL predicate, joined by AND (match all) or OR (match any); only contacts with an email
 * address are in any audience. Tags are the contact's comma-separated `tags` field, compared
 * trimmed and lower-cased. Dates are the contact's created date, days read in UTC.
 */
import { and, count, asc, eq, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import contactsResource from '../../../src/resources/contacts/resource';
import type { Segment, SegmentCondition } from '../../../src/domain/campaigns/rules';
import type { DbOrTx } from '../../db/client';
import { tableOf } from '../../resources/tables';

export const contactsTable = () => tableOf(contactsResource.name);

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function predicate(c: SegmentCondition, now: number): SQL {
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
      const hit = ilike(column, `%${likeEscape(value)}%`);
      return c.op === 'contains' ? hit : not(hit);
    }
    case 'createdAt':
      if (c.op === 'withinDays') return sql`${t.createdAt!} >= ${new Date(now - Number(value) * 86_400_000)}`;
      return c.op === 'after'
        ? sql`${t.createdAt!} >= ${new Date(`${value}T00:00:00Z`)} + interval '1 day'`
        : sql`${t.createdAt!} < ${new Date(`${value}T00:00:00Z`)}`;
  }
}

/** The WHERE of a segment's audience in this business. */
export function audienceWhere(businessId: string, segment: Segment, now: number): SQL {
  const t = contactsTable();
  const parts = segment.conditions.map((c) => predicate(c, now));
  const joined = parts.length ? (segment.match === 'all' ? and(...parts) : or(...parts)) : undefined;
  return and(eq(t.businessId!, businessId), sql`coalesce(${t.email!}, '') <> ''`, joined)!;
}

/** How many contacts match, and the first few by name (the form's preview picks). */
export async function audienceOf(db: DbOrTx, businessId: string, segment: Segment, now: number) {
  const t = contactsTable();
  const where = audienceWhere(businessId, segment, now);
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
    .select({ id: t.id!, fullName: t.fullName!, email: t.email! })
    .from(t)
    .where(and(eq(t.id!, contactId), eq(t.businessId!, businessId)))
    .limit(1);
  return row
    ? { id: row.id as string, fullName: row.fullName as string, email: (row.email as string | null) ?? '' }
    : null;
}
