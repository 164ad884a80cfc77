/**
 * The demo mover's quotes (mover@demo.test, Swift Movers): a sent binding quote for a move next
 * week, waiting for the customer (its link works: /quote/<token>), and an hourly draft — numbered
 * Q-0001 and Q-0002 from the business's counter, which then stands at 3, as if made through the app.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEFAULT_QUOTE_PATTERN, QUOTE_COUNTER } from '../../src/domain/quotes/quotes';
import { formatRecordNumber } from '../../src/domain/resources/numbering';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import type { Db } from '../db/client';
import { businesses, recordCounters } from '../db/schema';
import { linesTableOf, tableOf } from '../resources/tables';
import { DEMO_MOVERS_COMPANY } from './invoices-demo';

/** The next weekday (Mon–Fri, the demo mover's open days) at least `days` after `day`. */
function weekdayAfter(day: string, days: number) {
  let d = addDays(day, days);
  while ([0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

export async function seedQuotesDemo(db: Db, now: number) {
  const [business] = await db
    .select({ id: businesses.id, timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.companyName, DEMO_MOVERS_COMPANY));
  if (!business) return;
  const today = zonedDay(now, business.timeZone);
  const number = (n: number) => formatRecordNumber(DEFAULT_QUOTE_PATTERN, n, Number(today.slice(0, 4)));
  const quotes = [
    {
      number: number(1),
      customerName: 'Morgan Lee',
      customerEmail: 'morgan.lee@example.com',
      customerPhone: '+12125550187',
      moveDate: weekdayAfter(today, 7),
      startTime: '09:00',
      originAddress: '85 Bedford Ave, Brooklyn, NY 11211',
      destinationAddress: '2100 Palmer Ave, New Rochelle, NY 10801',
      pricingType: 'binding',
      priceCents: 184_000,
      // Sent before quotes carried tax: it promised its figure without any.
      taxRate: 0,
      estimatedHours: 3,
      crewSize: 3,
      truck: '26 ft box truck',
      validUntil: addDays(today, 5),
      status: 'sent',
      sentAt: new Date(now - 86_400_000),
      publicToken: randomBytes(24).toString('base64url'),
      notes: 'Third floor walk-up at the origin; elevator at the destination.',
      inventory: [
        { item: 'Sofa, 3-seat', quantity: 1, cubicFeet: 50 },
        { item: 'Queen bed with frame', quantity: 1, cubicFeet: 60 },
        { item: 'Boxes, medium', quantity: 25, cubicFeet: 75 },
      ],
    },
    {
      number: number(2),
      customerName: 'Sam Ortiz',
      customerEmail: 'sam.ortiz@example.com',
      customerPhone: null,
      moveDate: weekdayAfter(today, 10),
      startTime: '13:00',
      originAddress: '410 W 46th St, New York, NY 10036',
      destinationAddress: '77 Hudson St, Hoboken, NJ 07030',
      pricingType: 'hourly',
      hourlyRateCents: 15_500,
      // New York City's sales tax, on the estimate.
      taxRate: 8.875,
      estimatedHours: 3,
      minimumHours: 2,
      crewSize: 2,
      truck: '16 ft box truck',
      validUntil: addDays(today, 14),
      status: 'draft',
      sentAt: null,
      publicToken: null,
      notes: null,
      inventory: [{ item: 'Studio apartment contents', quantity: 1, cubicFeet: 300 }],
    },
  ];
  await db.transaction(async (tx) => {
    for (const { inventory, ...quote } of quotes) {
      const [row] = await tx
        .insert(tableOf('quotes'))
        .values({ ...quote, businessId: business.id })
        .returning({ id: tableOf('quotes').id! });
      await tx
        .insert(linesTableOf('quotes', 'inventory'))
        .values(inventory.map((line, position) => ({ ...line, position, recordId: row!.id })));
    }
    await tx
      .insert(recordCounters)
      .values({ businessId: business.id, counter: QUOTE_COUNTER, pattern: DEFAULT_QUOTE_PATTERN, nextValue: 3 });
  });
}
