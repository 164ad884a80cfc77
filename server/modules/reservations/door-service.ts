/**
 * The door check: a scanned QR's token or a typed pass code → admitted, already used (by whom,
 * when) or refused (why). This service owns door_admissions' writes.
 *
 * Redeeming is one INSERT … ON CONFLICT DO NOTHING on the pass code (door_admissions' key):
 * the insert that lands admits, every other — a second scan, or another door scanning the same
 * ticket in the same instant — conflicts and reads the first admission back. No lock, no
 * read-then-write window, the same on PGlite and PostgreSQL. The reservation's own status is
 * left to the reservations area; the door only records who came in.
 */
import type { FastifyInstance } from 'fastify';
import { isPassCodeShape, normalisePassCode } from '../../../src/domain/reservations/pass-code';
import { nightCovering, zonedDay } from '../../../src/domain/venue/opening-hours';
import { NIGHT_TURNOVER_MINUTES, nightOf, validAt } from '../../../src/domain/door/pass-validity';
import {
  DOOR_ADMISSIONS_RESOURCE,
  tokenFromScan,
  type Admission,
  type DoorPass,
  type PublicPass,
  type RedeemResult,
  type RefusalReason,
} from '../../../src/domain/door/redeem';
import { zonedTimeToInstant, addDays } from '../../../src/domain/venue/opening-hours';
import { MEMBER_ROLE } from '../../../src/domain/team';
import type { AuthContext } from '../../context';
import { doorAdmissions } from '../../db/schema';
import { publishRecordChanges, registerLiveResource } from '../../resources/live-events';
import { recordVenueEvent, runAfterCommit, scheduleOf, timeZoneOf, venueOfBusiness } from '../venue';
import { verifyPassToken, type PassKind } from './door-pass';
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

const refused = (reason: RefusalReason, pass: DoorPass | null = null): RedeemResult => ({
  state: 'refused',
  reason,
  pass,
  admittedAt: null,
  admittedBy: null,
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

/**
 * Whether the pass is for tonight. The quick rule needs no query; only a guest outside it asks
 * for the venue's hours, whose night may run later (a reservation's venue only: an event
 * states its own span).
 */
async function onItsNight(app: FastifyInstance, pass: FoundPass, now: number): Promise<boolean> {
  const times = { startsAt: pass.startsAt.getTime(), endsAt: pass.endsAt.getTime(), timeZone: pass.timeZone };
  if (validAt(times, now)) return true;
  if (pass.kind !== 'reservation') return false;
  const fromDay = addDays(zonedDay(times.startsAt, pass.timeZone), -1);
  const schedule = await scheduleOf(
    app.ctx.database.db,
    { id: pass.venueId, businessId: pass.businessId },
    now,
    fromDay,
  );
  const night = nightCovering(schedule.hours, schedule.specialDates, pass.timeZone, times.startsAt, times.startsAt);
  return validAt({ ...times, night }, now);
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
  if (!(await onItsNight(app, pass, now))) return refused('wrongDay', view);

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
    return { admittedAt, admittedBy, after };
  });

  if (admitted) {
    const { admittedAt, admittedBy } = admitted;
    await publishRecordChanges(app, admissionsLive, 'created', new Map([[pass.businessId, [pass.id]]]));
    await runAfterCommit(app, admitted.after);
    return { state: 'admitted', reason: null, pass: view, admittedAt, admittedBy };
  }
  const first = await admissionOf(db, pass.code);
  return {
    state: 'alreadyUsed',
    reason: null,
    pass: view,
    admittedAt: first ? first.admittedAt.toISOString() : null,
    admittedBy: first ? personName(first) : null,
  };
}

/** The admissions of a venue's night (`day` local, default tonight), newest first. */
export async function admissionsOfNight(
  app: FastifyInstance,
  businessId: string,
  venueId: string,
  day: string | undefined,
): Promise<Admission[]> {
  const { db } = app.ctx.database;
  await venueOfBusiness(db, businessId, venueId);
  const timeZone = await timeZoneOf(db, businessId);
  const night = day ?? nightOf(app.ctx.now(), timeZone);
  const from = zonedTimeToInstant(night, NIGHT_TURNOVER_MINUTES, timeZone);
  const to = zonedTimeToInstant(addDays(night, 1), NIGHT_TURNOVER_MINUTES, timeZone);
  const rows = await admissionsOfVenue(db, businessId, venueId, new Date(from), new Date(to));
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
