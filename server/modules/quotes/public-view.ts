/** What the customer's page shows of a quote: the move, the price and whom to call, no ids, no internal fields. */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { quotePrice } from '../../../src/domain/quotes/pricing';
import { isQuoteExpired, PRICING_TYPES, QUOTE_STATUSES } from '../../../src/domain/quotes/quotes';
import { businesses, users } from '../../db/schema';
import { recordToday } from '../../resources/records';
import { quotesTable, type QuoteRow } from './queries';
import { quoteVersion } from './quote-version';

const cents = z.number().int().nullable();

export const publicQuoteSchema = z.object({
  number: z.string(),
  businessName: z.string(),
  customerName: z.string(),
  moveDate: z.string().describe('YYYY-MM-DD, the business’s day'),
  startTime: z.string().describe('HH:MM in the business’s time zone'),
  timeZone: z.string(),
  originAddress: z.string(),
  destinationAddress: z.string(),
  pricingType: z.enum(PRICING_TYPES),
  priceCents: cents,
  hourlyRateCents: cents,
  estimatedHours: z.number().describe('In quarter hours (2.75)'),
  minimumHours: z.number().nullable(),
  billedHours: z.number().nullable(),
  subtotalCents: cents.describe('Before tax: the price, or rate × billed hours for hourly'),
  taxRate: z.number().nullable().describe('A percent, at most 3 decimals (8.875)'),
  taxCents: cents.describe('The tax rate of the subtotal, rounded half-up to the cent'),
  totalCents: cents.describe(
    'Subtotal + tax (the cap for not-to-exceed, tax included; an estimate for hourly: rate × billed hours, taxed)',
  ),
  crewSize: z.number().int(),
  truck: z.string().nullable(),
  inventory: z.array(
    z.object({ item: z.string(), quantity: z.number().int(), cubicFeet: z.number().int().nullable() }),
  ),
  notes: z.string().nullable(),
  validUntil: z.string(),
  status: z.enum(QUOTE_STATUSES),
  expired: z.boolean(),
  contact: z
    .object({ email: z.string().nullable(), phone: z.string().nullable() })
    .describe('The mover to call or write to (with businessName): email and phone as stored'),
  version: z
    .string()
    .describe(
      'The version of the terms shown: an accept or decline names it, and is refused (409) when the mover changed the quote since',
    ),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

/**
 * Whom the customer contacts: the mover who wrote the quote, or (that account gone or inactive)
 * the business's first active mover account; email and phone as stored on the account.
 */
async function moverContact(app: FastifyInstance, quote: QuoteRow): Promise<PublicQuote['contact']> {
  const { db } = app.ctx.database;
  const table = quotesTable();
  const [[written], movers] = await Promise.all([
    db.select({ by: table.createdBy! }).from(table).where(eq(table.id!, quote.id)),
    db
      .select({ id: users.id, email: users.email, phone: users.phone })
      .from(users)
      .where(and(eq(users.businessId, quote.businessId), eq(users.role, 'MOVER'), eq(users.status, 'active')))
      .orderBy(asc(users.createdAt), asc(users.id)),
  ]);
  const mover = movers.find((m) => m.id === written?.by) ?? movers[0];
  return { email: mover?.email ?? null, phone: mover?.phone || null };
}

export async function publicQuote(app: FastifyInstance, quote: QuoteRow): Promise<PublicQuote> {
  const [[business], today, contact] = await Promise.all([
    app.ctx.database.db
      .select({ name: businesses.companyName, timeZone: businesses.timeZone })
      .from(businesses)
      .where(eq(businesses.id, quote.businessId)),
    recordToday(app, quote.businessId),
    moverContact(app, quote),
  ]);
  const price = quotePrice(quote);
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    number: String(quote.number),
    businessName: business?.name ?? '',
    customerName: String(quote.customerName),
    moveDate: String(quote.moveDate),
    startTime: String(quote.startTime),
    timeZone: business?.timeZone ?? 'America/New_York',
    originAddress: String(quote.originAddress),
    destinationAddress: String(quote.destinationAddress),
    pricingType: price.pricingType,
    priceCents: (quote.priceCents as number | null) ?? null,
    hourlyRateCents: price.hourlyRateCents,
    estimatedHours: Number(quote.estimatedHours),
    minimumHours: (quote.minimumHours as number | null) ?? null,
    billedHours: price.billedHours,
    subtotalCents: price.subtotalCents,
    taxRate: price.taxRate,
    taxCents: price.taxCents,
    totalCents: price.totalCents,
    crewSize: Number(quote.crewSize),
    truck: text(quote.truck),
    inventory: quote.inventory.map((l) => ({ item: l.item, quantity: l.quantity, cubicFeet: l.cubicFeet ?? null })),
    notes: text(quote.notes),
    validUntil: String(quote.validUntil),
    status: quote.status as PublicQuote['status'],
    expired: isQuoteExpired(quote, today),
    contact,
    version: quoteVersion(quote),
  };
}
