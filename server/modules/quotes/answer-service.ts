/**
 * The customer's answer to a sent quote, from its public link (no sign-in; the token is the key).
 *
 * Accept runs in ONE transaction: it locks the quote's row (a second accept waits, then finds it
 * accepted: 409), refuses a quote that is not sent (409) or has expired (410), books the move
 * through the bookings' createBooking (its business lock and double-booking check are in this
 * transaction: a taken or closed time is a 409 for the customer and nothing is written), creates
 * the invoice through the engine's createRecord (its gapless number taken here too), and marks
 * the quote accepted with links to both. After the commit: the booking and the quote and invoice
 * lists are announced live, and the business's movers get a notification, stored as its code so
 * each reads it in their own language. A time that can no longer be booked is recorded on the quote and
 * told to the movers (acceptFailed).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { MESSAGES } from '../../../src/domain/messages';
import { quotePrice } from '../../../src/domain/quotes/pricing';
import { isQuoteExpired, quoteMoveTimes, type PricingType } from '../../../src/domain/quotes/quotes';
import { addDays } from '../../../src/domain/venue/opening-hours';
import { usDate } from '../reports';
import { businesses, users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../http/errors';
import { createRecord } from '../../resources/create-record';
import { publishRecordChanges } from '../../resources/live-events';
import { writeAudit } from '../../resources/audit';
import { diff, loadLines, recordToday, selection, type Row } from '../../resources/records';
import { announceBooking, createBooking, type Booking } from '../bookings';
import { invoicesResource, readInvoiceSettings } from '../invoices';
import { createNotification, type SystemNotification } from '../notifications';
import { moveOf, quoteByToken, type QuoteRow, quotesResource, quotesTable } from './queries';
import { announceQuotes, writeQuoteMove, type Tx } from './quote-service';
import { quoteVersion } from './quote-version';

const gone = (message: string) => new HttpError(410, message);

const PRICING_LABEL: Record<PricingType, string> = {
  binding: 'Binding estimate',
  non_binding: 'Non-binding estimate',
  not_to_exceed: 'Not-to-exceed estimate',
  hourly: 'Hourly move',
};

/**
 * The invoice's lines: one per pricing — the quoted price, or the billed hours × the rate (2.75 ×
 * $95.50: an invoice quantity takes 2 decimals), so the invoice reads as the quote did — at the
 * quote's tax rate. Its amount is the quote's subtotal to the cent (both round quantity × price
 * half-up once, src/domain/money.ts), and an invoice taxes a line as the quote taxes its subtotal
 * (percentOfCents, once), so the draft's total is the total the customer accepted, to the cent
 * (README.md, Quotes).
 */
export function invoiceLinesOf(quote: Row): Row[] {
  const price = quotePrice(quote);
  const number = String(quote.number);
  if (price.pricingType === 'hourly') {
    return [
      {
        description: `${PRICING_LABEL.hourly}, crew of ${String(quote.crewSize)} (quote ${number})`,
        quantity: price.billedHours,
        unitPriceCents: price.hourlyRateCents,
        taxRate: price.taxRate,
      },
    ];
  }
  return [
    {
      description: `${PRICING_LABEL[price.pricingType]}: move on ${usDate(String(quote.moveDate))} (quote ${number})`,
      quantity: 1,
      unitPriceCents: price.subtotalCents,
      taxRate: price.taxRate,
    },
  ];
}

/** The quote, read under its row lock (a concurrent answer waits here, then sees this one's result). */
async function lockedQuote(tx: Tx, id: string): Promise<QuoteRow> {
  const table = quotesTable();
  const [row] = await tx.select(selection(quotesResource(), table)).from(table).where(eq(table.id!, id)).for('update');
  if (!row) throw notFound();
  const lines = (await loadLines(tx, quotesResource(), [id])).get(id)!;
  return { ...row, ...lines } as QuoteRow;
}

/**
 * The rule of an answer, checked before any lock and again under the quote's row lock: the quote
 * is sent (an accepted or declined one is closed: 409), not past its valid-until day in the
 * business's zone (410), and still the version the customer read (`version`, from the page: a
 * mover's edit since is a 409 naming the change, and the page shows the new version). Nothing is
 * written when it fails.
 */
function assertAnswerable(quote: Row, today: string, version: string) {
  if (quote.status !== 'sent') throw conflict(MESSAGES.quoteNotWaiting);
  if (isQuoteExpired(quote, today)) throw gone(MESSAGES.quoteExpired);
  if (quoteVersion(quote) !== version) throw conflict(MESSAGES.quoteChanged);
}

/** A booking refused (time taken, outside the hours, in the past) becomes one clear message for the customer. */
function bookingRefusal(err: unknown): never {
  if (err instanceof HttpError && (err.statusCode === 409 || err.statusCode === 400)) {
    throw conflict(MESSAGES.quoteSlotUnavailable);
  }
  throw err;
}

/** The quote's facts as every notice names them (the move's day and time written by the reader's screen). */
const factsOf = (quote: Row) => ({
  number: String(quote.number),
  customer: String(quote.customerName),
  moveDate: { date: String(quote.moveDate) },
  startTime: { time: String(quote.startTime) },
});

/**
 * Tells the business's movers (every MOVER account of the business). The notice is stored as its
 * code, so each mover's screen writes it in their language, and their web push follows the
 * language their account chose (users.language, the notifications module's push).
 */
async function notifyMovers(app: FastifyInstance, quote: Row, notice: Pick<SystemNotification, 'notice' | 'params'>) {
  const movers = await app.ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, quote.businessId as string), eq(users.role, 'MOVER')));
  for (const mover of movers) {
    await createNotification(app, { audience: 'user', userId: mover.id, ...notice, type: 'quote' });
  }
}

/**
 * A customer's accept refused because the move's time cannot be booked: the quote records when
 * (acceptFailedAt, audited as the customer's), its open pages are told, and the movers are notified
 * so the customer is not left waiting on a quote that still reads "Sent".
 */
async function acceptFailed(app: FastifyInstance, quote: QuoteRow) {
  const at = new Date(app.ctx.now());
  const table = quotesTable();
  await app.ctx.database.db.transaction(async (tx) => {
    const [after] = await tx
      .update(table)
      .set({ acceptFailedAt: at })
      .where(and(eq(table.id!, quote.id), eq(table.status!, 'sent')))
      .returning();
    if (!after) return;
    const changes = diff(quotesResource(), quote, after);
    await writeAudit(tx, quotesResource(), null, [
      { recordId: quote.id, businessId: quote.businessId, action: 'update', changes },
    ]);
  });
  await announceQuotes(app, quote.businessId, [quote.id]);
  const [business] = await app.ctx.database.db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, quote.businessId));
  const timeZone = business?.timeZone ?? 'America/New_York';
  const move = quoteMoveTimes(moveOf(quote), timeZone);
  await notifyMovers(app, quote, {
    notice: 'quoteAcceptFailed',
    params: {
      ...factsOf(quote),
      triedAt: { at: at.toISOString(), zone: timeZone },
      move: { at: move.startsAt, zone: timeZone },
    },
  });
}

/**
 * `version`: the version the customer read (quote-version.ts); `locale`: the language of the
 * customer's page, their booking mail's.
 */
export async function acceptQuote(
  app: FastifyInstance,
  token: string,
  version: string,
  locale: PlatformMailLocale = 'en',
) {
  const found = await quoteByToken(app, token);
  if (!found) throw notFound();
  const businessId = found.businessId;
  const now = app.ctx.now();
  const [[business], settings, today] = await Promise.all([
    app.ctx.database.db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId)),
    readInvoiceSettings(app.ctx.database.db, businessId, now),
    recordToday(app, businessId),
  ]);
  // Answer early without taking any lock when it plainly cannot be accepted.
  assertAnswerable(found, today, version);
  const timeZone = business?.timeZone ?? 'America/New_York';
  const accepting = app.ctx.database.db.transaction(async (tx) => {
    const quote = await lockedQuote(tx, found.id);
    assertAnswerable(quote, today, version);
    const times = quoteMoveTimes(moveOf(quote), timeZone);
    const booking: Booking = await createBooking(
      tx,
      businessId,
      {
        productId: null,
        ...times,
        customerName: String(quote.customerName).slice(0, 100),
        customerEmail: String(quote.customerEmail),
        customerPhone: (quote.customerPhone as string | null) ?? '',
        notes:
          `Quote ${String(quote.number)}: ${String(quote.originAddress)} → ${String(quote.destinationAddress)}`.slice(
            0,
            1000,
          ),
      },
      { now, userId: null },
    ).catch(bookingRefusal);
    const invoice = await createRecord(
      app,
      invoicesResource(),
      {
        customerName: quote.customerName,
        customerEmail: quote.customerEmail,
        issueDate: today,
        dueDate: addDays(today, settings.defaultDueDays),
        lines: invoiceLinesOf(quote),
        notes: `Quote ${String(quote.number)}, accepted on ${usDate(today)}.`,
      },
      { role: 'MOVER', businessId, userId: null },
      { tx },
    );
    const accepted = await writeQuoteMove(
      tx,
      app,
      quote,
      'accepted',
      { answeredAt: new Date(now), bookingId: booking.id, invoiceId: invoice.id },
      null,
    );
    return { quote: accepted, booking, invoice };
  });
  const { quote, booking, invoice } = await accepting.catch(async (error: unknown) => {
    // Nothing was written (rolled back); the mover hears of it and the quote shows it.
    if (error instanceof HttpError && error.message === MESSAGES.quoteSlotUnavailable) await acceptFailed(app, found);
    throw error;
  });
  await announceBooking(app, booking, 'created', locale);
  await publishRecordChanges(app, invoicesResource(), 'created', new Map([[businessId, [invoice.id as string]]]));
  await announceQuotes(app, businessId, [found.id]);
  await notifyMovers(app, quote, {
    notice: 'quoteAccepted',
    params: { ...factsOf(quote), invoice: String(invoice.number) },
  });
  return quoteByToken(app, token);
}

/** `version`: the version the customer read (quote-version.ts). */
export async function declineQuote(app: FastifyInstance, token: string, version: string) {
  const found = await quoteByToken(app, token);
  if (!found) throw notFound();
  const today = await recordToday(app, found.businessId);
  assertAnswerable(found, today, version);
  const quote = await app.ctx.database.db.transaction(async (tx) => {
    const quote = await lockedQuote(tx, found.id);
    assertAnswerable(quote, today, version);
    return writeQuoteMove(tx, app, quote, 'declined', { answeredAt: new Date(app.ctx.now()) }, null);
  });
  await announceQuotes(app, found.businessId, [found.id]);
  await notifyMovers(app, quote, { notice: 'quoteDeclined', params: factsOf(quote) });
  return quoteByToken(app, token);
}
