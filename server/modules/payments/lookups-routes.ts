/** GET states (spec section 7 "Lookups"): the card form's state select, name and abbreviation. */
import type { FastifyInstance } from 'fastify';
import { API } from '../../../src/domain/api-paths';
import { US_STATES } from '../../../src/domain/payments/us-states';

export default async function lookupsRoutes(app: FastifyInstance) {
  app.get(
    API.states,
    {
      schema: { tags: ['Lookups'], summary: 'US states (name, abbreviation)' },
      // Public: the logged-out payment-link page shows the same card form.
      config: { access: 'public' },
    },
    async () => ({ result: US_STATES }),
  );
}
