/**
 * PATCH /api/AdminAccount/user-status: an administrator activates, deactivates or verifies an
 * account. Verifying is the last step of sign-up: the user is marked verified with details
 * submitted, gets a stored notification (so a client that was offline still learns of it) and,
 * live, `AccountVerified` on the hub. Deactivating signs the user out everywhere.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { API } from '../../../src/domain/api-paths';
import { MESSAGES } from '../../../src/domain/messages';
import { HUB_EVENTS } from '../../../src/domain/notifications';
import { userStatusSchema, type UserStatusInput } from '../../../src/domain/schemas/admin-user';
import { users } from '../../db/schema';
import { caller } from '../../auth/access';
import { notFound } from '../../http/errors';
import { createNotification } from '../notification/service';
import { revokeAllSessions } from '../user/sessions';
import { writeAudit } from '../../resources/audit';
import usersResource from '../../../src/resources/users/resource';

export default async function userStatusRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  app.patch(
    API.userStatus,
    {
      schema: { tags: ['Admin'], summary: 'Activate, deactivate or verify an account', body: userStatusSchema },
      config: { access: { roles: ['ADMIN'] } },
    },
    async (request) => {
      const input = request.body as UserStatusInput;
      const [before] = await db
        .select({ isVerified: users.isVerified, status: users.status })
        .from(users)
        .where(eq(users.id, input.id));
      if (!before) throw notFound();
      const verifying = input.isVerified === true && !before.isVerified;
      const [user] = await db
        .update(users)
        .set({
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(input.isVerified !== undefined ? { isVerified: input.isVerified } : {}),
          ...(verifying ? { detailsSubmitted: true } : {}),
          updatedAt: new Date(app.ctx.now()),
        })
        .where(eq(users.id, input.id))
        .returning();
      if (!user) throw notFound();
      // The user's history (user_details) shows who changed the status or verified the account.
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      if (before.status !== user.status) changes.status = { from: before.status, to: user.status };
      if (before.isVerified !== user.isVerified) changes.isVerified = { from: before.isVerified, to: user.isVerified };
      if (Object.keys(changes).length) {
        await writeAudit(db, usersResource, caller(request).userId, [
          { recordId: user.id, businessId: user.businessId, action: 'update', changes },
        ]);
      }
      if (input.status === 'inactive' && before.status !== 'inactive') {
        await revokeAllSessions(app, user.id, 'deactivated');
      }
      if (verifying) {
        await createNotification(app, {
          title: MESSAGES.accountVerifiedTitle,
          message: MESSAGES.accountVerifiedMessage,
          type: 'account',
          audience: 'user',
          userId: user.id,
          createdBy: caller(request).userId,
          live: false,
        });
        // Spec section 4: AccountVerified carries the submitted-details flag.
        await app.ctx.hub.publish({
          kind: 'user',
          userId: user.id,
          target: HUB_EVENTS.accountVerified,
          args: [user.detailsSubmitted],
        });
      }
      return {
        result: {
          id: user.id,
          email: user.email,
          status: user.status,
          isVerified: user.isVerified,
          detailsSubmited: user.detailsSubmitted,
        },
      };
    },
  );
}
