/**
 * The facebook_connections rows of a business: read, written and forgotten, always by the
 * business id, so business B never reads business A's connection. The tokens are sealed with
 * the server's secret box (server/auth/secret-box.ts) under purposes of their own, each bound to
 * the business and the Facebook id it belongs to: a token copied onto another business's row,
 * or onto another page, does not open.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createSecretBox, type SecretBox } from '../../auth/secret-box';
import { facebookConnections, type FacebookConnectionRow } from './tables';

const c = facebookConnections;

/** Derived once per app, as the DKIM key box is (domains/sending.ts). */
const boxes = new WeakMap<FastifyInstance, Promise<{ user: SecretBox; page: SecretBox }>>();
function tokenBoxes(app: FastifyInstance) {
  let found = boxes.get(app);
  if (!found) {
    found = Promise.all([
      createSecretBox(app, 'facebook-user-token-v1'),
      createSecretBox(app, 'facebook-page-token-v1'),
    ]).then(([user, page]) => ({ user, page }));
    found.catch(() => boxes.delete(app));
    boxes.set(app, found);
  }
  return found;
}

const userBinding = (businessId: string, accountId: string) => `${businessId}:user:${accountId}`;
const pageBinding = (businessId: string, pageId: string) => `${businessId}:page:${pageId}`;

export async function connectionOf(app: FastifyInstance, businessId: string): Promise<FacebookConnectionRow | null> {
  const [row] = await app.ctx.database.db.select().from(c).where(eq(c.businessId, businessId));
  return row ?? null;
}

/** The stored user token in plain text, or null when it no longer opens (the signing secret changed). */
export async function userTokenOf(app: FastifyInstance, row: FacebookConnectionRow): Promise<string | null> {
  return (await tokenBoxes(app)).user.open(row.userToken, userBinding(row.businessId, row.accountId));
}

/**
 * Keeps the connection a completed sign-in made. Signing in again as the same Facebook account
 * keeps the selected page; another account's sign-in clears it (its pages are not this one's).
 */
export async function saveConnection(
  app: FastifyInstance,
  input: {
    businessId: string;
    userId: string;
    account: { id: string; name: string };
    userToken: string;
    expiresAt: Date | null;
  },
) {
  const { user } = await tokenBoxes(app);
  const now = new Date(app.ctx.now());
  const sealed = user.seal(input.userToken, userBinding(input.businessId, input.account.id));
  const fresh = {
    connectedBy: input.userId,
    accountId: input.account.id,
    accountName: input.account.name,
    userToken: sealed,
    tokenExpiresAt: input.expiresAt,
    tokenRejectedAt: null,
    connectedAt: now,
    updatedAt: now,
  };
  await app.ctx.database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ accountId: c.accountId })
      .from(c)
      .where(eq(c.businessId, input.businessId))
      .for('update');
    const samePage = before?.accountId === input.account.id ? {} : { pageId: null, pageName: null, pageToken: null };
    await tx
      .insert(c)
      .values({ businessId: input.businessId, ...fresh })
      .onConflictDoUpdate({ target: c.businessId, set: { ...fresh, ...samePage } });
  });
}

/** The page this business uses, with its token sealed. */
export async function savePage(
  app: FastifyInstance,
  businessId: string,
  page: { id: string; name: string; accessToken: string },
) {
  const { page: box } = await tokenBoxes(app);
  await app.ctx.database.db
    .update(c)
    .set({
      pageId: page.id,
      pageName: page.name,
      pageToken: box.seal(page.accessToken, pageBinding(businessId, page.id)),
      updatedAt: new Date(app.ctx.now()),
    })
    .where(eq(c.businessId, businessId));
}

/** Facebook refused the stored token: the screen asks the owner to reconnect. */
export async function markRejected(app: FastifyInstance, businessId: string) {
  const now = new Date(app.ctx.now());
  await app.ctx.database.db.update(c).set({ tokenRejectedAt: now, updatedAt: now }).where(eq(c.businessId, businessId));
}

export async function forgetConnection(app: FastifyInstance, businessId: string) {
  await app.ctx.database.db.delete(c).where(eq(c.businessId, businessId));
}
