/**
 * GET states (the product brief, section 7, The calls it makes: "Lookups"): the card form's
 * state select, name and abbreviation.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { API } from '../../../src/domain/api-paths';
import { US_STATES } from '../../../src/domain/payments/us-states';
import { errorResponses, okList } from '../../http/response';

const stateSchema = z.object({ name: z.string(), abbreviation: z.string() });

const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.states,
    {
      schema: {
        tags: ['Lookups'],
        summary: 'US states (name, abbreviation)',
        response: { 200: okList(stateSchema), 400: errorResponses[400] },
      },
      // Public: the logged-out payment-link page shows the same card form.
      config: { access: 'public' },
    },
    async () => ({ result: [...US_STATES] }),
  );
};
export default lookupsRoutes;
