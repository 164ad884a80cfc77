/**
 * The demo fleet manager's delivery reports: last month's report for Harbor Foods, closed, with a
 * 5 % report discount; this month's for Harbor Foods and Green Valley Farms, open, with line
 * discounts (an amount and a percent). Periods and days are relative to the seeding day, so the
 * list always shows a recent month. Runs after seedFleetDemo (its customers and employees).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { addDays, zonedDay } from '../../src/domain/venue/opening-hours';
import type { Db } from '../db/client';
import { businesses } from '../db/schema';
import { fleetDeliveries } from '../modules/reports/tables';
import { tableOf } from '../resources/tables';
import { DEMO_FLEET_COMPANY } from './fleet-demo';

type Line = {
  day: string;
  origin: string;
  destination: string;
  miles: number;
  lb: number;
  cents: number;
  driver: string;
  discount?: { kind: 'amount' | 'percent'; value: number };
};

/** The first day of the month `back` months before `day` (YYYY-MM-01). */
function monthStart(day: string, back: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}
const monthEnd = (start: string) => addDays(monthStart(addDays(start, 40), 0), -1);

export async function seedReportsDemo(db: Db, now: number) {
  const [business] = await db
    .select({ id: businesses.id, timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.companyName, DEMO_FLEET_COMPANY));
  if (!business) return;
  const businessId = business.id;
  const today = zonedDay(now, business.timeZone);
  const customers = tableOf('customers');
  const employees = tableOf('employees');
  const reports = tableOf('reports');
  const customerRows = await db
    .select({ id: customers.id!, name: customers.name! })
    .from(customers)
    .where(
      and(eq(customers.businessId!, businessId), inArray(customers.name!, ['Harbor Foods Inc.', 'Green Valley Farms'])),
    );
  const customerId = (name: string) => customerRows.find((c) => c.name === name)?.id as string;
  const people = await db
    .select({ id: employees.id!, lastName: employees.lastName! })
    .from(employees)
    .where(eq(employees.businessId!, businessId));
  const driver = (lastName: string) => (people.find((p) => p.lastName === lastName)?.id as string) ?? null;

  const thisMonth = monthStart(today, 0);
  const lastMonth = monthStart(today, 1);
  const within = (start: string, n: number) => {
    // Days of this month that have already come (the 1st when it is the 1st).
    const last = start === thisMonth ? today : monthEnd(start);
    const day = addDays(start, n);
    return day > last ? last : day;
  };

  const plan: {
    customer: string;
    title: string;
    from: string;
    status: 'open' | 'closed';
    notes?: string;
    discount?: { kind: 'amount' | 'percent'; value: number };
    lines: Line[];
  }[] = [
    {
      customer: 'Harbor Foods Inc.',
      title: 'Harbor Foods — monthly deliveries',
      from: lastMonth,
      status: 'closed',
      notes: 'Invoiced. Volume discount agreed with Ellen Park.',
      discount: { kind: 'percent', value: 500 },
      lines: [
        {
          day: within(lastMonth, 2),
          origin: 'Newark, NJ',
          destination: 'Philadelphia, PA',
          miles: 86,
          lb: 18_000,
          cents: 62_000,
          driver: 'Alvarez',
        },
        {
          day: within(lastMonth, 8),
          origin: 'Newark, NJ',
          destination: 'Baltimore, MD',
          miles: 182.5,
          lb: 22_500,
          cents: 98_000,
          driver: 'Carter',
        },
        {
          day: within(lastMonth, 15),
          origin: 'Newark, NJ',
          destination: 'Hartford, CT',
          miles: 118,
          lb: 9_800,
          cents: 54_500,
          driver: 'Alvarez',
          discount: { kind: 'amount', value: 2_500 },
        },
        {
          day: within(lastMonth, 22),
          origin: 'Newark, NJ',
          destination: 'Albany, NY',
          miles: 148.2,
          lb: 16_000,
          cents: 71_250,
          driver: 'Carter',
        },
      ],
    },
    {
      customer: 'Harbor Foods Inc.',
      title: 'Harbor Foods — this month',
      from: thisMonth,
      status: 'open',
      lines: [
        {
          day: within(thisMonth, 0),
          origin: 'Newark, NJ',
          destination: 'Wilmington, DE',
          miles: 113,
          lb: 14_200,
          cents: 58_000,
          driver: 'Alvarez',
        },
        {
          day: within(thisMonth, 3),
          origin: 'Newark, NJ',
          destination: 'Allentown, PA',
          miles: 77.4,
          lb: 11_000,
          cents: 41_500,
          driver: 'Carter',
          discount: { kind: 'amount', value: 2_500 },
        },
      ],
    },
    {
      customer: 'Green Valley Farms',
      title: 'Green Valley — produce runs',
      from: thisMonth,
      status: 'open',
      notes: 'Refrigerated loads; proof of delivery signed at the dock.',
      lines: [
        {
          day: within(thisMonth, 1),
          origin: 'Dover, DE',
          destination: 'Newark, NJ',
          miles: 126,
          lb: 20_000,
          cents: 69_900,
          driver: 'Alvarez',
          discount: { kind: 'percent', value: 1_000 },
        },
        {
          day: within(thisMonth, 4),
          origin: 'Dover, DE',
          destination: 'Trenton, NJ',
          miles: 97.3,
          lb: 12_400,
          cents: 48_750,
          driver: 'Carter',
        },
        {
          day: within(thisMonth, 5),
          origin: 'Dover, DE',
          destination: 'Richmond, VA',
          miles: 203,
          lb: 19_500,
          cents: 88_000,
          driver: 'Alvarez',
        },
      ],
    },
  ];

  for (const report of plan) {
    const id = customerId(report.customer);
    if (!id) continue;
    const [row] = await db
      .insert(reports)
      .values({
        businessId,
        title: report.title,
        customerId: id,
        periodFrom: report.from,
        periodTo: monthEnd(report.from),
        status: report.status,
        notes: report.notes ?? null,
        discountKind: report.discount?.kind ?? null,
        discountValue: report.discount?.value ?? null,
      })
      .returning({ id: reports.id! });
    await db.insert(fleetDeliveries).values(
      report.lines.map((l) => ({
        businessId,
        reportId: row!.id as string,
        deliveredOn: l.day,
        origin: l.origin,
        destination: l.destination,
        distanceMiles: l.miles,
        weightLb: l.lb,
        priceCents: l.cents,
        employeeId: driver(l.driver),
        discountKind: l.discount?.kind ?? null,
        discountValue: l.discount?.value ?? null,
      })),
    );
  }
}
