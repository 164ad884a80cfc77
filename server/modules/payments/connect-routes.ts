/**
 * stripe_connect, the Dashboard of CLUBOWNER, MOVER and USER (the product brief, section 2,
 * Screens and routes, and section 7, The calls it makes: "Business"): account status, create
 * the connected account, onboarding link, external accounts, account session, dashboard link,
 * balances and payouts, all on the caller's own business (connect-service.ts).
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import * as z from 'zod';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { caller } from '../../auth/access';
import { HttpError, forbidden } from '../../http/errors';
import { errorResponses, ok, okList } from '../../http/response';
import { CONNECT_ROLES } from './deps';
import { publicOrigin } from '../../http/public-origin';
import { idempotent } from './idempotency';
import { LocalProcessor } from './processors/local';
import { payoutBody } from './schemas';
import type { PaymentServices } from './services';
import { balanceView, connectAccountView, payoutView, paymentErrors } from './views';
import {
  accountSessionAnswer,
  balanceAnswer,
  bankAccountAnswer,
  connectAccountAnswer,
  linkAnswer,
  payoutAnswer,
} from '../../../src/domain/payments/connect-wire';

/** `userId` is accepted as the product brief's clients send it; the caller's own business is always used. */
const userIdQuery = z.object({ userId: z.optional(z.string()) });

/** The error answers of every Connect route: the common ones, no account yet (409), processor down (503). */
const connectErrors = { ...errorResponses, 409: paymentErrors[409], 503: paymentErrors[503] };

const connectRoutes: FastifyPluginAsyncZod<PaymentServices> = async (app, { connect, processor }) => {
  const access = { roles: CONNECT_ROLES, tenant: true };

  app.get(
    API.accountStatus,
    {
      schema: {
        tags: ['Connect'],
        summary: "My business's connected account state",
        querystring: userIdQuery,
        response: { 200: ok(connectAccountAnswer), ...errorResponses, 503: paymentErrors[503] },
      },
      config: { access },
    },
    async (request) => {
      const account = await connect.status(caller(request).businessId, request.log);
      return { result: connectAccountView(account, processor.name) };
    },
  );

  app.post(
    API.createConnectedAccount,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Create the connected (payout) account of my business',
        response: { 200: ok(connectAccountAnswer), ...connectErrors },
      },
      config: { access },
    },
    async (request, reply) => {
      const { userId, businessId } = caller(request);
      if (!businessId) throw forbidden();
      return idempotent(app, request, reply, userId, async () => {
        const account = await connect.create(businessId, userId, request.log);
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
        response: { 200: ok(linkAnswer), ...connectErrors },
      },
      config: { access },
    },
    async (request) => {
      const origin = publicOrigin(app.ctx.config, request);
      // The local onboarding page is served by this API, so it returns to an app path.
      const returnPath = '/stripe_connect?onboarding=return';
      const url = await connect.withAccount(caller(request).businessId, request.log, (ref) =>
        processor.accountLink(ref, {
          refreshUrl: `${origin}/stripe_connect?onboarding=refresh`,
          returnUrl: processor.name === 'local' ? returnPath : `${origin}${returnPath}`,
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
        response: { 200: okList(bankAccountAnswer), ...connectErrors },
      },
      config: { access },
    },
    async (request) => ({
      result: await connect.withAccount(caller(request).businessId, request.log, (ref) =>
        processor.externalAccounts(ref),
      ),
    }),
  );

  app.get(
    API.accountSession,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Client secret for embedded Connect components',
        response: { 200: ok(accountSessionAnswer), ...connectErrors },
      },
      config: { access },
    },
    async (request) => ({
      result: await connect.withAccount(caller(request).businessId, request.log, (ref) =>
        processor.accountSession(ref),
      ),
    }),
  );

  app.get(
    API.dashboardLink,
    {
      schema: {
        tags: ['Connect'],
        summary: "Link to the processor's dashboard for my account",
        response: { 200: ok(linkAnswer), ...connectErrors },
      },
      config: { access },
    },
    async (request) => ({
      result: {
        url: await connect.withAccount(caller(request).businessId, request.log, (ref) => processor.dashboardLink(ref)),
      },
    }),
  );

  app.get(
    API.balances,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Available and pending balance (cents)',
        response: { 200: ok(balanceAnswer), ...connectErrors },
      },
      config: { access },
    },
    async (request) => ({
      result: balanceView(
        await connect.withAccount(caller(request).businessId, request.log, (ref) => processor.balance(ref)),
      ),
    }),
  );

  app.get(
    API.payouts,
    {
      schema: {
        tags: ['Connect'],
        summary: 'Recent payouts (newest first, up to 50)',
        response: { 200: okList(payoutAnswer), ...connectErrors },
      },
      config: { access },
    },
    async (request) => {
      const list = await connect.withAccount(caller(request).businessId, request.log, (ref) =>
        processor.listPayouts(ref, 50),
      );
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
        response: { 200: ok(payoutAnswer), ...connectErrors },
      },
      config: { access },
    },
    async (request, reply) => {
      const { userId, businessId } = caller(request);
      return idempotent(app, request, reply, userId, async (key) => {
        const payout = await connect.withAccount(businessId, request.log, (ref) =>
          processor.createPayout(ref, request.body.amount, key),
        );
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
        const back = request.query.return ?? '/stripe_connect';
        // Only paths of this app: never an open redirect.
        const target = /^\/(?!\/)[\w\-/?=&.%]*$/.test(back) ? back : '/stripe_connect';
        if (!(await processor.completeOnboarding(request.params.token))) throw new HttpError(404, MESSAGES.notFound);
        return reply.redirect(target, 302);
      },
    );
  }
};
export default connectRoutes;
