/**
 * Every write of the reports area goes through changeReport: one transaction that locks the
 * report row, refuses a closed report, makes the change, then checks the money rule on the result
 * (money.ts totalsError) before anything commits — a refused change leaves nothing written. The
 * report's history gets the change, its updatedAt moves (open pages re-read it and its deliveries)
 * and, after the commit, the hub tells open screens.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../src/domain/messages';
import { totalsError } from '../../../src/domain/reports/money';
import { isLocked } from '../../../src/domain/resources/record-rules';
import type { AuthContext } from '../../context';
import { conflict, ValidationError } from '../../http/errors';
import { writeAudit, type Writer } from '../../resources/audit';
import { publishRecordChanges } from '../../resources/live-events';
import { lockTableVersion } from '../../resources/exact-count';
import type { Row } from '../../resources/records';
import {
  businessOf,
  deliveryDiscountOf,
  deliveryRows,
  reportDiscountOf,
  reportOf,
  reportsResource,
  reportsTable,
} from './queries';

export interface ReportChange<T> {
  /** The field a money-rule refusal is reported on (the form field that caused it). */
  field: string;
  /** Runs inside the transaction with the locked, open report. */
  write: (tx: Writer, report: Row) => Promise<{ result: T; audit: Record<string, { from: unknown; to: unknown }> }>;
  /** Allowed on a closed report (reopen only). */
  evenIfClosed?: boolean;
}

export async function changeReport<T>(
  app: FastifyInstance,
  auth: AuthContext,
  reportId: unknown,
  change: ReportChange<T>,
): Promise<T> {
  const { db } = app.ctx.database;
  const businessId = businessOf(auth);
  const resource = reportsResource();
  const table = reportsTable();
  const { result, report } = await db.transaction(async (tx) => {
    // Before the report's row lock: the lock order every write of fleet_reports keeps.
    await lockTableVersion(tx, 'fleet_reports');
    const report = await reportOf(tx, businessId, reportId, true);
    if (!change.evenIfClosed && isLocked(resource, report)) throw conflict(MESSAGES.reportClosed);
    const { result, audit } = await change.write(tx, report);
    const [after] = await tx
      .select()
      .from(table)
      .where(eq(table.id!, report.id as string));
    const lines = await deliveryRows(tx, report.id as string);
    const problem = totalsError(
      lines.map((l) => ({ priceCents: l.priceCents, discount: deliveryDiscountOf(l) })),
      reportDiscountOf(after as Row),
    );
    if (problem) {
      // A change with no field of its own (a removal) is refused as a whole, with the rule's message.
      if (change.field === '_') throw conflict(MESSAGES[problem]);
      throw new ValidationError({ [change.field]: MESSAGES[problem] });
    }
    await tx
      .update(table)
      .set({ updatedAt: new Date(app.ctx.now()) })
      .where(eq(table.id!, report.id as string));
    await writeAudit(tx, resource, auth.userId, [
      { recordId: report.id as string, businessId: report.businessId as string, action: 'update', changes: audit },
    ]);
    return { result, report };
  });
  await publishRecordChanges(app, resource, 'updated', new Map([[report.businessId as string, [report.id as string]]]));
  return result;
}
