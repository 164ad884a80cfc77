/**
 * What both exports print, gathered once: the business, the customer, the period and every
 * delivery with its line discount and total, and the report's totals — all from money.ts, so the
 * PDF, the CSV and the details screen agree to the cent.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatDiscount, type ReportTotals } from '../../../src/domain/reports/money';
import { businesses } from '../../db/schema';
import type { Row } from '../../resources/records';
import {
  customerName,
  deliveryDiscountOf,
  deliveryRows,
  employeeNames,
  reportDiscountOf,
  reportOf,
  totalsOf,
} from './queries';

export interface ExportLine {
  deliveredOn: string;
  origin: string;
  destination: string;
  distanceMiles: number;
  weightLb: number;
  employee: string;
  priceCents: number;
  /** "10 %" or "$5.00", empty without a discount. */
  discount: string;
  discountCents: number;
  totalCents: number;
}

export interface ReportExport {
  businessName: string;
  customer: string;
  title: string;
  periodFrom: string;
  periodTo: string;
  status: string;
  notes: string;
  reportDiscount: string;
  lines: ExportLine[];
  totals: ReportTotals;
}

export async function reportExport(
  app: FastifyInstance,
  businessId: string | null,
  reportId: unknown,
): Promise<ReportExport> {
  const { db } = app.ctx.database;
  const report: Row = await reportOf(db, businessId, reportId);
  const [rows, [business], customer] = await Promise.all([
    deliveryRows(db, report.id as string),
    db
      .select({ name: businesses.companyName })
      .from(businesses)
      .where(eq(businesses.id, report.businessId as string)),
    customerName(db, report.customerId),
  ]);
  const names = await employeeNames(
    db,
    rows.map((r) => r.employeeId),
  );
  const totals = totalsOf(report, rows);
  return {
    businessName: business?.name ?? '',
    customer,
    title: String(report.title ?? ''),
    periodFrom: String(report.periodFrom),
    periodTo: String(report.periodTo),
    status: String(report.status),
    notes: String(report.notes ?? ''),
    reportDiscount: formatDiscount(reportDiscountOf(report)),
    lines: rows.map((r, i) => ({
      deliveredOn: r.deliveredOn,
      origin: r.origin,
      destination: r.destination,
      distanceMiles: r.distanceMiles,
      weightLb: r.weightLb,
      employee: r.employeeId ? (names.get(r.employeeId) ?? '') : '',
      priceCents: r.priceCents,
      discount: formatDiscount(deliveryDiscountOf(r)),
      discountCents: totals.lines[i]!.discountCents,
      totalCents: totals.lines[i]!.totalCents,
    })),
    totals,
  };
}

/** MM/DD/YYYY, as every date the product shows. */
export const usDate = (day: string) => {
  const [y, m, d] = day.split('-');
  return `${m}/${d}/${y}`;
};

/** `report-2026-11-01-harbor-foods-inc.pdf`: the period's start and the customer, safe in any file system. */
export function exportFilename(data: ReportExport, ext: 'pdf' | 'csv') {
  const slug =
    data.customer
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'customer';
  return `report-${data.periodFrom}-${slug}.${ext}`;
}
