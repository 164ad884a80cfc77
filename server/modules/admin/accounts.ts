/**
 * What an administrator does to accounts: create one, set its password, change its status or
 * verify it. Each writes the users row, the audit entry the user's history shows (user_details)
 * and what follows from it (sessions signed out, the verified notification); the routes only
 * check their input and answer.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { HUB_EVENTS } from '../../../src/domain/notifications';
import { BUSINESS_ROLES, CHECKED_ROLES, type Role } from '../../../src/domain/roles';
import { MEMBER_ROLE } from '../../../src/domain/team';
import { fullName } from '../../../src/domain/user';
import type { UserStatusInput } from '../../../src/domain/schemas/admin-user';
import usersResource from '../../../src/resources/users/resource';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { hashPassword } from '../../auth/passwords';
import type { AuthContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { writeAudit } from '../../resources/audit';
import { publishRecordChanges } from '../../resources/live-events';
import { assertVersion, lockVersion, nextVersion } from '../../resources/record-version';
import { checkedValues, diff, loadRow, selection, uniqueViolation, type Row } from '../../resources/records';
import { tableOf } from '../../resources/tables';
import { createNotification } from '../notifications';
import { trialEndsAt } from '../payments';
import { revokeAllSessions, insertAccount, setAccountState, setPasswordHash } from '../user';
import { createBusiness } from '../business';

export interface NewAccount {
  email: string;
  password: string;
  role: Role;
  firstName: string;
  lastName: string;
  phone: string | null;
}

/**
 * A verified account (an administrator vouches for it); a business role gets its own business
 * and, if it pays, a trial. Answers the row as the users resource shows it.
 */
export async function createAccount(app: FastifyInstance, input: NewAccount, actorId: string): Promise<Row> {
  const { db } = app.ctx.database;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
  const passwordHash = await hashPassword(input.password);
  const paid = CHECKED_ROLES.includes(input.role) || input.role === 'TRUCKER';
  const table = tableOf(usersResource.name);
  const account = await db
    .transaction(async (tx) => {
      let businessId: string | null = null;
      if (BUSINESS_ROLES.includes(input.role)) {
        businessId = await createBusiness(tx, fullName(input.firstName, input.lastName) || input.email);
      }
      const inserted = await insertAccount(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        // One set of name fields in the form: the display name follows them (src/domain/user.ts).
        name: fullName(input.firstName, input.lastName),
        phone: input.phone,
        role: input.role,
        businessId,
        isVerified: true,
        shouldHaveSubscription: paid,
        trialEndsAt: paid ? trialEndsAt(app) : null,
      });
      const [created] = await tx.select(selection(usersResource, table)).from(table).where(eq(table.id!, inserted!.id));
      await writeAudit(tx, usersResource, actorId, [
        { recordId: inserted!.id, businessId, action: 'create', changes: diff(usersResource, null, created!) },
      ]);
      return created!;
    })
    .catch((err: unknown) => {
      // Two creates of one email at once both pass the check above; the unique index stops the
      // second, which is told what the check would have said. The email's is the one unique
      // index this transaction writes to (a business and an audit entry get fresh ids).
      if (isUniqueViolation(err)) throw conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
      throw err;
    });
  // Open users lists show it (server/resources/live-events.ts).
  await publishRecordChanges(app, usersResource, 'created', new Map([[null, [account.id as string]]]));
  return account;
}

/**
 * An administrator's edit of the declared user fields. The stored display name follows the first
 * and last name, except a venue employee's, which is their own (src/domain/user.ts). Answers the
 * row as the users resource shows it; 404 for an unknown id, 409 for a taken email.
 *
 * `version`: the `updatedAt` the editor loaded the account at; saved since, 409 and nothing is
 * written, checked as the engine's updates check it (server/resources/record-version.ts) and in
 * the same order: before the field rules, so an edit from a stale form is told the account moved
 * on rather than that a value it may not even mean any more is wrong.
 */
export async function updateAccount(
  app: FastifyInstance,
  id: unknown,
  input: Row,
  auth: AuthContext,
  version?: string,
): Promise<Row> {
  const actorId = auth.userId;
  const table = tableOf(usersResource.name);
  const before = await loadRow(app, usersResource, table, id, null);
  assertVersion(before.updatedAt, version);
  const values = await checkedValues(app, usersResource, 'update', input, { role: auth.role, tenant: null });
  // An administrator who gives up their own role is locked out of this screen at once (and the
  // last one leaves the platform with none): the client's edit form offers it, so refuse it here.
  if (before.id === actorId && 'role' in values && values.role !== before.role) {
    throw conflict(MESSAGES.cannotChangeOwnRole, { role: MESSAGES.cannotChangeOwnRole });
  }
  const set: Row = { ...values };
  const renamed = 'firstName' in values || 'lastName' in values;
  if (renamed && (values.role ?? before.role) !== MEMBER_ROLE) {
    const first = String(values.firstName ?? before.firstName ?? '');
    const last = String(values.lastName ?? before.lastName ?? '');
    // With both cleared the old name stays: it is what the account is then shown by.
    if (fullName(first, last)) set.name = fullName(first, last);
  }
  const row = await app.ctx.database.db
    .transaction(async (tx) => {
      // The row's lock, and its version checked again: a save between the read above and here.
      await lockVersion(tx, table, before.id as string, version);
      const [updated] = await tx
        .update(table)
        .set({ ...set, updatedAt: nextVersion(table, app.ctx.now()) })
        .where(eq(table.id!, before.id as string))
        .returning(selection(usersResource, table));
      const changes = diff(usersResource, before, updated!);
      if (Object.keys(changes).length) {
        await writeAudit(tx, usersResource, actorId, [
          {
            recordId: before.id as string,
            businessId: (before.businessId as string) ?? null,
            action: 'update',
            changes,
          },
        ]);
      }
      return updated!;
    })
    .catch((err) => {
      throw uniqueViolation(usersResource, err) ?? err;
    });
  await publishRecordChanges(app, usersResource, 'updated', new Map([[null, [row.id as string]]]));
  return row;
}

/** A new password set by an administrator: every session of the user is signed out. */
export async function setAccountPassword(app: FastifyInstance, id: string, password: string, actorId: string) {
  const { db } = app.ctx.database;
  const passwordHash = await hashPassword(password);
  const user = await setPasswordHash(db, id, passwordHash, app.ctx.now());
  if (!user) throw notFound();
  await revokeAllSessions(app, id, 'password_set_by_admin');
  // The audit shows that it changed, never the value.
  await writeAudit(db, usersResource, actorId, [
    { recordId: id, businessId: user.businessId, action: 'update', changes: { password: { from: '•••', to: '•••' } } },
  ]);
}

/**
 * Activates, deactivates or verifies an account. Verifying is the last step of sign-up: the
 * details count as submitted, and the user gets a stored notification (a client that was
 * offline still learns of it) and, live, `AccountVerified`. Deactivating signs them out.
 */
export async function changeAccountStatus(app: FastifyInstance, input: UserStatusInput, actorId: string) {
  const { db } = app.ctx.database;
  // Deactivating signs the account out everywhere: on one's own it locks the administrator out.
  // user_details offers no such button, but a second tab or a direct call must meet the rule too.
  if (input.id === actorId && input.status === 'inactive') {
    throw conflict(MESSAGES.cannotDeactivateSelf, { status: MESSAGES.cannotDeactivateSelf });
  }
  const [before] = await db
    .select({ isVerified: users.isVerified, status: users.status })
    .from(users)
    .where(eq(users.id, input.id));
  if (!before) throw notFound();
  const verifying = input.isVerified === true && !before.isVerified;
  const user = await setAccountState(
    db,
    input.id,
    {
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.isVerified !== undefined ? { isVerified: input.isVerified } : {}),
      ...(verifying ? { detailsSubmitted: true } : {}),
    },
    app.ctx.now(),
  );
  if (!user) throw notFound();
  // The user's history (user_details) shows who changed the status or verified the account.
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  if (before.status !== user.status) changes.status = { from: before.status, to: user.status };
  if (before.isVerified !== user.isVerified) changes.isVerified = { from: before.isVerified, to: user.isVerified };
  if (Object.keys(changes).length) {
    await writeAudit(db, usersResource, actorId, [
      { recordId: user.id, businessId: user.businessId, action: 'update', changes },
    ]);
  }
  if (input.status === 'inactive' && before.status !== 'inactive') {
    await revokeAllSessions(app, user.id, 'deactivated');
  }
  if (Object.keys(changes).length)
    await publishRecordChanges(app, usersResource, 'updated', new Map([[null, [user.id]]]));
  if (verifying) {
    await createNotification(app, {
      notice: 'accountVerified',
      type: 'account',
      audience: 'user',
      userId: user.id,
      createdBy: actorId,
      live: false,
    });
    // The product brief, section 4 (states and transitions): AccountVerified carries the
    // submitted-details flag.
    await app.ctx.hub.publish({
      kind: 'user',
      userId: user.id,
      target: HUB_EVENTS.accountVerified,
      args: [user.detailsSubmitted],
    });
  }
  return user;
}
