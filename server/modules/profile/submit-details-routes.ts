/**
 * /register for the checked roles (MOVER, USER, CLUBOWNER, spec section 2): the account
 * completes its profile and submits its business details in one call. Its business is
 * created (or, when an administrator already attached one, renamed), the account is marked
 * profile-completed and details-submitted, and the administrators get a notification. It
 * then waits until an administrator verifies it (PATCH /api/AdminAccount/user-status). An
 * account an administrator created (add-user) is verified already: it goes straight in.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { CHECKED_ROLES } from '../../../src/domain/roles';
import { submitDetailsSchema } from '../../../src/domain/schemas/profile';
import { businesses, users } from '../../db/schema';
import { caller } from '../../auth/access';
import { conflict, notFound } from '../../http/errors';
import { createNotification } from '../notification/service';
import { loadUserData } from '../user/user-data';

interface Details {
  firstName: string;
  lastName: string;
  phone: string;
  companyName: string;
  companyWebSite?: string | null;
}

export default async function submitDetailsRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;

  app.post(
    API.submitDetails,
    {
      schema: {
        tags: ['Profile'],
        summary: 'Complete my profile and submit my business details; then wait for an administrator',
        body: submitDetailsSchema,
      },
      config: { access: { roles: CHECKED_ROLES } },
    },
    async (request) => {
      const auth = caller(request);
      const input = request.body as Details;
      const [user] = await db.select().from(users).where(eq(users.id, auth.userId));
      if (!user) throw notFound();
      // An account an administrator created is verified already but still completes its
      // profile here; only a complete, verified account has nothing left to submit.
      if (user.isVerified && user.isProfileCompleted && user.detailsSubmitted) throw conflict(MESSAGES.alreadyVerified);
      const now = new Date(app.ctx.now());
      await db.transaction(async (tx) => {
        let businessId = user.businessId;
        const details = {
          companyName: input.companyName,
          companyWebSite: input.companyWebSite ?? null,
          updatedAt: now,
        };
        if (businessId) {
          await tx.update(businesses).set(details).where(eq(businesses.id, businessId));
        } else {
          const [created] = await tx.insert(businesses).values(details).returning({ id: businesses.id });
          businessId = created!.id;
        }
        await tx
          .update(users)
          .set({
            firstName: input.firstName,
            lastName: input.lastName,
            name: `${input.firstName} ${input.lastName}`,
            phone: input.phone,
            businessId,
            isProfileCompleted: true,
            detailsSubmitted: true,
            updatedAt: now,
          })
          .where(eq(users.id, user.id));
      });
      if (!user.isVerified) {
        await createNotification(app, {
          audience: 'role',
          role: 'ADMIN',
          title: MESSAGES.accountWaitingTitle,
          message: `${input.firstName} ${input.lastName} (${user.email}) submitted the details of ${input.companyName}.`,
          createdBy: user.id,
        });
      }
      return {
        result: { message: MESSAGES.detailsSubmittedMessage, user: await loadUserData(db, user.id, app.ctx.now()) },
      };
    },
  );
}
