/**
 * Whether a quote's move can be booked, asked before the customer ever sees it: the form warns
 * while the mover writes the quote, and sending refuses a move the customer could never accept.
 * The rule is the bookings' own (bookings' checkTime: inside the business's hours and breaks,
 * exceptions applied, clear of confirmed bookings, not past), run without writing; the times that
 * fit are the bookings' free starts (freeSlotsOf), so the look-ahead and accepting can never disagree.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatMessage } from '../../../src/domain/messages';
import {
  FIT_SEARCH_DAYS,
  FIT_SUGGESTIONS,
  quoteMoveTimes,
  type QuoteMove,
  type QuoteMoveFit,
} from '../../../src/domain/quotes/quotes';
import { addDays, minutesToClock, zonedDay, zonedParts } from '../../../src/domain/venue/opening-hours';
import { formatZonedDateTime } from '../../../src/domain/venue/zoned-format';
import { businesses } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import { checkTime, freeSlotsOf } from '../bookings';

/** The move's fit and, when it does not fit, the instants of the next starts that do. */
async function fitOf(app: FastifyInstance, businessId: string, move: QuoteMove) {
  const { db } = app.ctx.database;
  const now = app.ctx.now();
  const [business] = await db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const timeZone = business?.timeZone ?? 'America/New_York';
  const times = quoteMoveTimes(move, timeZone);
  let reason: string | null = null;
  try {
    await checkTime(db, businessId, times, now);
  } catch (error) {
    // A refused time (outside the hours, taken, past) is the answer; anything else is a real failure.
    if (!(error instanceof HttpError) || (error.statusCode !== 400 && error.statusCode !== 409)) throw error;
    reason = error.message;
  }
  if (reason === null) return { timeZone, reason, starts: [] };
  const today = zonedDay(now, timeZone);
  const from = move.moveDate > today ? move.moveDate : today;
  const free = await freeSlotsOf(
    db,
    businessId,
    { from, to: addDays(from, FIT_SEARCH_DAYS - 1), durationMinutes: move.estimatedHours * 60 },
    now,
  );
  // From the start asked for on, each a whole move after the last: alternatives, not one time in 15-minute steps.
  const durationMs = move.estimatedHours * 3_600_000;
  const starts: string[] = [];
  let notBefore = Date.parse(times.startsAt);
  for (const iso of free.starts) {
    if (starts.length === FIT_SUGGESTIONS) break;
    const start = Date.parse(iso);
    if (start < notBefore) continue;
    starts.push(iso);
    notBefore = start + durationMs;
  }
  return { timeZone, reason, starts };
}

export async function moveFit(app: FastifyInstance, businessId: string, move: QuoteMove): Promise<QuoteMoveFit> {
  const { timeZone, reason, starts } = await fitOf(app, businessId, move);
  const next = starts.map((iso) => {
    const instant = Date.parse(iso);
    return { moveDate: zonedDay(instant, timeZone), startTime: minutesToClock(zonedParts(instant, timeZone).minutes) };
  });
  return { fits: reason === null, reason, next, timeZone };
}

/** Refuses sending a move the customer could never accept (409): the reason on its field, the next times in the message. */
export async function assertMoveFits(app: FastifyInstance, businessId: string, move: QuoteMove) {
  const { timeZone, reason, starts } = await fitOf(app, businessId, move);
  if (reason === null) return;
  throw conflict(
    starts.length
      ? formatMessage('quoteSendUnbookable', {
          next: starts.map((iso) => formatZonedDateTime(iso, timeZone)).join(', '),
        })
      : formatMessage('quoteSendNoTimes', { days: FIT_SEARCH_DAYS }),
    { startTime: reason },
  );
}
