/**
 * POST /api/AdminAccount/add-user: an administrator creates an account (the users resource's
 * create, hand-written because it hashes a password and gives business roles their business).
 * Validated with the declaration's own rules, so the form and this route say the same thing.
 * The account is verified (an administrator vouches for it); a business role still completes
 * its profile on /register at first sign-in.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { validateRecord } from '../../../src/domain/resources/field-rules';
import { BUSINESS_ROLES, CHECKED_ROLES, type Role } from '../../../src/domain/roles';
import { MESSAGES } from '../../../src/domain/messages';
import usersResource from '../../../src/resources/users/resource';
import { businesses, users } from '../../db/schema';
import { hashPassword } from '../../auth/passwords';
import { caller } from '../../auth/access';
import { conflict, ValidationError } from '../../http/errors';
import { trialEndsAt } from '../payments/subscription-guard';
import { writeAudit } from '../../resources/audit';
import { diff, toJson, selection } from '../../resources/records';
import { tableOf } from '../../resources/tables';

export default async function addUserRoute(app: FastifyInstance) {
  const { db } = app.ctx.database;
  const table = tableOf(usersResource.name);
  app.post(
    usersResource.api.create.path,
    { schema: { tags: ['Admin'], summary: 'Create an account' }, config: { access: { roles: ['ADMIN'] } } },
    async (request) => {
      const checked = validateRecord(usersResource, 'create', (request.body ?? {}) as Record<string, unknown>);
      if (!checked.ok) throw new ValidationError(checked.errors);
      const { password, ...fields } = checked.value as Record<string, unknown> & {
        password: string;
        role: Role;
        email: string;
      };
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, fields.email));
      if (taken) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      const passwordHash = await hashPassword(password);
      const role = fields.role;
      const paid = CHECKED_ROLES.includes(role) || role === 'TRUCKER';
      const auth = caller(request);
      const row = await db.transaction(async (tx) => {
        let businessId: string | null = null;
        if (BUSINESS_ROLES.includes(role)) {
          const displayName = [fields.firstName, fields.lastName].filter(Boolean).join(' ') || fields.email;
          const [business] = await tx
            .insert(businesses)
            .values({ companyName: String(displayName) })
            .returning({ id: businesses.id });
          businessId = business!.id;
        }
        const [inserted] = await tx
          .insert(users)
          .values({
            email: fields.email,
            passwordHash,
            firstName: (fields.firstName as string | null) ?? '',
            lastName: (fields.lastName as string | null) ?? '',
            name: (fields.name as string | null) ?? '',
            phone: (fields.phone as string | null) ?? null,
            role,
            businessId,
            isVerified: true,
            shouldHaveSubscription: paid,
            trialEndsAt: paid ? trialEndsAt(app) : null,
          })
          .returning({ id: users.id });
        const [created] = await tx
          .select(selection(usersResource, table))
          .from(table)
          .where(eq(table.id!, inserted!.id));
        await writeAudit(tx, usersResource, auth.userId, [
          { recordId: inserted!.id, businessId, action: 'create', changes: diff(usersResource, null, created!) },
        ]);
        return created!;
      });
      return { result: (await toJson(app, usersResource, [row]))[0] };
    },
  );
}
