/**
 * /register for the checked roles (MOVER, USER, CLUBOWNER; the product brief, section 2: screens and routes): the
 * account completes its profile and submits its business details in one call. Its business is
 * created (or, when an administrator already attached one, renamed), the account is marked
 * profile-completed and details-submitted, and the administrators get a notification. It
 * then waits until an administrator verifies it (PATCH /api/AdminAccount/user-status). An
 * account an administrator created (add-user) is verified already: it goes straight in.
 */
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { CHECKED_ROLES } from '../../../src/domain/roles';
import { submitDetailsSchema } from '../../../src/domain/schemas/profile';
import { users } from '../../db/schema';
import { caller } from '../../auth/access';
import { conflict, notFound } from '../../http/errors';
import { errorResponses, ok, conflictResponse } from '../../http/response';
import { saveSubmittedBusiness } from '../business';
import { requestLocale } from '../email-templates';
import { createNotification } from '../notifications';
import { completeProfile, userDataSchema, loadUserData } from '../user';

const submitDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.post(
    API.submitDetails,
    {
      schema: {
        tags: ['Profile'],
        summary: 'Complete my profile and submit my business details; then wait for an administrator',
        body: submitDetailsSchema,
        response: {
          200: ok(z.object({ message: z.string(), user: userDataSchema })),
          ...errorResponses,
          ...conflictResponse,
        },
      },
      config: { access: { roles: CHECKED_ROLES } },
    },
    async (request) => {
      const input = request.body;
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.id, caller(request).userId));
      if (!user) throw notFound();
      // An account an administrator created is verified already but still completes its
      // profile here; only a complete, verified account has nothing left to submit.
      if (user.isVerified && user.isProfileCompleted && user.detailsSubmitted) throw conflict(MESSAGES.alreadyVerified);
      const now = app.ctx.now();
      await db.transaction(async (tx) => {
        const businessId = await saveSubmittedBusiness(
          tx,
          user.businessId,
          { companyName: input.companyName, companyWebSite: input.companyWebSite ?? null },
          now,
        );
        await completeProfile(tx, user.id, { ...input, businessId, language: requestLocale(request) }, now);
      });
      if (!user.isVerified) {
        await createNotification(app, {
          audience: 'role',
          role: 'ADMIN',
          notice: 'accountWaiting',
          params: { name: `${input.firstName} ${input.lastName}`, email: user.email, company: input.companyName },
          createdBy: user.id,
        });
      }
      return {
        result: { message: MESSAGES.detailsSubmittedMessage, user: await loadUserData(db, user.id, app.ctx.now()) },
      };
    },
  );
};
export default submitDetailsRoutes;
