/**
 * Reads of a business's side of payments: its transactions (filtered, with their refunds), its
 * payment links (with the payment of each), a link by its public token, and its connected
 * account. `tenant` is the caller's business, or null for an administrator, who sees all.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businesses } from '../../db/tables/core';
import type { TransactionsQuery } from './schemas';
import { connectAccounts, paymentLinks, paymentRefunds, paymentTransactions } from './tables';

const DAY_MS = 86_400_000;

type TxnRow = typeof paymentTransactions.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect;

function transactionFilters(tenant: string | null, q: TransactionsQuery): SQL | undefined {
  const where: SQL[] = [];
  if (tenant) where.push(eq(paymentTransactions.businessId, tenant));
  if (q.from !== undefined) where.push(gte(paymentTransactions.createdAt, new Date(q.from)));
  // `to` is a day included whole: everything before the next midnight (UTC).
  if (q.to !== undefined) where.push(sql`${paymentTransactions.createdAt} < ${new Date(q.to + DAY_MS)}`);
  if (q.status) where.push(eq(paymentTransactions.status, q.status));
  if (q.minAmount !== undefined) where.push(gte(paymentTransactions.amountCents, q.minAmount));
  if (q.maxAmount !== undefined) where.push(lte(paymentTransactions.amountCents, q.maxAmount));
  return where.length ? and(...where) : undefined;
}

/** One page of transactions, newest first, each with its refunds (oldest first). */
export async function transactionsPage(db: Db, tenant: string | null, q: TransactionsQuery) {
  const where = transactionFilters(tenant, q);
  const [total] = await db.select({ n: count() }).from(paymentTransactions).where(where);
  const rows = await db
    .select()
    .from(paymentTransactions)
    .where(where)
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const refunds = rows.length
    ? await db
        .select()
        .from(paymentRefunds)
        .where(
          inArray(
            paymentRefunds.transactionId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(paymentRefunds.createdAt))
    : [];
  const items: { transaction: TxnRow; refunds: RefundRow[] }[] = rows.map((transaction) => ({
    transaction,
    refunds: refunds.filter((r) => r.transactionId === transaction.id),
  }));
  return { items, total: total?.n ?? 0 };
}

/** A transaction the caller may see (its business's, or any for an administrator), or null. */
export async function transactionOf(db: Db, tenant: string | null, transactionId: string) {
  const [row] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId));
  if (!row || (tenant !== null && row.businessId !== tenant)) return null;
  return row;
}

export function refundsOf(db: Db, transactionId: string) {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, transactionId));
}

/** One page of payment links, newest first, each with the payment that paid it (if any). */
export async function linksPage(db: Db, tenant: string | null, page: number, perPage: number) {
  const where = tenant ? eq(paymentLinks.businessId, tenant) : undefined;
  const [total] = await db.select({ n: count() }).from(paymentLinks).where(where);
  const rows = await db
    .select()
    .from(paymentLinks)
    .where(where)
    .orderBy(desc(paymentLinks.createdAt))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const ids = rows.map((r) => r.id);
  const payments = ids.length
    ? await db
        .select()
        .from(paymentTransactions)
        .where(and(inArray(paymentTransactions.paymentLinkId, ids), eq(paymentTransactions.kind, 'payment_link')))
    : [];
  // A refused attempt did not pay the link.
  const paidBy = new Map(payments.filter((p) => p.status !== 'failed').map((p) => [p.paymentLinkId, p]));
  const items = rows.map((link) => ({ link, payment: paidBy.get(link.id) ?? null }));
  return { items, total: total?.n ?? 0 };
}

/**
 * A link's public token: 24 url-safe characters as made today, a little room either side. Anything
 * else is not a link, so it is answered as an unknown one (404), never as a mistake of the payer.
 */
export const isLinkToken = (token: string) => /^[\w-]{16,64}$/.test(token);

/** A link by its public token with the name of the business it pays, or null (a malformed token included). */
export async function linkByToken(db: Db, token: string) {
  if (!isLinkToken(token)) return null;
  const [row] = await db
    .select({ link: paymentLinks, businessName: businesses.companyName })
    .from(paymentLinks)
    .innerJoin(businesses, eq(businesses.id, paymentLinks.businessId))
    .where(eq(paymentLinks.publicToken, token));
  return row ?? null;
}

/** The business's connected account at this processor, or null. */
export async function connectAccountOf(db: Db, businessId: string, processor: string) {
  const [row] = await db
    .select()
    .from(connectAccounts)
    .where(and(eq(connectAccounts.businessId, businessId), eq(connectAccounts.processor, processor)));
  return row ?? null;
}
