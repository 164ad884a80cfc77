/**
 * The events area's answers, written once: the event routes (server/modules/events) answer
 * through these schemas and the screens (src/custom/events) read their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';

export const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** An event as the month view lists it. */
export const eventSummaryAnswer = z.object({
  id: z.string(),
  venueId: z.string(),
  name: z.string(),
  description: z.string(),
  startsAt: timestamp,
  endsAt: timestamp,
  status: z.enum(EVENT_STATUSES),
});
export type EventSummary = z.output<typeof eventSummaryAnswer>;

/** A ticket type with how many valid tickets were issued and, of those, admitted at the door. */
export const eventTicketTypeAnswer = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number(),
  quantity: z.number(),
  sold: z.number(),
  admitted: z.number(),
});
export type EventTicketTypeView = z.output<typeof eventTicketTypeAnswer>;

/** One event with its venue's name and its ticket types. */
export const eventDetailsAnswer = z.extend(eventSummaryAnswer, {
  venueName: z.string(),
  ticketTypes: z.array(eventTicketTypeAnswer),
});
export type EventDetails = z.output<typeof eventDetailsAnswer>;

/** A ticket issued for an event. */
export const eventTicketAnswer = z.object({
  id: z.string(),
  ticketTypeId: z.string(),
  guestName: z.string(),
  guestEmail: z.string(),
  code: z.string(),
  /** The price it was issued at (its type's price then; a later change is for new tickets only). */
  priceCents: z.number(),
  status: z.enum(['valid', 'cancelled']),
  createdAt: timestamp,
});
export type EventTicketView = z.output<typeof eventTicketAnswer>;
