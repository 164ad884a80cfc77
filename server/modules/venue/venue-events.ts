/**
 * Venue happenings inside the server: the reservation, door and event areas record them in the
 * transaction of the write they describe; listeners (the webhooks area) write what they need in
 * it and act after it commits. Kept per app context, so two test apps in one process never hear
 * each other. A listener that fails inside the transaction fails the write (the two are one);
 * after the commit, a failure is only logged.
 */
import type { FastifyInstance } from 'fastify';
import type { VenueEventType } from '../../../src/domain/venue/webhook-events';
import type { DbOrTx } from '../../db/client';

export interface VenueEvent {
  type: VenueEventType;
  businessId: string;
  /** When it happened (ISO 8601). */
  occurredAt: string;
  /** What a receiver needs: ids and the fields a person would read (no secrets, no pass codes). */
  data: Record<string, unknown>;
}

/** What a listener runs once the writer's transaction has committed (wake a worker, tell screens). */
export type AfterCommit = () => Promise<void>;

/** Writes what the event calls for in the writer's transaction; may return what to run after. */
export type VenueEventListener = (app: FastifyInstance, tx: DbOrTx, event: VenueEvent) => Promise<AfterCommit | void>;

const listeners = new WeakMap<object, VenueEventListener[]>();

/** Registers a listener for this app (call from an area's plugin). */
export function onVenueEvent(app: FastifyInstance, listener: VenueEventListener) {
  const list = listeners.get(app.ctx) ?? [];
  list.push(listener);
  listeners.set(app.ctx, list);
}

/**
 * Hands the event to every listener inside the writer's transaction `tx`, so what they write
 * (webhook deliveries) commits or rolls back with the write itself: no event is lost to a crash
 * between the two, and none is sent for a write that did not happen. Resolves to what to run
 * once the transaction has committed (`runAfterCommit`).
 */
export async function recordVenueEvent(
  app: FastifyInstance,
  tx: DbOrTx,
  event: Omit<VenueEvent, 'occurredAt'> & { occurredAt?: string },
): Promise<AfterCommit[]> {
  const full: VenueEvent = { ...event, occurredAt: event.occurredAt ?? new Date(app.ctx.now()).toISOString() };
  const after: AfterCommit[] = [];
  for (const listener of listeners.get(app.ctx) ?? []) {
    const then = await listener(app, tx, full);
    if (then) after.push(then);
  }
  return after;
}

/** Runs the listeners' after-commit steps; a failure there is logged, the write has happened. */
export async function runAfterCommit(app: FastifyInstance, after: readonly AfterCommit[]) {
  for (const step of after) {
    try {
      await step();
    } catch (err) {
      app.log.warn({ err }, 'a venue event listener failed after the write');
    }
  }
}
