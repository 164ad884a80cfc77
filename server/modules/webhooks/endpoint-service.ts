/**
 * A club owner's webhook endpoints: the writes of webhook_endpoints. Every function is scoped
 * to the owner's business; another business's endpoint answers 404 as if it did not exist.
 * The URL's host is resolved and checked when saved (and again at every send: delivery-service).
 */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { WEBHOOK_ENDPOINTS_MAX, type WebhookEndpointInput } from '../../../src/domain/webhooks/schemas';
import type { AppContext } from '../../context';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { DestinationError, resolveDestination } from './destination';
import { newWebhookSecret } from './signature';
import { webhookEndpoints } from './tables';
import { isUuid } from '../../../src/domain/uuid';

const e = webhookEndpoints;

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The endpoint if it belongs to the business, else 404. */
export async function endpointOfBusiness(db: Db, businessId: string, id: string): Promise<EndpointRow> {
  if (!isUuid(id)) throw notFound(MESSAGES.webhookNotFound);
  const [row] = await db
    .select()
    .from(e)
    .where(and(eq(e.id, id), eq(e.businessId, businessId)));
  if (!row) throw notFound(MESSAGES.webhookNotFound);
  return row;
}

export async function listEndpoints(db: Db, businessId: string, page: number, perPage: number) {
  const where = eq(e.businessId, businessId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(e)
      .where(where)
      .orderBy(desc(e.createdAt), desc(e.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(e).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Refuses a URL whose host resolves to a private or local address (400 on `url`). A host that
 * cannot be resolved now is accepted: the check is repeated before every send, and the delivery
 * log then says the host could not be resolved.
 */
async function checkUrl(ctx: AppContext, url: string) {
  try {
    await resolveDestination(url, ctx.config.webhooks.allowPrivate);
  } catch (err) {
    if (!(err instanceof DestinationError)) throw err;
    if (err.kind === 'unresolved') return;
    throw badRequest(MESSAGES.invalidInput, { url: MESSAGES.webhookUrlPrivate });
  }
}

/** One writer of a business's endpoints at a time (the limit and the one-address rule are read, then written). */
const lockEndpoints = (tx: DbOrTx, businessId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${businessId}`}))`);

/** The URL as parsed (host lower-cased, default port dropped): two spellings of one address are one. */
const sameAddress = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
};

/**
 * A business sends to an address once (409 on `url`): a second endpoint there would receive every
 * event twice, as an owner who added the endpoint again after the first save went unnoticed found.
 * Read under lockEndpoints; `except` is the endpoint being changed.
 */
async function refuseTakenUrl(tx: DbOrTx, businessId: string, url: string, except?: string) {
  const rows = await tx
    .select({ id: e.id, url: e.url })
    .from(e)
    .where(and(eq(e.businessId, businessId), except ? ne(e.id, except) : undefined));
  if (rows.some((row) => sameAddress(row.url, url)))
    throw conflict(MESSAGES.webhookUrlTaken, { url: MESSAGES.webhookUrlTaken });
}

export async function createEndpoint(ctx: AppContext, businessId: string, userId: string, input: WebhookEndpointInput) {
  const { db } = ctx.database;
  await checkUrl(ctx, input.url);
  const now = new Date(ctx.now());
  // One add at a time per business: counted apart, two tabs (or a double-click) at 19 both saw
  // room and the business ended with 21.
  return db.transaction(async (tx) => {
    await lockEndpoints(tx, businessId);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(e).where(eq(e.businessId, businessId));
    if (n >= WEBHOOK_ENDPOINTS_MAX) throw conflict(MESSAGES.webhookLimit);
    await refuseTakenUrl(tx, businessId, input.url);
    const [row] = await tx
      .insert(e)
      .values({ ...input, businessId, createdBy: userId, secret: newWebhookSecret(), createdAt: now, updatedAt: now })
      .returning();
    return row!;
  });
}

export async function updateEndpoint(ctx: AppContext, businessId: string, id: string, input: WebhookEndpointInput) {
  const { db } = ctx.database;
  const current = await endpointOfBusiness(db, businessId, id);
  if (input.url !== current.url) await checkUrl(ctx, input.url);
  return db.transaction(async (tx) => {
    if (input.url !== current.url) {
      await lockEndpoints(tx, businessId);
      await refuseTakenUrl(tx, businessId, input.url, id);
    }
    const [row] = await tx
      .update(e)
      .set({ ...input, updatedAt: new Date(ctx.now()) })
      .where(and(eq(e.id, id), eq(e.businessId, businessId)))
      .returning();
    if (!row) throw notFound(MESSAGES.webhookNotFound);
    return row;
  });
}

/** Deletes the endpoint and, with it, its delivery log (the foreign key cascades). */
export async function deleteEndpoint(db: Db, businessId: string, id: string) {
  await endpointOfBusiness(db, businessId, id);
  await db.delete(e).where(and(eq(e.id, id), eq(e.businessId, businessId)));
}

/** A new secret; the old one stops signing at once (attempts already under way keep theirs). */
export async function rotateSecret(ctx: AppContext, businessId: string, id: string) {
  const { db } = ctx.database;
  await endpointOfBusiness(db, businessId, id);
  const [row] = await db
    .update(e)
    .set({ secret: newWebhookSecret(), updatedAt: new Date(ctx.now()) })
    .where(and(eq(e.id, id), eq(e.businessId, businessId)))
    .returning();
  return row!;
}
