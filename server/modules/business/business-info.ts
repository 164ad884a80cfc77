/**
 * Business info (spec section 7, Business): read a user's business, rename one's own.
 * Tenant-scoped: a user of another business is answered 404, as if it did not exist.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { BUSINESS_ROLES } from '../../../src/domain/roles';
import { businesses, users } from '../../db/schema';
import { assertSameTenant, caller } from '../../auth/access';
import { notFound } from '../../http/errors';

const infoQuery = z.object({ userId: z.uuid({ error: MESSAGES.invalidValue }).optional() });
export const companyNameSchema = z.object({
  companyName: z
    .string({ error: MESSAGES.companyNameRequired })
    .trim()
    .min(1, MESSAGES.companyNameRequired)
    .max(100, MESSAGES.nameTooLong),
});

export default async function businessInfoRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const tags = ['Business'];

  app.get(
    API.businessInfo,
    {
      schema: { tags, summary: "A user's business (default: the caller's)", querystring: infoQuery },
      config: { access: { roles: 'any', tenant: true } },
    },
    async (request) => {
      const { userId } = request.query as { userId?: string };
      const [row] = await db
        .select({ business: businesses })
        .from(users)
        .innerJoin(businesses, eq(businesses.id, users.businessId))
        .where(eq(users.id, userId ?? caller(request).userId))
        .limit(1);
      if (!row) throw notFound();
      assertSameTenant(request, row.business.id);
      const b = row.business;
      return {
        result: {
          id: b.id,
          companyName: b.companyName,
          companyLogo: b.companyLogo,
          companyWebSite: b.companyWebSite,
          status: b.status,
        },
      };
    },
  );

  app.put(
    API.companyName,
    {
      schema: { tags, summary: "Rename the caller's business", body: companyNameSchema },
      config: { access: { roles: BUSINESS_ROLES.filter((r) => r !== 'VENUEEMPLOYEE'), tenant: true } },
    },
    async (request) => {
      const { companyName } = request.body as { companyName: string };
      const businessId = caller(request).businessId;
      if (!businessId) throw notFound();
      const [b] = await db
        .update(businesses)
        .set({ companyName, updatedAt: new Date(app.ctx.now()) })
        .where(eq(businesses.id, businessId))
        .returning();
      if (!b) throw notFound();
      return {
        result: { id: b.id, companyName: b.companyName, companyLogo: b.companyLogo, companyWebSite: b.companyWebSite },
      };
    },
  );
}
