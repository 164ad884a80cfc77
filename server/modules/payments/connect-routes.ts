/**
 * stripe_connect, the Dashboard of CLUBOWNER, MOVER and USER (spec sections 2 and 7
 * "Business"): account status, create connected account, external account link (onboarding),
 * external accounts, account session, dashboard link, balances and payouts. With Stripe these
 * are the real Connect calls; with the local processor a simulated onboarding walks through
 * the same states: none → pending (created) → restricted (details submitted) → enabled.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { formatUsd } from '../../../src/domain/payments/money';
import { businesses, connectAccounts, users } from '../../db/schema';
import { caller } from '../../auth/access';
import { HttpError, conflict, forbidden, notFound } from '../../http/errors';
import { LocalProcessor } from './processors/local';
import { CONNECT_ROLES, processorCall, publicOrigin, type PaymentDeps } from './deps';
import { idempotent } from './idempotency';
import { payoutBody } from './schemas';

/** `userId` is accepted as the spec's clients send it; the caller's own business is always used. */
const userIdQuery = z.object({ userId: z.optional(z.string()) });

export default async function connectRoutes(app: FastifyInstance, { processor }: PaymentDeps) {
  const { db } = app.ctx.database;
  const access = { roles: CONNECT_ROLES, tenant: true };

  async function accountOf(businessId: string) {
    const [row] = await db
      .select()
      .from(connectAccounts)
      .where(and(eq(connectAccounts.businessId, businessId), eq(connectAccounts.processor, processor.name)));
    return row ?? null;
  }

  async function requireAccount(businessId: string | null) {
    if (!businessId) throw forbidden();
    const row = await accountOf(businessId);
    if (!row) throw conflict(MESSAGES.connectAccountMissing);
    return row;
  }

  app.get(
    API.accountStatus,
    {
      schema: { tags: ['Connect'], summary: "My business's connected account state", querystring: userIdQuery },
      config: { access },
    },
    async (request) => {
      const { businessId } = caller(request);
      const row = businessId ? await accountOf(businessId) : null;
      if (!row) {
        return {
          result: {
            accountId: null,
            status: 'none',
            detailsSubmitted: false,
            chargesEnabled: false,
            payoutsEnabled: false,
            requirements: [],
            processor: processor.name,
          },
        };
      }
      const account = await processorCall(request.log, () => processor.retrieveAccount(row.accountRef));
      return { result: { ...account, accountId: account.id, processor: processor.name } };
    },
  );

  app.post(
    API.createConnectedAccount,
    {
      schema: { tags: ['Connect'], summary: 'Create the connected (payout) account of my business' },
      config: { access },
    },
    async (request, reply) => {
      const me = caller(request);
      if (!me.businessId) throw forbidden();
      return idempotent(app, request, reply, me.userId, async () => {
        if (await accountOf(me.businessId!)) throw conflict(MESSAGES.connectAccountExists);
        const [business] = await db.select().from(businesses).where(eq(businesses.id, me.businessId!));
        const [user] = await db.select().from(users).where(eq(users.id, me.userId));
        if (!business || !user) throw notFound();
        const account = await processorCall(request.log, () =>
          processor.createAccount({ businessId: business.id, email: user.email, companyName: business.companyName }),
        );
        const [inserted] = await db
          .insert(connectAccounts)
          .values({
            businessId: business.id,
            processor: processor.name,
            accountRef: account.id,
            createdAt: new Date(app.ctx.now()),
          })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw conflict(MESSAGES.connectAccountExists);
        return { result: { ...account, accountId: account.id, processor: processor.name } };
      });
    },
  );

  app.get(
    API.externalAccountLink,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Onboarding link (where the owner enters business and bank details)',
        querystring: userIdQuery,
      },
      config: { access },
    },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      const origin = publicOrigin(app.ctx.config.appUrl, request);
      const url = await processorCall(request.log, () =>
        processor.accountLink(row.accountRef, {
          refreshUrl: `${origin}/stripe_connect?onboarding=refresh`,
          returnUrl:
            processor.name === 'local'
              ? '/stripe_connect?onboarding=return'
              : `${origin}/stripe_connect?onboarding=return`,
        }),
      );
      return { result: { url } };
    },
  );

  app.get(
    API.externalAccounts,
    { schema: { tags: ['Connect'], summary: 'Bank accounts payouts go to' }, config: { access } },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      return { result: await processorCall(request.log, () => processor.externalAccounts(row.accountRef)) };
    },
  );

  app.get(
    API.accountSession,
    { schema: { tags: ['Connect'], summary: 'Client secret for embedded Connect components' }, config: { access } },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      return { result: await processorCall(request.log, () => processor.accountSession(row.accountRef)) };
    },
  );

  app.get(
    API.dashboardLink,
    { schema: { tags: ['Connect'], summary: "Link to the processor's dashboard for my account" }, config: { access } },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      return { result: { url: await processorCall(request.log, () => processor.dashboardLink(row.accountRef)) } };
    },
  );

  app.get(
    API.balances,
    { schema: { tags: ['Connect'], summary: 'Available and pending balance (cents)' }, config: { access } },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      const b = await processorCall(request.log, () => processor.balance(row.accountRef));
      return {
        result: {
          available: b.availableCents,
          pending: b.pendingCents,
          availableLabel: formatUsd(b.availableCents),
          pendingLabel: formatUsd(b.pendingCents),
          currency: 'USD',
        },
      };
    },
  );

  app.get(
    API.payouts,
    { schema: { tags: ['Connect'], summary: 'Recent payouts (newest first, up to 50)' }, config: { access } },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      const list = await processorCall(request.log, () => processor.listPayouts(row.accountRef, 50));
      return { result: list.map((p) => ({ ...p, amount: p.amountCents, amountLabel: formatUsd(p.amountCents) })) };
    },
  );

  app.post(
    API.payouts,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Pay out part of the available balance (Idempotency-Key honoured)',
        body: payoutBody,
      },
      config: { access },
    },
    async (request, reply) => {
      const me = caller(request);
      const { amount } = request.body as { amount: number };
      return idempotent(app, request, reply, me.userId, async (key) => {
        const row = await requireAccount(me.businessId);
        const payout = await processorCall(request.log, () => processor.createPayout(row.accountRef, amount, key));
        return { result: { ...payout, amount: payout.amountCents, amountLabel: formatUsd(payout.amountCents) } };
      });
    },
  );

  // The local processor's onboarding "page": following the link submits the simulated details.
  if (processor instanceof LocalProcessor) {
    app.get(
      API.localOnboarding,
      {
        schema: {
          tags: ['Connect'],
          summary: 'Local processor only: complete the simulated onboarding and go back to the app',
          params: z.object({ token: z.string() }),
          querystring: z.object({ return: z.optional(z.string()) }),
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const { token } = request.params as { token: string };
        const back = (request.query as { return?: string }).return ?? '/stripe_connect';
        // Only paths of this app: never an open redirect.
        const target = /^\/(?!\/)[\w\-/?=&.%]*$/.test(back) ? back : '/stripe_connect';
        if (!(await processor.completeOnboarding(token))) throw new HttpError(404, MESSAGES.notFound);
        return reply.redirect(target, 302);
      },
    );
  }
}
