/**
 * Two upcoming events at the demo venue (club_event_management), with ticket types and a few
 * tickets already issued, so the month view, the details and the door have something to show.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { newPassCode } from '../../src/domain/reservations/pass-code';
import { addDays, zonedDay, zonedTimeToInstant } from '../../src/domain/venue/opening-hours';
import type { Db } from '../db/client';
import { businesses } from '../db/schema';
import { events, eventTickets, eventTicketTypes } from '../modules/events/tables';

const TIME_ZONE = 'America/New_York';
const hour = (h: number) => h * 60;

const EVENTS = [
  {
    inDays: 10,
    name: 'Friday Jazz Jam',
    description: 'An open jam session with the house trio. Bring your instrument.',
    hours: [hour(21), 4],
    types: [
      { name: 'General admission', priceCents: 2000, quantity: 120 },
      { name: 'Table for two', priceCents: 6500, quantity: 12 },
    ],
    tickets: [
      { type: 0, guestName: 'Maya Chen', guestEmail: 'maya.chen@example.com' },
      { type: 1, guestName: 'Luis Ortega', guestEmail: 'luis.ortega@example.com' },
    ],
  },
  {
    inDays: 24,
    name: 'New Year Swing Night',
    description: 'Big band swing until late, with a dance lesson at 8 PM.',
    hours: [hour(20), 5],
    types: [
      { name: 'Early bird', priceCents: 3500, quantity: 40 },
      { name: 'VIP', priceCents: 9900, quantity: 10 },
    ],
    tickets: [{ type: 0, guestName: 'Grace Park', guestEmail: 'grace.park@example.com' }],
  },
] as const;

export async function seedEventsDemo(db: Db, venueId: string | null, now: number): Promise<void> {
  if (!venueId) return;
  const [business] = await db.select().from(businesses).where(eq(businesses.companyName, 'Blue Note Club'));
  if (!business) return;
  const today = zonedDay(now, TIME_ZONE);
  for (const e of EVENTS) {
    const start = zonedTimeToInstant(addDays(today, e.inDays), e.hours[0], TIME_ZONE);
    const [event] = await db
      .insert(events)
      .values({
        businessId: business.id,
        venueId,
        name: e.name,
        description: e.description,
        startsAt: new Date(start),
        endsAt: new Date(start + e.hours[1] * 3600_000),
      })
      .returning({ id: events.id });
    const types = await db
      .insert(eventTicketTypes)
      .values(e.types.map((t, position) => ({ ...t, eventId: event!.id, position })))
      .returning({ id: eventTicketTypes.id });
    await db.insert(eventTickets).values(
      e.tickets.map((t) => ({
        businessId: business.id,
        eventId: event!.id,
        ticketTypeId: types[t.type]!.id,
        guestName: t.guestName,
        guestEmail: t.guestEmail,
        code: newPassCode(randomBytes),
        priceCents: e.types[t.type]!.priceCents,
      })),
    );
  }
}
