/**
 * What comes back from a sent mail: opens (the pixel), clicks (the redirect), unsubscribes (the
 * link, the one-click POST) and the provider's notifications (webhook.ts). Each marks the
 * recipient's row (the report counts those) and, the first time, adds a row to the business's
 * email events (src/resources/email-events, email_events_management). Unsubscribed, bounced and
 * complained addresses go on the business's suppression list in the same transaction.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import emailEventsResource from '../../../src/resources/email-events/resource';
import type { DbOrTx } from '../../db/client';
import { tableOf } from '../../resources/tables';
import { campaignRecipients, campaigns, emailSuppressions, type SuppressionReason } from './tables';

export type EventKind = 'opened' | 'clicked' | 'delivered' | 'bounced' | 'complained' | 'unsubscribed';
const COLUMN = {
  opened: 'openedAt',
  clicked: 'clickedAt',
  delivered: 'deliveredAt',
  bounced: 'bouncedAt',
  complained: 'complainedAt',
  unsubscribed: 'unsubscribedAt',
} as const;

export interface RecipientRef {
  id: string;
  businessId: string;
  email: string;
  subject: string;
  campaignId: string;
}

export async function recipientOf(db: DbOrTx, id: string): Promise<RecipientRef | null> {
  const [row] = await db
    .select({
      id: campaignRecipients.id,
      businessId: campaignRecipients.businessId,
      email: campaignRecipients.email,
      subject: campaigns.subject,
      campaignId: campaigns.id,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(eq(campaignRecipients.id, id));
  return row ?? null;
}

/** Marks the event on the recipient; the first time, also as an email event. Answers whether it was the first. */
export async function markEvent(tx: DbOrTx, r: RecipientRef, kind: EventKind, at: Date): Promise<boolean> {
  const column = COLUMN[kind];
  const first = await tx
    .update(campaignRecipients)
    .set({ [column]: at })
    .where(and(eq(campaignRecipients.id, r.id), isNull(campaignRecipients[column])))
    .returning({ id: campaignRecipients.id });
  if (!first.length) return false;
  // The email events list knows sent…complained; an unsubscribe is the suppression list's.
  if (kind !== 'unsubscribed')
    await tx.insert(tableOf(emailEventsResource.name)).values({
      businessId: r.businessId,
      recipient: r.email,
      subject: r.subject,
      event: kind,
      occurredAt: at,
    });
  return true;
}

/**
 * Puts the address on the business's suppression list. A soft bounce only counts: the second
 * one suppresses (hard bounce 1, soft bounce 2, complaint 1, unsubscribe 1).
 */
export async function suppress(
  tx: DbOrTx,
  businessId: string,
  email: string,
  reason: SuppressionReason | 'soft-bounce',
  at: Date,
) {
  const s = emailSuppressions;
  const soft = reason === 'soft-bounce';
  await tx
    .insert(s)
    .values({
      businessId,
      email,
      reason: soft ? null : reason,
      softBounces: soft ? 1 : 0,
      suppressedAt: soft ? null : at,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [s.businessId, s.email],
      set: soft
        ? {
            softBounces: sql`${s.softBounces} + 1`,
            reason: sql`coalesce(${s.reason}, case when ${s.softBounces} + 1 >= 2 then 'bounced' end)`,
            suppressedAt: sql`coalesce(${s.suppressedAt}, case when ${s.softBounces} + 1 >= 2 then ${at.toISOString()}::timestamptz end)`,
            updatedAt: at,
          }
        : {
            reason: sql`coalesce(${s.reason}, ${reason})`,
            suppressedAt: sql`coalesce(${s.suppressedAt}, ${at.toISOString()}::timestamptz)`,
            updatedAt: at,
          },
    });
}

export async function isSuppressed(db: DbOrTx, businessId: string, email: string) {
  const s = emailSuppressions;
  const [row] = await db
    .select({ at: s.suppressedAt })
    .from(s)
    .where(and(eq(s.businessId, businessId), eq(s.email, email)));
  return Boolean(row?.at);
}
