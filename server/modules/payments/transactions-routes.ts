/**
 * club_transaction_management: the business's transactions with filters (date range, status,
 * amount), and refunds — full or partial, idempotent, never above what is left (the ledger
 * says how). Another business's transaction answers 404.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { caller, tenantOf } from '../../auth/access';
import { paged } from '../../http/paging';
import { errorResponses, ok, okList } from '../../http/response';
import { MERCHANT_ROLES, rowId } from './deps';
import { idempotent } from './idempotency';
import { transactionsPage } from './merchant-queries';
import { refundBody, transactionsQuery } from './schemas';
import type { PaymentServices } from './services';
import { paymentErrors, refundView, refundedSchema, transactionSchema, transactionView } from './views';

const transactionsRoutes: FastifyPluginAsyncZod<PaymentServices> = async (app, { ledger, env: { db } }) => {
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
      const { items, total } = await transactionsPage(db, tenantOf(request), q);
      const rows = items.map(({ transaction, refunds }) => transactionView(transaction, refunds));
      return paged(reply, rows, q.page, q.perPage, total);
    },
  );

  app.post(
    API.refundTransaction,
    {
      schema: {
        tags: ['Transactions'],
        summary: 'Refund a transaction, fully (no amount) or partly (amount in cents); Idempotency-Key honoured',
        params: z.object({ transactionId: z.string() }),
        body: refundBody,
        response: { 200: ok(refundedSchema), ...errorResponses, 409: paymentErrors[409], 503: paymentErrors[503] },
      },
      config: { access },
    },
    async (request, reply) => {
      const me = caller(request);
      const transactionId = rowId(request.params.transactionId);
      return idempotent(app, request, reply, me.userId, async (idempotencyKey) => {
        const done = await ledger.refund({
          transactionId,
          tenant: tenantOf(request),
          amountCents: request.body.amount,
          reason: request.body.reason,
          by: me.userId,
          idempotencyKey,
          log: request.log,
        });
        return {
          result: { refund: refundView(done.refund), transaction: transactionView(done.transaction, done.refunds) },
        };
      });
    },
  );
};
export default transactionsRoutes;
