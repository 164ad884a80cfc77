/**
 * Payment links (spec section 7 "POST checkout session", "GET payment links"; issue 5): a
 * business creates a link for an amount and description; anyone with its URL pays it once,
 * logged out, with a card that goes through the same processor; the payment is recorded as a
 * transaction of that business and the owner's list shows the link paid. Another business's
 * links answer 404 / are not listed.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { pagingQuery } from '../../../src/domain/schemas/common';
import { makeAddCardPayloadSchema } from '../../../src/domain/payments/card-schema';
import { formatUsd } from '../../../src/domain/payments/money';
import { detectCardBrand, last4 } from '../../../src/domain/payments/card-number';
import { businesses, connectAccounts, paymentLinks, paymentTransactions } from '../../db/schema';
import { caller, tenantOf } from '../../auth/access';
import { conflict, forbidden, notFound } from '../../http/errors';
import { paged } from '../../http/paging';
import { errorResponses, ok, okList } from '../../http/response';
import { CardError } from './processors/types';
import { MERCHANT_ROLES, cardRefused, processorCall, publicOrigin, type PaymentDeps } from './deps';
import { idempotent } from './idempotency';
import { checkoutSessionBody } from './schemas';
import {
  linkPaymentSchema,
  linkSchema,
  linkView,
  paymentErrors,
  publicLinkSchema,
  publicLinkView,
  withMessage,
} from './views';

const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, MESSAGES.notFound) });

const paymentLinksRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { processor }) => {
  const { db } = app.ctx.database;
  const access = { roles: MERCHANT_ROLES, tenant: true };
  const payBody = makeAddCardPayloadSchema(() => app.ctx.now());

  app.post(
    API.checkoutSession,
    {
      schema: {
        tags: ['Payment links'],
        summary: 'Create a payment link (amount in cents, description); answers its public pay URL',
        body: checkoutSessionBody,
        response: { 200: ok(linkSchema), ...errorResponses, 409: paymentErrors[409] },
      },
      config: { access },
    },
    async (request, reply) => {
      const me = caller(request);
      if (!me.businessId) throw forbidden();
      const input = request.body;
      return idempotent(app, request, reply, me.userId, async () => {
        const [row] = await db
          .insert(paymentLinks)
          .values({
            businessId: me.businessId!,
            createdBy: me.userId,
            publicToken: randomBytes(18).toString('base64url'),
            amountCents: input.amount,
            description: input.description,
            createdAt: new Date(app.ctx.now()),
          })
          .returning();
        return { result: linkView(row!, publicOrigin(app.ctx.config.appUrl, request), null) };
      });
    },
  );

  app.get(
    API.paymentLinks,
    {
      schema: {
        tags: ['Payment links'],
        summary: "My business's payment links, newest first (paged)",
        querystring: pagingQuery,
        response: { 200: okList(linkSchema), ...errorResponses },
      },
      config: { access },
    },
    async (request, reply) => {
      const { page, perPage } = request.query;
      const tenant = tenantOf(request);
      const where: SQL | undefined = tenant ? eq(paymentLinks.businessId, tenant) : undefined;
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
      const paidBy = new Map(payments.filter((p) => p.status !== 'failed').map((p) => [p.paymentLinkId, p]));
      const origin = publicOrigin(app.ctx.config.appUrl, request);
      return paged(
        reply,
        rows.map((r) => linkView(r, origin, paidBy.get(r.id) ?? null)),
        page,
        perPage,
        total?.n ?? 0,
      );
    },
  );

  async function publicLink(token: string) {
    const [row] = await db
      .select({ link: paymentLinks, businessName: businesses.companyName })
      .from(paymentLinks)
      .innerJoin(businesses, eq(businesses.id, paymentLinks.businessId))
      .where(eq(paymentLinks.publicToken, token));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    API.publicPaymentLink,
    {
      schema: {
        tags: ['Payment links'],
        summary: 'Public: what a payment link asks for (no sign-in)',
        params: tokenParams,
        response: { 200: ok(publicLinkSchema), 400: errorResponses[400], 404: errorResponses[404] },
      },
      config: { access: 'public' },
    },
    async (request) => {
      const { link, businessName } = await publicLink(request.params.token);
      return { result: publicLinkView(link, businessName) };
    },
  );

  app.post(
    API.publicPaymentLinkPay,
    {
      schema: {
        tags: ['Payment links'],
        summary: 'Public: pay a link with a card (the add-card payload; Idempotency-Key honoured)',
        params: tokenParams,
        body: payBody,
        response: {
          200: withMessage(linkPaymentSchema),
          400: errorResponses[400],
          404: errorResponses[404],
          ...paymentErrors,
        },
      },
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { token } = request.params;
      const input = request.body;
      return idempotent(app, request, reply, `public:${token}`, async (key) => {
        const { link } = await publicLink(token);
        if (link.status === 'paid') throw conflict(MESSAGES.paymentLinkPaid);
        if (link.status === 'inactive') throw conflict(MESSAGES.paymentLinkInactive);
        // Claim the link so two different payers cannot both pay it.
        const [claimed] = await db
          .update(paymentLinks)
          .set({ status: 'processing' })
          .where(and(eq(paymentLinks.id, link.id), eq(paymentLinks.status, 'active')))
          .returning();
        if (!claimed) throw conflict(MESSAGES.paymentLinkPaid);
        const release = () => db.update(paymentLinks).set({ status: 'active' }).where(eq(paymentLinks.id, link.id));
        const now = app.ctx.now();
        const record = (values: Partial<typeof paymentTransactions.$inferInsert>) =>
          db
            .insert(paymentTransactions)
            .values({
              businessId: link.businessId,
              kind: 'payment_link',
              paymentLinkId: link.id,
              description: link.description,
              amountCents: link.amountCents,
              processor: processor.name,
              payerName: input.cardholderName,
              createdAt: new Date(now),
              status: 'failed',
              ...values,
            })
            .returning();
        try {
          const [account] = await db
            .select()
            .from(connectAccounts)
            .where(and(eq(connectAccounts.businessId, link.businessId), eq(connectAccounts.processor, processor.name)));
          // Money goes to the business's connected account once it can take it; before
          // onboarding is complete the platform keeps it (Stripe refuses transfers otherwise).
          const destination =
            account && (await processor.retrieveAccount(account.accountRef)).chargesEnabled ? account.accountRef : null;
          const card = await processor.tokenizeCard(
            {
              number: input.number,
              expMonth: input.expMonth,
              expYear: input.expYear,
              cvc: input.cvc,
              name: input.cardholderName,
              address: {
                line1: input.addressLine1,
                line2: input.addressLine2 || null,
                city: input.city,
                state: input.state.toUpperCase(),
                postalCode: input.zipCode,
                country: 'US',
              },
            },
            { idempotencyKey: key },
          );
          const charge = await processor.charge({
            amountCents: link.amountCents,
            description: link.description,
            cardToken: card.token,
            destinationAccount: destination,
            idempotencyKey: key,
            metadata: { paymentLinkId: link.id, businessId: link.businessId },
          });
          const [txn] = await record({
            status: 'succeeded',
            amountCents: charge.capturedCents,
            processorChargeId: charge.id,
            cardBrand: card.brand,
            cardLast4: card.last4,
          });
          await db
            .update(paymentLinks)
            .set({ status: 'paid', paidAt: new Date(now) })
            .where(eq(paymentLinks.id, link.id));
          return {
            result: {
              transactionId: txn!.id,
              status: 'paid' as const,
              amount: charge.capturedCents,
              amountLabel: formatUsd(charge.capturedCents),
              cardBrand: card.brand,
              cardLast4: card.last4,
            },
            message: MESSAGES.paymentSucceeded,
          };
        } catch (error) {
          await release();
          if (error instanceof CardError) {
            // A refused attempt is part of the business's history (status 'failed'); only the
            // brand and last 4 of the number are kept.
            await record({
              cardBrand: detectCardBrand(input.number),
              cardLast4: last4(input.number),
              failureCode: error.code,
              failureMessage: error.message,
            });
            throw cardRefused(error);
          }
          return processorCall(request.log, () => Promise.reject(error), 'number');
        }
      });
    },
  );
};
export default paymentLinksRoutes;
