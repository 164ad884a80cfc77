/**
 * Loads the reports bench's data for the demo fleet business: `--reports` reports (default
 * 10,000) for its customers, and one more report with `--deliveries` deliveries (default 1,000,
 * every fifth with a line discount, a 5 % report discount). Prints the big report's id (JSON).
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { businesses } from '../../server/db/schema';
import { fleetDeliveries } from '../../server/modules/reports/tables';
import { tableOf } from '../../server/resources/tables';
import { addDays } from '../../src/domain/venue/opening-hours';

const { values } = parseArgs({
  options: { reports: { type: 'string', default: '10000' }, deliveries: { type: 'string', default: '1000' } },
});
const REPORTS = Number(values.reports);
const DELIVERIES = Number(values.deliveries);

const database = await openDatabase(loadConfig());
const { db } = database;
const [business] = await db.select().from(businesses).where(eq(businesses.companyName, 'Roadline Logistics'));
const businessId = business!.id;
const customers = tableOf('customers');
const employees = tableOf('employees');
const reports = tableOf('reports');
const customerIds = (
  await db.select({ id: customers.id! }).from(customers).where(eq(customers.businessId!, businessId))
).map((c) => c.id as string);
const employeeIds = (
  await db.select({ id: employees.id! }).from(employees).where(eq(employees.businessId!, businessId))
).map((e) => e.id as string);

for (let made = 0; made < REPORTS; made += 1000) {
  const rows = Array.from({ length: Math.min(1000, REPORTS - made) }, (_, i) => {
    const n = made + i;
    const from = addDays('2020-01-01', (n % 2000) * 3);
    return {
      businessId,
      title: `Bench report ${n}`,
      customerId: customerIds[n % customerIds.length]!,
      periodFrom: from,
      periodTo: addDays(from, 27),
      status: n % 4 === 0 ? 'closed' : 'open',
    };
  });
  await db.insert(reports).values(rows);
}

const [big] = await db
  .insert(reports)
  .values({
    businessId,
    title: 'Bench export report',
    customerId: customerIds[0]!,
    periodFrom: '2026-01-01',
    periodTo: '2026-12-31',
    discountKind: 'percent',
    discountValue: 500,
  })
  .returning({ id: reports.id! });
for (let made = 0; made < DELIVERIES; made += 500) {
  await db.insert(fleetDeliveries).values(
    Array.from({ length: Math.min(500, DELIVERIES - made) }, (_, i) => {
      const n = made + i;
      return {
        businessId,
        reportId: big!.id as string,
        deliveredOn: addDays('2026-01-01', n % 365),
        origin: `Warehouse ${n % 17}, Newark, NJ`,
        destination: `Store ${n}, Philadelphia, PA`,
        distanceMiles: 50 + (n % 300) / 10,
        weightLb: 1000 + n * 7,
        priceCents: 10_000 + ((n * 137) % 90_000),
        employeeId: employeeIds.length ? employeeIds[n % employeeIds.length]! : null,
        discountKind: n % 5 === 0 ? (n % 10 === 0 ? 'percent' : 'amount') : null,
        discountValue: n % 5 === 0 ? (n % 10 === 0 ? 1250 : 1_000) : null,
      };
    }),
  );
}
// PGlite has no autovacuum: without this the planner keeps its empty-table estimates (as
// scripts/load-users.ts does for the users bench).
await db.execute(sql`vacuum analyze fleet_reports`);
await db.execute(sql`vacuum analyze fleet_deliveries`);
await database.close();
console.log(JSON.stringify({ reportId: big!.id }));
