/**
 * club_transaction_management (issue 5): the business's transactions with filters (date range,
 * status, amount), and refunds — full or partial, idempotent, never above what is left. The
 * bound is enforced by one conditional UPDATE (and again by the processor and a CHECK), so two
 * refunds racing cannot together exceed the captured amount. Another business's transaction
 * answers 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { invoices, paymentRefunds, paymentTransactions } from '../../db/schema';
import { caller, tenantOf } from '../../auth/access';
import { badRequest, conflict, notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, ok, okList } from '../../http/response';
import { MERCHANT_ROLES, processorCall, rowId, type PaymentDeps } from './deps';
import { idempotent } from './idempotency';
import { refundBody, transactionsQuery } from './schemas';
import { paymentErrors, refundView, refundedSchema, transactionSchema, transactionView } from './views';

const DAY_MS = 86_400_000;

const txnParams = z.object({ transactionId: z.string() });

const transactionsRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { processor }) => {
  const { db } = app.ctx.database;
  const access = { roles: MERCHANT_ROLES, tenant: true };

  app.get(
    API.transactions,
    {
      schema: {
        tags: ['Transactions'],
        summary: "My business's transactions (filters: from, to, status, minAmount, maxAmount in cents; paged)",
        querystring: transactionsQuery,
        response: { 200: okList(transactionSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request, reply) => {
      const q = request.query;
      const tenant = tenantOf(request);
      const where: SQL[] = [];
      if (tenant) where.push(eq(paymentTransactions.businessId, tenant));
      if (q.from !== undefined) where.push(gte(paymentTransactions.createdAt, new Date(q.from)));
      if (q.to !== undefined) where.push(sql`${paymentTransactions.createdAt} < ${new Date(q.to + DAY_MS)}`);
      if (q.status) where.push(eq(paymentTransactions.status, q.status));
      if (q.minAmount !== undefined) where.push(gte(paymentTransactions.amountCents, q.minAmount));
      if (q.maxAmount !== undefined) where.push(lte(paymentTransactions.amountCents, q.maxAmount));
      const cond = where.length ? and(...where) : undefined;
      const [total] = await db.select({ n: count() }).from(paymentTransactions).where(cond);
      const rows = await db
        .select()
        .from(paymentTransactions)
        .where(cond)
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
      return paged(
        reply,
        rows.map((r) =>
          transactionView(
            r,
            refunds.filter((x) => x.transactionId === r.id),
          ),
        ),
        q.page,
        q.perPage,
        total?.n ?? 0,
      );
    },
  );

  app.post(
    API.refundTransaction,
    {
      schema: {
        tags: ['Transactions'],
        summary: 'Refund a transaction, fully (no amount) or partly (amount in cents); Idempotency-Key honoured',
        params: txnParams,
        body: refundBody,
        response: { 200: ok(refundedSchema), ...errorResponses, 409: paymentErrors[409], 503: paymentErrors[503] },
      },
      config: { access },
    },
    async (request, reply) => {
      const me = caller(request);
      const transactionId = rowId(request.params.transactionId);
      const input = request.body;
      return idempotent(app, request, reply, me.userId, async (key) => {
        const tenant = tenantOf(request);
        const [txn] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId));
        if (!txn || (tenant !== null && txn.businessId !== tenant)) throw notFound();
        if ((txn.status !== 'succeeded' && txn.status !== 'partially_refunded') || !txn.processorChargeId) {
          throw conflict(MESSAGES.refundNotAllowed);
        }
        const remaining = txn.amountCents - txn.refundedCents;
        const amount = input.amount ?? remaining;
        if (amount <= 0 || amount > remaining)
          throw badRequest(MESSAGES.refundTooLarge, { amount: MESSAGES.refundTooLarge });
        // Reserve the amount first: a concurrent refund sees it taken and is refused.
        const [reserved] = await db
          .update(paymentTransactions)
          .set({ refundedCents: sql`${paymentTransactions.refundedCents} + ${amount}` })
          .where(
            and(
              eq(paymentTransactions.id, txn.id),
              sql`${paymentTransactions.refundedCents} + ${amount} <= ${paymentTransactions.amountCents}`,
            ),
          )
          .returning();
        if (!reserved) throw badRequest(MESSAGES.refundTooLarge, { amount: MESSAGES.refundTooLarge });
        let refund;
        try {
          refund = await processorCall(request.log, () =>
            processor.refund({ chargeId: txn.processorChargeId!, amountCents: amount, idempotencyKey: key }),
          );
        } catch (error) {
          await db
            .update(paymentTransactions)
            .set({ refundedCents: sql`${paymentTransactions.refundedCents} - ${amount}` })
            .where(eq(paymentTransactions.id, txn.id));
          throw error;
        }
        const status = reserved.refundedCents >= reserved.amountCents ? 'refunded' : 'partially_refunded';
        const [updated] = await db
          .update(paymentTransactions)
          .set({
            status: sql`case when ${paymentTransactions.refundedCents} >= ${paymentTransactions.amountCents} then 'refunded' else 'partially_refunded' end`,
          })
          .where(eq(paymentTransactions.id, txn.id))
          .returning();
        const [row] = await db
          .insert(paymentRefunds)
          .values({
            transactionId: txn.id,
            amountCents: amount,
            status: refund.status,
            processorRefundId: refund.id,
            reason: input.reason || null,
            createdBy: me.userId,
            createdAt: new Date(app.ctx.now()),
          })
          .returning();
        if (status === 'refunded' && txn.kind === 'subscription') {
          await db.update(invoices).set({ status: 'refunded' }).where(eq(invoices.transactionId, txn.id));
        }
        const refunds = await db.select().from(paymentRefunds).where(eq(paymentRefunds.transactionId, txn.id));
        return { result: { refund: refundView(row!), transaction: transactionView(updated!, refunds) } };
      });
    },
  );
};
export default transactionsRoutes;
