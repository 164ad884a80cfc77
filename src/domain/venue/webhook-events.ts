/**
 * What happens at a venue that other systems may want to hear about: the event types a
 * webhook endpoint subscribes to (settings/webhooks). The areas that cause them emit them
 * through server/modules/venue/venue-events.ts.
 */
export const VENUE_EVENT_TYPES = [
  'reservation.created',
  'reservation.changed',
  'reservation.cancelled',
  'ticket.redeemed',
  'event.cancelled',
] as const;
export type VenueEventType = (typeof VENUE_EVENT_TYPES)[number];
