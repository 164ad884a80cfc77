/**
 * What the reservation screens read most and change least, remembered per venue: the venue row
 * and a night (hours, special dates, plan and bookings; availability.ts). Availability is asked
 * on every change of the form's party, time or night, and the floor plan's table states by every
 * screen watching it, so answering both from memory is what keeps their p99 low under load.
 *
 * It never answers what the database would not (db/change-cache.ts has the rules): migration
 * 0016's triggers NOTIFY 'venue_changed' with the venue's id on every change to those rows, and
 * that venue is forgotten (db/change-listener.ts hears it, per engine). Writes never read from
 * here: a booking is checked against the database under the venue's lock (reservation-service.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ChangeCache } from '../../db/change-cache';
import { keepCacheHonest } from '../../db/change-listener';
import type { Db } from '../../db/client';
import { venueOfBusiness, type VenueRow } from '../venue';
import { readNight, type Night } from './availability';

export const VENUE_CHANGED_CHANNEL = 'venue_changed';

/** The tables migration 0016's triggers watch. */
const VENUE_TABLES = [
  'venues',
  'businesses',
  'venue_hours',
  'venue_special_dates',
  'venue_layouts',
  'reservations',
  'reservation_tables',
];

export class NightCache {
  private readonly cache: ChangeCache<VenueRow | Night>;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {
    this.cache = new ChangeCache(now, { enabled: false });
  }

  /** The business's venue (404 for another business's, never remembered). */
  venue(businessId: string, venueId: string): Promise<VenueRow> {
    return this.cache.through(`venue:${businessId}:${venueId}`, venueId, () =>
      venueOfBusiness(this.db, businessId, venueId),
    ) as Promise<VenueRow>;
  }

  night(venue: VenueRow, day: string): Promise<Night> {
    return this.cache.through(`night:${venue.id}:${day}`, venue.id, () =>
      readNight(this.db, venue, day, this.now()),
    ) as Promise<Night>;
  }

  /** Listens for the database's changes until the app closes; remembers nothing until then. */
  keepHonest(app: FastifyInstance) {
    return keepCacheHonest(app, this.cache, {
      channel: VENUE_CHANGED_CHANNEL,
      tables: VENUE_TABLES,
      name: 'night cache',
      groupField: 'venueId',
    });
  }
}
