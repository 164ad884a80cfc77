/**
 * stripe_connect, the Dashboard of CLUBOWNER, MOVER and USER (spec sections 2 and 7
 * "Business"): account status, create connected account, external account link (onboarding),
 * external accounts, account session, dashboard link, balances and payouts. With Stripe these
 * are the real Connect calls; with the local processor a simulated onboarding walks through
 * the same states: none → pending (created) → restricted (details submitted) → enabled.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { businesses, connectAccounts, users } from '../../db/schema';
import { caller } from '../../auth/access';
import { HttpError, conflict, forbidden, notFound } from '../../http/errors';
import { errorResponses, ok, okList } from '../../http/response';
import { LocalProcessor } from './processors/local';
import { CONNECT_ROLES, processorCall, publicOrigin, type PaymentDeps } from './deps';
import { idempotent } from './idempotency';
import { payoutBody } from './schemas';
import {
  accountSessionSchema,
  balanceSchema,
  balanceView,
  connectAccountSchema,
  connectAccountView,
  externalAccountSchema,
  payoutSchema,
  payoutView,
  paymentErrors,
  urlSchema,
} from './views';

/** The error answers of every Connect route: the common ones, no account yet (409), processor down (503). */
const connectErrors = { ...errorResponses, 409: paymentErrors[409], 503: paymentErrors[503] };

/** `userId` is accepted as the spec's clients send it; the caller's own business is always used. */
const userIdQuery = z.object({ userId: z.optional(z.string()) });

const connectRoutes: FastifyPluginAsyncZod<PaymentDeps> = async (app, { processor }) => {
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
      schema: {
        tags: ['Connect'],
        summary: "My business's connected account state",
        querystring: userIdQuery,
        response: { 200: ok(connectAccountSchema), ...connectErrors },
      },
      config: { access },
    },
    async (request) => {
      const { businessId } = caller(request);
      const row = businessId ? await accountOf(businessId) : null;
      const account = row ? await processorCall(request.log, () => processor.retrieveAccount(row.accountRef)) : null;
      return { result: connectAccountView(account, processor.name) };
    },
  );

  app.post(
    API.createConnectedAccount,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Create the connected (payout) account of my business',
        response: { 200: ok(connectAccountSchema), ...connectErrors },
      },
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
        return { result: connectAccountView(account, processor.name) };
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
        response: { 200: ok(urlSchema), ...connectErrors },
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
    {
      schema: {
        tags: ['Connect'],
        summary: 'Bank accounts payouts go to',
        response: { 200: okList(externalAccountSchema), ...connectErrors },
      },
      config: { access },
    },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      return { result: await processorCall(request.log, () => processor.externalAccounts(row.accountRef)) };
    },
  );

  app.get(
    API.accountSession,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Client secret for embedded Connect components',
        response: { 200: ok(accountSessionSchema), ...connectErrors },
      },
      config: { access },
    },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      return { result: await processorCall(request.log, () => processor.accountSession(row.accountRef)) };
    },
  );

  app.get(
    API.dashboardLink,
    {
      schema: {
        tags: ['Connect'],
        summary: "Link to the processor's dashboard for my account",
        response: { 200: ok(urlSchema), ...connectErrors },
      },
      config: { access },
    },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      return { result: { url: await processorCall(request.log, () => processor.dashboardLink(row.accountRef)) } };
    },
  );

  app.get(
    API.balances,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Available and pending balance (cents)',
        response: { 200: ok(balanceSchema), ...connectErrors },
      },
      config: { access },
    },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      return { result: balanceView(await processorCall(request.log, () => processor.balance(row.accountRef))) };
    },
  );

  app.get(
    API.payouts,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Recent payouts (newest first, up to 50)',
        response: { 200: okList(payoutSchema), ...connectErrors },
      },
      config: { access },
    },
    async (request) => {
      const row = await requireAccount(caller(request).businessId);
      const list = await processorCall(request.log, () => processor.listPayouts(row.accountRef, 50));
      return { result: list.map(payoutView) };
    },
  );

  app.post(
    API.payouts,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Pay out part of the available balance (Idempotency-Key honoured)',
        body: payoutBody,
        response: { 200: ok(payoutSchema), ...connectErrors },
      },
      config: { access },
    },
    async (request, reply) => {
      const me = caller(request);
      const { amount } = request.body;
      return idempotent(app, request, reply, me.userId, async (key) => {
        const row = await requireAccount(me.businessId);
        const payout = await processorCall(request.log, () => processor.createPayout(row.accountRef, amount, key));
        return { result: payoutView(payout) };
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
          response: {
            302: z.null().describe('Back to the app (the `Location` header)'),
            404: errorResponses[404],
          },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const { token } = request.params;
        const back = request.query.return ?? '/stripe_connect';
        // Only paths of this app: never an open redirect.
        const target = /^\/(?!\/)[\w\-/?=&.%]*$/.test(back) ? back : '/stripe_connect';
        if (!(await processor.completeOnboarding(token))) throw new HttpError(404, MESSAGES.notFound);
        return reply.redirect(target, 302);
      },
    );
  }
};
export default connectRoutes;
