/** What the customer's page shows of a quote: the move and the price, no ids, no internal fields. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { quotePrice } from '../../../src/domain/quotes/pricing';
import { isQuoteExpired, PRICING_TYPES, QUOTE_STATUSES } from '../../../src/domain/quotes/quotes';
import { businesses } from '../../db/schema';
import { recordToday } from '../../resources/records';
import type { QuoteRow } from './queries';

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
  estimatedHours: z.number().int(),
  minimumHours: z.number().int().nullable(),
  billedHours: z.number().int().nullable(),
  totalCents: cents.describe('The total (the cap for not-to-exceed; rate × billed hours for hourly)'),
  crewSize: z.number().int(),
  truck: z.string().nullable(),
  inventory: z.array(
    z.object({ item: z.string(), quantity: z.number().int(), cubicFeet: z.number().int().nullable() }),
  ),
  notes: z.string().nullable(),
  validUntil: z.string(),
  status: z.enum(QUOTE_STATUSES),
  expired: z.boolean(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

export async function publicQuote(app: FastifyInstance, quote: QuoteRow): Promise<PublicQuote> {
  const [[business], today] = await Promise.all([
    app.ctx.database.db
      .select({ name: businesses.companyName, timeZone: businesses.timeZone })
      .from(businesses)
      .where(eq(businesses.id, quote.businessId)),
    recordToday(app, quote.businessId),
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
    totalCents: price.totalCents,
    crewSize: Number(quote.crewSize),
    truck: text(quote.truck),
    inventory: quote.inventory.map((l) => ({ item: l.item, quantity: l.quantity, cubicFeet: l.cubicFeet ?? null })),
    notes: text(quote.notes),
    validUntil: String(quote.validUntil),
    status: quote.status as PublicQuote['status'],
    expired: isQuoteExpired(quote, today),
  };
}
