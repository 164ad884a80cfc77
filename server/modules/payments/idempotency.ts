/**
 * Idempotency-Key (Stripe's semantics) for every route that moves money or changes a
 * subscription. The first request with a key inserts a row — the unique (scope, key) index is
 * the lock — runs, and stores its answer; a retry replays that answer; a concurrent duplicate
 * waits for it. So a double-click or a network retry never charges twice. The request hash is
 * taken with card number and CVC replaced, so the table never holds anything derived from them.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { MESSAGES } from '../../../src/domain/messages';
import { idempotencyKeys } from './tables';
import { HttpError, badRequest, conflict } from '../../http/errors';

const KEY = /^[\x21-\x7e]{1,255}$/;
const SENSITIVE = new Set(['number', 'cardnumber', 'cvc', 'cvv']);
/** How long a stored answer is replayed (Stripe keeps keys 24 hours). */
const KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * A request still running after this long never finishes: its server stopped mid-run (the 5xx
 * path that lets go of the key never ran). Every handler ends far sooner, its processor calls
 * bounded (PROCESSOR_CALL_MAX_MS; a payment link's claim, LINK_CLAIM), so a retry with the key
 * runs instead of waiting on it forever.
 */
export const ABANDONED_MS = 30 * 60_000;
const WAIT_MS = 20_000;
const POLL_MS = 25;

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => {
          const v = (value as Record<string, unknown>)[k];
          return [k, SENSITIVE.has(k.toLowerCase()) ? '[card data]' : redact(v)];
        }),
    );
  }
  return value;
}

function requestHash(request: FastifyRequest): string {
  const canonical = JSON.stringify({
    method: request.method,
    route: request.routeOptions.url,
    params: redact(request.params),
    query: redact(request.query),
    body: redact(request.body),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** The Idempotency-Key header, checked; null when the client sent none. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY.test(key))
    throw badRequest(MESSAGES.idempotencyKeyInvalid, { 'Idempotency-Key': MESSAGES.idempotencyKeyInvalid });
  return key;
}

interface Stored {
  status: number;
  body: unknown;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `handler` at most once per (scope, Idempotency-Key). Its answer (a 200 body, or the
 * 4xx it threw: a declined card stays declined on retry) is stored and replayed; a 5xx or an
 * unexpected error removes the record so the client may retry. Without a key the handler
 * simply runs. `keyForProcessor` gets a stable key to pass on to the processor.
 */
export async function idempotent<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  handler: (keyForProcessor: string) => Promise<T>,
  options: { exclusive?: string } = {},
): Promise<T> {
  const given = idempotencyKeyOf(request);
  const hash = requestHash(request);
  // A route that must never run twice at once for one caller (a subscription charge) holds a
  // lock named by the route, whatever key was sent, and lets go of it when done: two tabs
  // (two keys) or a double submit without a key wait, then run and meet the finished state (409).
  if (options.exclusive) {
    const lockName = options.exclusive;
    const locked = (processorKey: string) => exclusively(app, scope, lockName, hash, () => handler(processorKey));
    if (!given) return locked(`${scope}:${request.id}:${app.ctx.now()}`);
    return idempotent(app, request, reply, scope, locked);
  }
  const key = given;
  if (!key) return handler(`${scope}:${request.id}:${app.ctx.now()}`);
  const { db } = app.ctx.database;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const now = app.ctx.now();
    const [mine] = await db
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash: hash, createdAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (mine) return run(app, mine.id, reply, handler, `${scope}:${key}`);

    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!existing) continue; // the first attempt failed and let go of the key: try to take it
    if (existing.createdAt.getTime() < now - KEEP_MS && existing.statusCode !== null) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.id, existing.id), lt(idempotencyKeys.createdAt, new Date(now - KEEP_MS))));
      continue;
    }
    if (existing.requestHash !== hash) {
      throw conflict(MESSAGES.idempotencyKeyReused, { 'Idempotency-Key': MESSAGES.idempotencyKeyReused });
    }
    if (existing.statusCode === null && existing.createdAt.getTime() < now - ABANDONED_MS) {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.id, existing.id),
            isNull(idempotencyKeys.statusCode),
            lt(idempotencyKeys.createdAt, new Date(now - ABANDONED_MS)),
          ),
        );
      continue;
    }
    if (existing.statusCode !== null) {
      reply.header('idempotent-replayed', 'true');
      return replay<T>(reply, { status: existing.statusCode, body: existing.response });
    }
    if (Date.now() > deadline) throw conflict(MESSAGES.idempotencyInProgress);
    await sleep(POLL_MS);
  }
}

/**
 * The exclusive lock's lease, counted on the database's clock (the one every server process
 * shares). Its holder pushes it on every `renewMs` while the handler works, so a holder that died
 * (process gone, renewals stopped) is taken over `leaseMs` after its last renewal at the latest,
 * within a waiter's WAIT_MS; a live holder loses it only by missing every renewal of a lease (its
 * event loop or the database stalled for ten seconds), which is logged.
 */
export const LOCK_LEASE = { leaseMs: 15_000, renewMs: 5_000 };

/**
 * Runs `handler` while holding the row (`lock:<scope>`, `<name>`): a second caller waits until
 * the first lets go (409 after WAIT_MS). Its scope is not one a client's Idempotency-Key is stored
 * under, so no key a client sends can stand for it. The row is never an answer to replay; it is
 * removed when the handler ends. A lock whose lease ran out is taken over in the statement that
 * would take a free one, so two waiters never both get it; the takeover gives the row a new id,
 * so a holder that was only slow neither renews nor removes the new holder's lock. Exported for
 * the API test of the lease (payments-idempotency).
 */
export async function exclusively<T>(
  app: FastifyInstance,
  scope: string,
  name: string,
  requestHash: string,
  handler: () => Promise<T>,
  lease: { leaseMs: number; renewMs: number } = LOCK_LEASE,
): Promise<T> {
  const { db } = app.ctx.database;
  const lockScope = `lock:${scope}`;
  const deadline = Date.now() + WAIT_MS;
  const leaseEnd = sql`now() + ${lease.leaseMs} * interval '1 millisecond'`;
  for (;;) {
    const taken = { requestHash, createdAt: new Date(app.ctx.now()), leaseExpiresAt: leaseEnd };
    const [mine] = await db
      .insert(idempotencyKeys)
      .values({ scope: lockScope, key: name, ...taken })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { id: sql`excluded.id`, ...taken },
        setWhere: lt(idempotencyKeys.leaseExpiresAt, sql`now()`),
      })
      .returning({ id: idempotencyKeys.id });
    if (mine) {
      const renewals = setInterval(() => void renew(app, mine.id, leaseEnd), lease.renewMs);
      try {
        return await handler();
      } finally {
        clearInterval(renewals);
        await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, mine.id));
      }
    }
    if (Date.now() > deadline) throw conflict(MESSAGES.idempotencyInProgress);
    await sleep(POLL_MS);
  }
}

/** Pushes a held lock's lease on; a lock already taken over (its holder stalled) is only logged. */
async function renew(app: FastifyInstance, id: string, leaseEnd: SQL) {
  try {
    const [still] = await app.ctx.database.db
      .update(idempotencyKeys)
      .set({ leaseExpiresAt: leaseEnd })
      .where(eq(idempotencyKeys.id, id))
      .returning({ id: idempotencyKeys.id });
    if (!still) app.log.warn({ lock: id }, 'an exclusive lock was taken over while its holder still worked');
  } catch (err) {
    // The next renewal tries again; the lease outlasts two missed ones.
    app.log.warn({ err }, 'renewing an exclusive lock failed');
  }
}

/**
 * The stored answer of the same route: a body `handler` returned, or a 4xx body, which the
 * route's response schema for that status serialises. Typed as the handler's result because
 * that is what the route sends for a 200.
 */
function replay<T>(reply: FastifyReply, stored: Stored): T {
  reply.code(stored.status);
  return stored.body as T;
}

async function run<T>(
  app: FastifyInstance,
  rowId: string,
  reply: FastifyReply,
  handler: (keyForProcessor: string) => Promise<T>,
  processorKey: string,
): Promise<T> {
  const { db } = app.ctx.database;
  const finish = (status: number, body: unknown) =>
    db
      .update(idempotencyKeys)
      .set({ statusCode: status, response: body as object, completedAt: new Date(app.ctx.now()) })
      .where(eq(idempotencyKeys.id, rowId));
  try {
    const body = await handler(processorKey);
    await finish(reply.statusCode || 200, body ?? null);
    return body;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 409) {
      await finish(error.statusCode, { message: error.message, errors: error.errors });
    } else {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, rowId));
    }
    throw error;
  }
}

/**
 * Stored answers are replayed for 24 hours (like Stripe); older ones go (renewals.ts runs this),
 * and so do requests abandoned as long ago. An exclusive lock (its scope `lock:…`, with a lease)
 * is its holder's to remove.
 */
export async function purgeIdempotencyKeys(app: FastifyInstance) {
  await app.ctx.database.db
    .delete(idempotencyKeys)
    .where(
      and(
        or(isNotNull(idempotencyKeys.statusCode), isNull(idempotencyKeys.leaseExpiresAt)),
        lt(idempotencyKeys.createdAt, new Date(app.ctx.now() - KEEP_MS)),
      ),
    );
}
