/**
 * The senders calls the engine does not serve (the product brief, section 7: CRM → Senders: GET,
 * POST, DELETE, PUT — the list, show and delete are the engine's): POST add and PUT change
 * (sender-service.ts decides verified or a mailed code, and keeps one default), and proving an
 * address — POST verify with the mailed code, POST resend. CLUBOWNER and USER of the business;
 * another business's sender answers 404.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { senderCodeSchema, senderIdSchema, SENDERS_API } from '../../../src/domain/senders/senders';
import sendersResource from '../../../src/resources/senders/resource';
import { caller } from '../../auth/access';
import { errorBody, errorResponses, ok } from '../../http/response';
import { schemasOf } from '../../resources/schemas';
import { addSender, resendSenderCode, updateSender, verifySender } from './sender-service';

const tags = ['Senders'];
const config = { access: { roles: sendersResource.access.update, tenant: true } };

const senderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { record, createBody, updateBodyWithId } = schemasOf(sendersResource);
  const refusals = { ...errorResponses, 409: errorBody.describe('The address is taken, or already verified') };

  app.post(
    SENDERS_API.base,
    {
      schema: {
        tags,
        summary: 'Add a sender (verified at once on a verified domain of the business, else mailed a code)',
        body: createBody,
        response: { 200: ok(record), ...refusals },
      },
      config: { access: { roles: sendersResource.access.create, tenant: true } },
    },
    async (request) => ({ result: await addSender(app, caller(request), request.body) }),
  );

  app.put(
    SENDERS_API.base,
    {
      schema: {
        tags,
        summary: 'Change a sender (id in the body); the address stays',
        body: updateBodyWithId,
        response: { 200: ok(record), ...refusals },
      },
      config,
    },
    async (request) => ({ result: await updateSender(app, caller(request), request.body) }),
  );

  app.post(
    SENDERS_API.verify,
    {
      schema: {
        tags,
        summary: "Prove a sender's address with the mailed code",
        body: senderCodeSchema,
        response: { 200: ok(record), ...refusals },
      },
      config,
    },
    async (request) => ({
      result: await verifySender(app, caller(request), request.body.senderId, request.body.code),
    }),
  );

  app.post(
    SENDERS_API.resend,
    {
      schema: {
        tags,
        summary: 'Mail a pending sender a new code (at most once a minute: 429 with Retry-After)',
        body: senderIdSchema,
        response: {
          200: ok(record),
          ...refusals,
          429: errorBody.describe('A code was mailed less than a minute ago'),
        },
      },
      config,
    },
    async (request) => ({ result: await resendSenderCode(app, caller(request), request.body.senderId) }),
  );
};
export default senderRoutes;
