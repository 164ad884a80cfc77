/**
 * The guest's ticket page (/ticket/<token>): public, since the guest has no account; the signed
 * token is the capability, and a forged or unknown one answers 404 alike.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { MESSAGES } from '../../../src/domain/messages';
import { DOOR_API, publicPassSchema } from '../../../src/domain/door/redeem';
import { notFound } from '../../http/errors';
import { errorResponses, ok, tooManyResponse } from '../../http/response';
import { perIpLimit } from '../user';
import { publicPass } from './door-service';

const doorPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${DOOR_API.publicPass}/:token`,
    {
      schema: {
        tags: ['Door'],
        summary: "Public: a guest's pass (reservation or event ticket) by its signed token",
        params: z.object({ token: z.string().max(300, MESSAGES.invalidValue) }),
        response: { 200: ok(publicPassSchema), 400: errorResponses[400], 404: errorResponses[404], ...tooManyResponse },
      },
      config: { access: 'public', ...perIpLimit(app) },
    },
    async (request) => {
      const pass = await publicPass(app, request.params.token);
      if (!pass) throw notFound(MESSAGES.passNotFound);
      return { result: pass };
    },
  );
};
export default doorPublicRoutes;
