/**
 * The reports area's reads: a report within the caller's business, its deliveries with their
 * line totals, and the computed totals of a page of reports (one query for the page).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { lineTotals, reportTotals, storedDiscount, type ReportTotals } from '../../../src/domain/reports/money';
import { isUuid } from '../../../src/domain/uuid';
import type { AuthContext } from '../../context';
import type { Writer } from '../../resources/audit';
import { notFound } from '../../http/errors';
import type { Row } from '../../resources/records';
import { declarationOf, tableOf } from '../../resources/tables';
import { fleetDeliveries, type DeliveryRow } from './tables';

export const reportsResource = () => declarationOf('reports')!;
export const reportsTable = () => tableOf('reports');
const employeesTable = () => tableOf('employees');
const customersTable = () => tableOf('customers');

/** The caller's business (a fleet manager always has one; anything else finds nothing). */
export const businessOf = (auth: AuthContext) => auth.businessId ?? null;

/**
 * One report of the caller's business, or 404 (another business's report looks missing). In a
 * transaction with `forUpdate`, the row stays locked until it ends: a close cannot slip between a
 * delivery's check and its write.
 */
export async function reportOf(db: Writer, businessId: string | null, id: unknown, forUpdate = false): Promise<Row> {
  if (!isUuid(id) || !businessId) throw notFound();
  const table = reportsTable();
  const query = db
    .select()
    .from(table)
    .where(and(eq(table.id!, id), eq(table.businessId!, businessId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row as Row;
}

export const reportDiscountOf = (report: Row) =>
  storedDiscount(report.discountKind as string | null, report.discountValue as number | null);

/** A delivery row's discount in money.ts terms. */
export const deliveryDiscountOf = (row: Pick<DeliveryRow, 'discountKind' | 'discountValue'>) =>
  storedDiscount(row.discountKind, row.discountValue);

export async function deliveryRows(db: Writer, reportId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(fleetDeliveries)
    .where(eq(fleetDeliveries.reportId, reportId))
    .orderBy(asc(fleetDeliveries.deliveredOn), asc(fleetDeliveries.createdAt), asc(fleetDeliveries.id));
}

/** One delivery of the caller's business, or 404. */
export async function deliveryOf(db: Writer, businessId: string | null, id: unknown): Promise<DeliveryRow> {
  if (!isUuid(id) || !businessId) throw notFound();
  const [row] = await db
    .select()
    .from(fleetDeliveries)
    .where(and(eq(fleetDeliveries.id, id), eq(fleetDeliveries.businessId, businessId)));
  if (!row) throw notFound();
  return row;
}

/** The totals of a report from its delivery rows (money.ts: the numbers the screen and both exports show). */
export const totalsOf = (
  report: Row,
  rows: readonly Pick<DeliveryRow, 'priceCents' | 'discountKind' | 'discountValue'>[],
) =>
  reportTotals(
    rows.map((r) => ({ priceCents: r.priceCents, discount: deliveryDiscountOf(r) })),
    reportDiscountOf(report),
  );

/**
 * Computed fields of a page of reports: one query for all their deliveries' prices and discounts.
 * A separate statement on purpose, with the page's ids as values: the planner then sees that
 * most reports have few deliveries and reads the report index, where a subquery per report in
 * the page query was planned for an average report and scanned every delivery once per row.
 */
export async function computedTotals(app: FastifyInstance, reports: readonly Row[]): Promise<Map<string, Row>> {
  const ids = reports.map((r) => r.id).filter(isUuid);
  const lines = ids.length
    ? await app.ctx.database.db
        .select({
          reportId: fleetDeliveries.reportId,
          priceCents: fleetDeliveries.priceCents,
          discountKind: fleetDeliveries.discountKind,
          discountValue: fleetDeliveries.discountValue,
        })
        .from(fleetDeliveries)
        .where(inArray(fleetDeliveries.reportId, ids))
    : [];
  const byReport = new Map<string, typeof lines>();
  for (const line of lines) {
    const found = byReport.get(line.reportId);
    if (found) found.push(line);
    else byReport.set(line.reportId, [line]);
  }
  return new Map(
    reports.map((report) => {
      const totals = totalsOf(report, byReport.get(report.id as string) ?? []);
      return [report.id as string, totalsFields(totals)];
    }),
  );
}

export const totalsFields = (totals: ReportTotals) => ({
  deliveriesCount: totals.deliveries,
  subtotalCents: totals.subtotalCents,
  discountCents: totals.discountCents,
  totalCents: totals.totalCents,
});

/** Employee display names by id ("Alvarez, Maria"). */
export async function employeeNames(db: Writer, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (!wanted.length) return new Map();
  const t = employeesTable();
  const rows = await db
    .select({ id: t.id!, first: t.firstName!, last: t.lastName! })
    .from(t)
    .where(inArray(t.id!, wanted));
  return new Map(rows.map((r) => [r.id as string, `${r.first as string} ${r.last as string}`]));
}

/** Whether the employee exists in this business (a delivery names only its own business's people). */
export async function employeeInBusiness(db: Writer, businessId: string, id: string): Promise<boolean> {
  const t = employeesTable();
  const [row] = await db
    .select({ id: t.id! })
    .from(t)
    .where(and(eq(t.id!, id), eq(t.businessId!, businessId)));
  return !!row;
}

export async function customerName(db: Writer, id: unknown): Promise<string> {
  if (!isUuid(id)) return '';
  const t = customersTable();
  const [row] = await db.select({ name: t.name! }).from(t).where(eq(t.id!, id));
  return String(row?.name ?? '');
}

/** A delivery as the API answers it, with its line's discount and total from money.ts. */
export function deliveryJson(row: DeliveryRow, names: Map<string, string>) {
  const discount = deliveryDiscountOf(row);
  const line = lineTotals({ priceCents: row.priceCents, discount });
  return {
    id: row.id,
    reportId: row.reportId,
    deliveredOn: row.deliveredOn,
    origin: row.origin,
    destination: row.destination,
    distanceMiles: row.distanceMiles,
    weightLb: row.weightLb,
    priceCents: row.priceCents,
    discount: discount
      ? { kind: discount.kind, value: discount.kind === 'percent' ? discount.value / 100 : discount.value }
      : null,
    discountCents: line.discountCents,
    totalCents: line.totalCents,
    employeeId: row.employeeId,
    employeeName: row.employeeId ? (names.get(row.employeeId) ?? null) : null,
    proofType: row.proofType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
