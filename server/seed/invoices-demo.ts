/**
 * The demo mover's invoices (mover@demo.test, Swift Movers): last week's local move, sent and due
 * in three weeks, and a draft for a long-distance move issued today — numbered INV-<year>-0001
 * and 0002 from the business's counter, which then stands at 3, as if made through the app (the
 * sent one with the figures it was sent with stored, as sending stores them).
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_INVOICE_PATTERN, INVOICE_COUNTER } from '../../src/domain/invoices/invoices';
import { invoiceDiscount, invoiceTotals as totalsOf } from '../../src/domain/invoices/totals';
import { formatRecordNumber } from '../../src/domain/resources/numbering';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import type { Db } from '../db/client';
import { businesses, invoiceTotals, recordCounters } from '../db/schema';
import { linesTableOf, tableOf } from '../resources/tables';

export const DEMO_MOVERS_COMPANY = 'Swift Movers';

export async function seedInvoicesDemo(db: Db, now: number) {
  const [business] = await db
    .select({ id: businesses.id, timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.companyName, DEMO_MOVERS_COMPANY));
  if (!business) return;
  const today = zonedDay(now, business.timeZone);
  const year = Number(today.slice(0, 4));
  const number = (n: number) => formatRecordNumber(DEFAULT_INVOICE_PATTERN, n, year);
  const invoices = [
    {
      number: number(1),
      customerName: 'Jordan Ellis',
      customerEmail: 'jordan.ellis@example.com',
      issueDate: addDays(today, -7),
      dueDate: addDays(today, 21),
      status: 'sent',
      sentAt: new Date(now - 7 * 86_400_000),
      discountPercent: 5,
      notes: 'Two-bedroom apartment, 3rd floor walk-up to a house across town.',
      lines: [
        { description: 'Crew of 3 movers (hours)', quantity: 5, unitPriceCents: 13500, taxRate: 0 },
        { description: '26 ft truck, local', quantity: 1, unitPriceCents: 18000, taxRate: 0 },
        { description: 'Moving boxes, large', quantity: 20, unitPriceCents: 399, taxRate: 8.25 },
      ],
    },
    {
      number: number(2),
      customerName: 'Priya Raman',
      customerEmail: 'priya.raman@example.com',
      issueDate: today,
      dueDate: addDays(today, 30),
      status: 'draft',
      sentAt: null,
      discountPercent: null,
      notes: null,
      lines: [
        { description: 'Long-distance move, 640 miles', quantity: 1, unitPriceCents: 285000, taxRate: 0 },
        { description: 'Piano handling', quantity: 1, unitPriceCents: 35000, taxRate: 0 },
        { description: 'Packing materials', quantity: 1, unitPriceCents: 12000, taxRate: 8.25 },
      ],
    },
  ];
  await db.transaction(async (tx) => {
    for (const { lines, ...invoice } of invoices) {
      const [row] = await tx
        .insert(tableOf('invoices'))
        .values({ ...invoice, businessId: business.id })
        .returning({ id: tableOf('invoices').id! });
      await tx
        .insert(linesTableOf('invoices', 'lines'))
        .values(lines.map((line, position) => ({ ...line, position, recordId: row!.id })));
      if (invoice.status !== 'draft')
        await tx.insert(invoiceTotals).values({
          invoiceId: row!.id as string,
          ...totalsOf(lines, invoiceDiscount(invoice)),
          frozenAt: invoice.sentAt ?? new Date(now),
        });
    }
    await tx
      .insert(recordCounters)
      .values({ businessId: business.id, counter: INVOICE_COUNTER, pattern: DEFAULT_INVOICE_PATTERN, nextValue: 3 });
  });
}
