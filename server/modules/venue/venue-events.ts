/**
 * Venue happenings inside the server: the reservation, door and event areas emit them after
 * their write has committed; listeners (the webhooks area) act on them. Kept per app context,
 * so two test apps in one process never hear each other, and a failing listener is logged and
 * never fails the write that caused the event.
 */
import type { FastifyInstance } from 'fastify';
import type { VenueEventType } from '../../../src/domain/venue/webhook-events';

export interface VenueEvent {
  type: VenueEventType;
  businessId: string;
  /** When it happened (ISO 8601). */
  occurredAt: string;
  /** What a receiver needs: ids and the fields a person would read (no secrets, no pass codes). */
  data: Record<string, unknown>;
}

export type VenueEventListener = (app: FastifyInstance, event: VenueEvent) => Promise<void>;

const listeners = new WeakMap<object, VenueEventListener[]>();

/** Registers a listener for this app (call from an area's plugin). */
export function onVenueEvent(app: FastifyInstance, listener: VenueEventListener) {
  const list = listeners.get(app.ctx) ?? [];
  list.push(listener);
  listeners.set(app.ctx, list);
}

/** Hands the event to every listener of this app; call after the write has committed. */
export async function emitVenueEvent(
  app: FastifyInstance,
  event: Omit<VenueEvent, 'occurredAt'> & { occurredAt?: string },
): Promise<void> {
  const full: VenueEvent = { ...event, occurredAt: event.occurredAt ?? new Date(app.ctx.now()).toISOString() };
  for (const listener of listeners.get(app.ctx) ?? []) {
    try {
      await listener(app, full);
    } catch (err) {
      app.log.warn({ err, type: event.type }, 'a venue event listener failed');
    }
  }
}
