/**
 * The door check: a scanned QR's token or a typed pass code → admitted, already used (by whom,
 * when) or refused (why). This service owns door_admissions' writes.
 *
 * Redeeming is one INSERT … ON CONFLICT DO NOTHING on the pass code (door_admissions' key):
 * the insert that lands admits, every other — a second scan, or another door scanning the same
 * ticket in the same instant — conflicts and reads the first admission back. No lock, no
 * read-then-write window, the same on PGlite and PostgreSQL.
 *
 * Admitting a reservation's guest seats the reservation (booked → seated, in the admission's
 * transaction): the reservations screen, the floor plan and home then show the party as arrived
 * without anyone marking it twice. "Seated" is the one word for it everywhere — there is no
 * separate "arrived" status. A reservation already seated (or further) keeps its status.
 *
 * Which night a pass is good for is the venue's night (src/domain/venue/venue-night.ts), the
 * same one the reservations screen lists it under.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { isPassCodeShape, normalisePassCode } from '../../../src/domain/reservations/pass-code';
import { passNight, validAt } from '../../../src/domain/door/pass-validity';
import { scheduleFromDay, venueNight, venueNightOf } from '../../../src/domain/venue/venue-night';
import {
  DOOR_ADMISSIONS_RESOURCE,
  tokenFromScan,
  type Admission,
  type DoorPass,
  type PublicPass,
  type RedeemResult,
  type RefusalReason,
} from '../../../src/domain/door/redeem';
import { zonedTimeToInstant } from '../../../src/domain/venue/opening-hours';
import { MEMBER_ROLE } from '../../../src/domain/team';
import type { AuthContext } from '../../context';
import { doorAdmissions } from '../../db/schema';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { recordVenueEvent, runAfterCommit, scheduleOf, venueOfBusiness, type AfterCommit } from '../venue';
import { reservationEvent, reservationsLive } from './announce';
import { verifyPassToken, type PassKind } from './door-pass';
import { planTables } from './plan-tables';
import type { PlanTable } from '../../../src/domain/reservations/reservation';
import { reservationOf, type DbOrTx } from './queries';
import { reservations } from './tables';
import { admissionOf, admissionsOfVenue, admitterName, passByCode, personName, type FoundPass } from './door-queries';

export interface RedeemRequest {
  token?: string;
  code?: string;
  venueId?: string;
}

/** Every open door screen of the business re-reads its admissions when a guest is let in. */
const admissionsLive = registerLiveResource({
  name: DOOR_ADMISSIONS_RESOURCE,
  tenant: true,
  privilege: 'qrVerification',
  access: { list: ['CLUBOWNER', MEMBER_ROLE], show: ['CLUBOWNER', MEMBER_ROLE] },
});

const refused = (
  reason: RefusalReason,
  pass: DoorPass | null = null,
  night: RedeemResult['night'] = null,
): RedeemResult => ({
  state: 'refused',
  reason,
  pass,
  admittedAt: null,
  admittedBy: null,
  night,
});

function shown(pass: FoundPass): DoorPass {
  return {
    kind: pass.kind,
    id: pass.id,
    guestName: pass.guestName,
    partySize: pass.partySize,
    ticketType: pass.ticketType,
    eventName: pass.eventName,
    venueId: pass.venueId,
    venueName: pass.venueName,
    startsAt: pass.startsAt.toISOString(),
  };
}

/** The code and kind the door was given, or null for a QR this server did not sign. */
async function passOf(
  app: FastifyInstance,
  input: RedeemRequest,
): Promise<{ code: string; kind: PassKind | null } | null> {
  if (input.token) {
    const pass = await verifyPassToken(app, tokenFromScan(input.token));
    return pass && { code: pass.code, kind: pass.kind };
  }
  return { code: normalisePassCode(input.code ?? ''), kind: null };
}

/** The venue's hours around the pass's start and now: enough to tell the nights of both. */
function scheduleAround(app: FastifyInstance, pass: FoundPass, now: number) {
  const fromDay = scheduleFromDay([pass.startsAt.getTime(), now], pass.timeZone);
  return scheduleOf(
    app.ctx.database.db,
    { id: pass.venueId, businessId: pass.businessId, timeZone: pass.timeZone },
    now,
    fromDay,
  );
}

/**
 * Seats the admitted guest's reservation when it is still booked, recording the change for the
 * venue's listeners like any other status step (what to run after the commit); null when it
 * seated nothing (a ticket, or a party already seated or further).
 */
async function seatOnAdmission(
  app: FastifyInstance,
  tx: DbOrTx,
  pass: FoundPass,
  tables: PlanTable[] | null,
  now: number,
): Promise<AfterCommit[] | null> {
  if (pass.kind !== 'reservation' || pass.status !== 'booked') return null;
  const [seated] = await tx
    .update(reservations)
    .set({ status: 'seated', updatedAt: new Date(now) })
    .where(and(eq(reservations.id, pass.id), eq(reservations.status, 'booked')))
    .returning({ id: reservations.id });
  if (!seated) return null;
  const venue = {
    id: pass.venueId,
    businessId: pass.businessId,
    name: pass.venueName,
    capacity: null,
    timeZone: pass.timeZone,
  };
  const found = await reservationOf(tx, pass.venueId, pass.id);
  return recordVenueEvent(app, tx, reservationEvent(venue, found!, 'changed', tables));
}

export async function redeemPass(app: FastifyInstance, auth: AuthContext, input: RedeemRequest): Promise<RedeemResult> {
  const { db } = app.ctx.database;
  const given = await passOf(app, input);
  if (!given) return refused('forged');
  if (!isPassCodeShape(given.code)) return refused('notThisVenue');
  const pass = await passByCode(db, given.code, given.kind);
  // Another business's pass reads exactly like no pass at all.
  if (!pass || pass.businessId !== auth.businessId) return refused('notThisVenue');
  const view = shown(pass);
  if (input.venueId && input.venueId !== pass.venueId) return refused('otherVenue', view);
  if (pass.eventStatus === 'cancelled') return refused('eventCancelled', view);
  if (pass.status === 'cancelled') return refused('cancelled', view);
  const now = app.ctx.now();
  const schedule = await scheduleAround(app, pass, now);
  const times = { startsAt: pass.startsAt.getTime(), endsAt: pass.endsAt.getTime() };
  if (!validAt(times, now, schedule)) return refused('wrongNight', view, passNight(times, now, schedule));

  // The table names of the reservation's event, should the admission seat it (read before the
  // transaction: a transaction sends its queries on itself only).
  const tables = pass.kind === 'reservation' && pass.status === 'booked' ? await planTables(db, pass.venueId) : null;
  // The admission and its webhook deliveries commit together (venue-events.ts).
  const admitted = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(doorAdmissions)
      .values({
        code: pass.code,
        businessId: pass.businessId,
        kind: pass.kind,
        refId: pass.id,
        admittedBy: auth.userId,
        admittedAt: new Date(now),
      })
      .onConflictDoNothing({ target: doorAdmissions.code })
      // Who let the guest in comes back with the row: one round trip less on the busiest path.
      .returning({ admittedAt: doorAdmissions.admittedAt, ...admitterName(auth.userId) });
    if (!inserted) return null;
    const admittedBy = personName(inserted);
    const admittedAt = inserted.admittedAt.toISOString();
    const after = await recordVenueEvent(app, tx, {
      type: 'ticket.redeemed',
      businessId: pass.businessId,
      data: { kind: pass.kind, id: pass.id, venueId: pass.venueId, admittedAt, admittedBy },
    });
    const seated = await seatOnAdmission(app, tx, pass, tables, now);
    return { admittedAt, admittedBy, after: [...after, ...(seated ?? [])], seated: seated !== null };
  });

  if (admitted) {
    const { admittedAt, admittedBy } = admitted;
    await publishRecordChanges(app, admissionsLive, 'created', new Map([[pass.businessId, [pass.id]]]));
    if (admitted.seated)
      await publishRecordChanges(app, reservationsLive, 'updated', new Map([[pass.businessId, [pass.id]]]));
    await runAfterCommit(app, admitted.after);
    return { state: 'admitted', reason: null, pass: view, admittedAt, admittedBy, night: null };
  }
  const first = await admissionOf(db, pass.code);
  return {
    state: 'alreadyUsed',
    reason: null,
    pass: view,
    admittedAt: first ? first.admittedAt.toISOString() : null,
    admittedBy: first ? personName(first) : null,
    night: null,
  };
}

/** The admissions of a venue's night (`day` names it; default the night it is now), newest first. */
export async function admissionsOfNight(
  app: FastifyInstance,
  businessId: string,
  venueId: string,
  day: string | undefined,
): Promise<Admission[]> {
  const { db } = app.ctx.database;
  const venue = await venueOfBusiness(db, businessId, venueId);
  const now = app.ctx.now();
  const fromDay = scheduleFromDay(day ? [now, zonedTimeToInstant(day, 0, venue.timeZone)] : [now], venue.timeZone);
  const schedule = await scheduleOf(db, venue, now, fromDay);
  const night = venueNight(day ?? venueNightOf(now, schedule), schedule);
  const rows = await admissionsOfVenue(db, businessId, venueId, new Date(night.start), new Date(night.end));
  return rows.map((r) => ({
    kind: r.kind === 'ticket' ? 'ticket' : 'reservation',
    id: r.id,
    guestName: r.reservationGuest ?? r.ticketGuest ?? '',
    partySize: r.partySize,
    ticketType: r.ticketType,
    admittedAt: r.admittedAt.toISOString(),
    admittedBy: personName({ firstName: r.firstName, lastName: r.lastName }),
  }));
}

/** The guest's ticket page: the pass a valid token names, or null (forged, or no such pass). */
export async function publicPass(app: FastifyInstance, token: string): Promise<PublicPass | null> {
  const given = await verifyPassToken(app, token);
  if (!given) return null;
  const { db } = app.ctx.database;
  const pass = await passByCode(db, given.code, given.kind);
  if (!pass) return null;
  const admission = await admissionOf(db, pass.code);
  const cancelled = pass.status === 'cancelled' || pass.eventStatus === 'cancelled';
  return {
    kind: pass.kind,
    venueName: pass.venueName,
    guestName: pass.guestName,
    startsAt: pass.startsAt.toISOString(),
    endsAt: pass.endsAt.toISOString(),
    timeZone: pass.timeZone,
    partySize: pass.partySize,
    ticketType: pass.ticketType,
    eventName: pass.eventName,
    status: cancelled ? 'cancelled' : admission ? 'used' : 'valid',
    admittedAt: admission ? admission.admittedAt.toISOString() : null,
    code: pass.code,
  };
}
