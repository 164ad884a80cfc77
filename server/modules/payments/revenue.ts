/**
 * The dashboard's revenue: what a business actually received through the payment processor,
 * per day of its time zone (src/domain/home/dashboard.ts says why only this counts).
 *
 * One aggregate over payment_transactions_business_idx (business_id, created_at): the days
 * are cut by PostgreSQL in the business's zone, so a charge at 23:30 local lands on its own
 * day whatever the server's zone, and daylight-saving days have their real length.
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { RevenueDay } from '../../../src/domain/home/dashboard';
import { addDays } from '../../../src/domain/venue/opening-hours';
import type { Db } from '../../db/client';
import { paymentTransactions } from './tables';

/**
 * Charges that brought money in; 'refunded' nets to zero and 'failed' never did. A held refund
 * ('refund_pending') is counted out already: its money is on its way back.
 */
const RECEIVED = ['succeeded', 'partially_refunded', 'refund_pending'];

/**
 * Net cents received on each of `days` days ending with `today` (YYYY-MM-DD), oldest first,
 * every day present (0 when nothing came in). `from`/`to` are the window's instants.
 */
export async function revenueByDay(
  db: Db,
  businessId: string,
  timeZone: string,
  window: { today: string; days: number; from: Date; to: Date },
): Promise<{ totalCents: number; days: RevenueDay[] }> {
  const t = paymentTransactions;
  const day = sql<string>`to_char(${t.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, cents: sql<number>`sum(${t.amountCents} - ${t.refundedCents})`.mapWith(Number) })
    .from(t)
    .where(
      and(
        eq(t.businessId, businessId),
        gte(t.createdAt, window.from),
        lt(t.createdAt, window.to),
        inArray(t.status, RECEIVED),
      ),
    )
    // By position: the zone travels as a parameter, and PostgreSQL would not see two copies of
    // the expression (with different parameter numbers) as the same grouping.
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.day, r.cents]));
  const days: RevenueDay[] = [];
  for (let i = window.days - 1; i >= 0; i--) {
    const d = addDays(window.today, -i);
    days.push({ day: d, cents: byDay.get(d) ?? 0 });
  }
  return { totalCents: days.reduce((sum, d) => sum + d.cents, 0), days };
}
