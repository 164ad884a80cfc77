/**
 * The demo club owner's venue: Blue Note Club's main room, open Wednesday to Sunday nights
 * (the weekend nights pass midnight). The seating, reservation and event areas add theirs.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { businesses, venueHours } from '../db/schema';
import { tableOf } from '../resources/tables';

export const DEMO_VENUE_NAME = 'Blue Note Main Room';

const hour = (h: number) => h * 60;
/** weekday → [opens, closes] in minutes after midnight. */
const HOURS: [number, number, number][] = [
  [3, hour(19), hour(23)],
  [4, hour(19), hour(23)],
  [5, hour(20), hour(3)],
  [6, hour(20), hour(4)],
  [0, hour(18), hour(23)],
];

/** The venue's id, or null when the demo club owner's business is missing. */
export async function seedVenueDemo(db: Db): Promise<string | null> {
  const [business] = await db.select().from(businesses).where(eq(businesses.companyName, 'Blue Note Club'));
  if (!business) return null;
  const venues = tableOf('venues');
  const [venue] = await db
    .insert(venues)
    .values({
      businessId: business.id,
      name: DEMO_VENUE_NAME,
      address: '131 W 3rd St',
      city: 'New York',
      capacity: 180,
      phone: '+12125550142',
      email: 'door@bluenote.example',
      dressCode: 'Smart casual',
      ageLimit: 21,
      music: 'Live jazz',
      coverCharge: 2500,
      description: 'Two sets a night, late jam on Fridays and Saturdays.',
    })
    .returning({ id: venues.id });
  const venueId = venue!.id as string;
  await db
    .insert(venueHours)
    .values(HOURS.map(([weekday, opensAt, closesAt]) => ({ venueId, weekday, opensAt, closesAt })));
  return venueId;
}
