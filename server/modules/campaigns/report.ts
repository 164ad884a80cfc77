/**
 * A campaign's report: how many of its recipients were sent, delivered, opened, clicked,
 * bounced, unsubscribed and complained (each counted once per recipient, from the recipient
 * rows the events mark), what is still queued or was skipped, and the same per hour since the
 * send started — read live while it sends.
 */
import { eq, sql } from 'drizzle-orm';
import { insideWindow, sendWindowOf } from '../../../src/domain/campaigns/rules';
import type { CampaignReport } from '../../../src/domain/campaigns/wire';
import { zonedParts } from '../../../src/domain/venue/opening-hours';
import type { DbOrTx } from '../../db/client';
import type { Campaign } from './campaign-service';
import { campaignRecipients as r } from './tables';

const n = (column: unknown) => sql<number>`count(${column})::int`;

/**
 * An A/B campaign's part of the report: per subject what its test group was sent, opened and
 * clicked (the rest, sent the winner's subject later, has no variant and counts in the totals).
 */
async function abPart(db: DbOrTx, campaign: Campaign): Promise<CampaignReport['ab']> {
  if (!campaign.subjectB) return null;
  const rows = await db
    .select({
      variant: r.variant,
      sent: n(r.sentAt),
      opened: n(r.openedAt),
      clicked: n(r.clickedAt),
      held: sql<number>`count(*) filter (where ${r.status} = 'held')::int`,
    })
    .from(r)
    .where(eq(r.campaignId, campaign.id))
    .groupBy(r.variant);
  const of = (v: 'a' | 'b') => rows.find((x) => x.variant === v);
  const decidesAt = campaign.startedAt
    ? new Date(campaign.startedAt.getTime() + (campaign.abWaitHours ?? 0) * 3_600_000).toISOString()
    : null;
  return {
    variants: (['a', 'b'] as const).map((variant) => ({
      variant,
      subject: variant === 'a' ? campaign.subject : campaign.subjectB!,
      sent: Number(of(variant)?.sent ?? 0),
      opened: Number(of(variant)?.opened ?? 0),
      clicked: Number(of(variant)?.clicked ?? 0),
    })),
    held: rows.reduce((sum, x) => sum + Number(x.held), 0),
    winner: campaign.abWinner,
    decidesAt,
  };
}

export async function campaignReport(
  db: DbOrTx,
  campaign: Campaign,
  at: { now: number; timeZone: string },
): Promise<CampaignReport> {
  const [totals] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${r.status} = 'queued')::int`,
      skipped: sql<number>`count(*) filter (where ${r.status} = 'skipped')::int`,
      sent: n(r.sentAt),
      delivered: n(r.deliveredAt),
      opened: n(r.openedAt),
      clicked: n(r.clickedAt),
      bounced: n(r.bouncedAt),
      unsubscribed: n(r.unsubscribedAt),
      complained: n(r.complainedAt),
    })
    .from(r)
    .where(eq(r.campaignId, campaign.id));
  const hour = (column: unknown) => sql`date_trunc('hour', ${column})`;
  const series = await db.execute<{ hour: Date | string; sent: number; opened: number; clicked: number }>(sql`
    select h as hour,
      count(*) filter (where kind = 's')::int as sent,
      count(*) filter (where kind = 'o')::int as opened,
      count(*) filter (where kind = 'c')::int as clicked
    from (
      select ${hour(r.sentAt)} as h, 's' as kind from ${r} where ${r.campaignId} = ${campaign.id} and ${r.sentAt} is not null
      union all
      select ${hour(r.openedAt)}, 'o' from ${r} where ${r.campaignId} = ${campaign.id} and ${r.openedAt} is not null
      union all
      select ${hour(r.clickedAt)}, 'c' from ${r} where ${r.campaignId} = ${campaign.id} and ${r.clickedAt} is not null
    ) e group by h order by h limit 500`);
  const t = totals!;
  const window = sendWindowOf(campaign);
  const ab = await abPart(db, campaign);
  return {
    outsideWindow: !insideWindow(window, zonedParts(at.now, at.timeZone).minutes),
    ab,
    status: campaign.status,
    audienceSize: campaign.audienceSize,
    queued: Number(t.queued),
    skipped: Number(t.skipped),
    counts: {
      sent: Number(t.sent),
      delivered: Number(t.delivered),
      opened: Number(t.opened),
      clicked: Number(t.clicked),
      bounced: Number(t.bounced),
      unsubscribed: Number(t.unsubscribed),
      complained: Number(t.complained),
    },
    series: series.rows.map((row) => ({
      hour: new Date(row.hour).toISOString(),
      sent: Number(row.sent),
      opened: Number(row.opened),
      clicked: Number(row.clicked),
    })),
  };
}
