/**
 * Deliveries: the writes of webhook_deliveries. A venue event becomes one pending row per
 * subscribed active endpoint of its business (no HTTP on the request path); the worker
 * (worker.ts) and the owner's "send test" and "retry" claim rows and send them (sender.ts).
 *
 * Claiming is safe across server processes: a due row is taken with FOR UPDATE SKIP LOCKED and
 * marked `sending` with a lease in one statement; the HTTP call runs outside any transaction,
 * then the result is written. A process that dies mid-send leaves a `sending` row whose lease
 * runs out, and any process takes it again.
 */
import type { FastifyInstance } from 'fastify';
import { and, arrayContains, asc, count, desc, eq, inArray, lte, or } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { WEBHOOK_TEST_EVENT, type DeliveryStatus } from '../../../src/domain/webhooks/schemas';
import type { VenueEvent } from '../venue';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { endpointOfBusiness, type EndpointRow } from './endpoint-service';
import { sendSigned } from './sender';
import { webhookDeliveries, webhookEndpoints } from './tables';
import { isUuid } from '../../../src/domain/uuid';

const d = webhookDeliveries;
const e = webhookEndpoints;

/** Waits after the 1st…5th failed attempt; the 6th failure gives up. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Each wait is spread ±10% so many failed deliveries do not all come back at the same second. */
export const JITTER = 0.1;
/** How long a claimed row is left to its sender before another may take it (> the send timeout). */
const LEASE_MS = 60_000;
/** Rows one pass of the worker sends at most (in parallel). */
export const BATCH = 10;

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The delivery log's resource: open endpoint pages refresh when an attempt is recorded. */
export const DELIVERIES_LIVE = registerLiveResource({
  name: 'webhookDeliveries',
  tenant: true,
  access: { list: ['CLUBOWNER'], show: ['CLUBOWNER'] },
});

/** The wait before the next attempt after `attempts` failed ones (1-based), with jitter; null when giving up. */
export function retryDelay(attempts: number, random: number = Math.random()): number | null {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random));
}

/** A delivery as the API answers it (the payload stays on the server; the receiver has it). */
export function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
    lastStatusCode: row.lastStatusCode,
    lastResponseMs: row.lastResponseMs,
    lastError: row.lastError,
    createdAt: row.createdAt,
    deliveredAt: row.deliveredAt,
  };
}

/** The listener of venue events: one pending delivery per active endpoint subscribed to the type. */
/**
 * One pending delivery per subscribed active endpoint of the event's business, written in the
 * transaction of the write the event describes (venue-events.ts). Resolves to the new rows' ids.
 */
export async function enqueueVenueEvent(app: FastifyInstance, tx: DbOrTx, event: VenueEvent): Promise<string[]> {
  const endpoints = await tx
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.businessId, event.businessId), eq(e.active, true), arrayContains(e.events, [event.type])));
  if (!endpoints.length) return [];
  const now = new Date(app.ctx.now());
  const payload = { type: event.type, occurredAt: event.occurredAt, data: event.data };
  const rows = await tx
    .insert(d)
    .values(
      endpoints.map((endpoint) => ({
        endpointId: endpoint.id,
        businessId: event.businessId,
        eventType: event.type,
        payload,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .returning({ id: d.id });
  return rows.map((r) => r.id);
}

/** Open delivery logs refresh when deliveries are queued (after their transaction commits). */
export const announceQueued = (app: FastifyInstance, businessId: string, ids: string[]) =>
  publish(app, businessId, ids, 'created');

async function publish(app: FastifyInstance, businessId: string, ids: string[], action: 'created' | 'updated') {
  await publishRecordChanges(app, DELIVERIES_LIVE, action, new Map([[businessId, ids]]));
}

/** Takes up to `limit` rows that are due (or whose sender's lease ran out) and marks them sending. */
async function claimDue(db: Db, now: number, limit: number, onlyId?: string): Promise<DeliveryRow[]> {
  const at = new Date(now);
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        onlyId ? eq(d.id, onlyId) : undefined,
        or(eq(d.status, 'pending'), eq(d.status, 'sending')),
        lte(d.nextAttemptAt, at),
      ),
    )
    .orderBy(asc(d.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(d)
    .set({ status: 'sending', nextAttemptAt: new Date(now + LEASE_MS) })
    .where(inArray(d.id, due))
    .returning();
}

/**
 * Sends one claimed row and records the attempt. A failure is retried with back-off, except a
 * test delivery and a manual retry of a finished delivery, which someone is watching: those
 * fail at once.
 */
async function attempt(app: FastifyInstance, row: DeliveryRow, endpoint: EndpointRow, retryLater: boolean) {
  const { db } = app.ctx.database;
  const attempts = row.attempts + 1;
  const result = endpoint.active
    ? await sendSigned({
        url: endpoint.url,
        secret: endpoint.secret,
        deliveryId: row.id,
        body: JSON.stringify({ id: row.id, ...(row.payload as object) }),
        timestamp: Math.floor(app.ctx.now() / 1000),
        allowPrivate: app.ctx.config.webhooks.allowPrivate,
      })
    : { ok: false, statusCode: null, responseMs: null, error: MESSAGES.webhookEndpointOff };
  const now = app.ctx.now();
  const wait = result.ok || !retryLater || !endpoint.active ? null : retryDelay(attempts);
  const status: DeliveryStatus = result.ok ? 'succeeded' : wait === null ? 'failed' : 'pending';
  const [saved] = await db
    .update(d)
    .set({
      status,
      attempts,
      nextAttemptAt: new Date(now + (wait ?? 0)),
      lastStatusCode: result.statusCode,
      lastResponseMs: result.responseMs,
      lastError: result.error,
      deliveredAt: result.ok ? new Date(now) : null,
    })
    .where(eq(d.id, row.id))
    .returning();
  await publish(app, row.businessId, [row.id], 'updated');
  return saved!;
}

/** One pass of the worker: sends what is due now (by the app's clock); returns how many were sent. */
export async function runDueDeliveries(app: FastifyInstance, limit = BATCH): Promise<number> {
  const { db } = app.ctx.database;
  const rows = await claimDue(db, app.ctx.now(), limit);
  if (!rows.length) return 0;
  const endpoints = await db
    .select()
    .from(e)
    .where(inArray(e.id, [...new Set(rows.map((r) => r.endpointId))]));
  const byId = new Map(endpoints.map((x) => [x.id, x]));
  await Promise.all(
    rows.map((row) => {
      const endpoint = byId.get(row.endpointId);
      // Deleted since the claim: its deliveries went with it.
      return endpoint ? attempt(app, row, endpoint, row.eventType !== WEBHOOK_TEST_EVENT) : null;
    }),
  );
  return rows.length;
}

/** "Send test": a `webhook.test` delivery sent now, while the owner waits; its row joins the log. */
export async function sendTest(app: FastifyInstance, businessId: string, endpointId: string) {
  const { db } = app.ctx.database;
  const endpoint = await endpointOfBusiness(db, businessId, endpointId);
  const now = app.ctx.now();
  const payload = {
    type: WEBHOOK_TEST_EVENT,
    occurredAt: new Date(now).toISOString(),
    data: { message: 'A test delivery from the back office', endpointId },
  };
  const [row] = await db
    .insert(d)
    .values({
      endpointId,
      businessId,
      eventType: WEBHOOK_TEST_EVENT,
      payload,
      status: 'sending',
      nextAttemptAt: new Date(now + LEASE_MS),
      createdAt: new Date(now),
    })
    .returning();
  return deliveryView(await attempt(app, row!, endpoint, false));
}

/**
 * "Retry": sends the delivery again now. A pending one keeps its back-off schedule if this
 * attempt fails too; a finished one (failed, or succeeded and wanted again) is sent once. A
 * delivery being sent at this moment is answered as it is.
 */
export async function retryDelivery(app: FastifyInstance, businessId: string, endpointId: string, deliveryId: string) {
  const { db } = app.ctx.database;
  const endpoint = await endpointOfBusiness(db, businessId, endpointId);
  const row = await deliveryOf(db, endpoint.id, deliveryId);
  if (row.status === 'sending') return deliveryView(row);
  const wasPending = row.status === 'pending' && row.eventType !== WEBHOOK_TEST_EVENT;
  // Make it due now, then claim it like the worker would (whoever claims first sends it).
  const now = app.ctx.now();
  await db
    .update(d)
    .set({ status: 'pending', nextAttemptAt: new Date(now) })
    .where(and(eq(d.id, row.id), eq(d.status, row.status)));
  const [claimed] = await claimDue(db, now, 1, row.id);
  if (!claimed) return deliveryView(await deliveryOf(db, endpoint.id, deliveryId));
  return deliveryView(await attempt(app, claimed, endpoint, wasPending));
}

async function deliveryOf(db: Db, endpointId: string, deliveryId: string): Promise<DeliveryRow> {
  if (!isUuid(deliveryId)) throw notFound(MESSAGES.webhookDeliveryNotFound);
  const [row] = await db
    .select()
    .from(d)
    .where(and(eq(d.id, deliveryId), eq(d.endpointId, endpointId)));
  if (!row) throw notFound(MESSAGES.webhookDeliveryNotFound);
  return row;
}

/** An endpoint's delivery log, newest first. */
export async function listDeliveries(db: Db, businessId: string, endpointId: string, page: number, perPage: number) {
  const endpoint = await endpointOfBusiness(db, businessId, endpointId);
  const where = eq(d.endpointId, endpoint.id);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(d)
      .where(where)
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(d).where(where),
  ]);
  return { rows: rows.map(deliveryView), total: total?.n ?? 0 };
}
