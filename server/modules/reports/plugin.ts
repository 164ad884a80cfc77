/**
 * Fleet reports and their deliveries (product brief section 7). The report itself is a declared resource
 * (src/resources/reports: list, add, one, edit, delete by the engine); this area adds what a
 * declaration cannot say: close / reopen, the discounts, the deliveries, the exports, the
 * computed totals, the customer's reports among their contracted services, keeping an
 * employee who still has deliveries, and removing a deleted report's proof files.
 */
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatMessage } from '../../../src/domain/messages';
import { computedTotals, reportsTable } from './queries';
import { registerComputedFields } from '../../resources/computed-fields';
import { registerDeleteCleanup, registerDeleteGuard } from '../../resources/delete-guards';
import { registerRelatedSource, type RelatedSource } from '../../resources/related-lists';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import deliveryRoutes from './delivery-routes';
import proofRoutes from './proof-routes';
import reportRoutes from './report-routes';
import { fleetDeliveries } from './tables';

/** A customer's delivery reports, for their contracted services (newest period first). */
const customerReports: RelatedSource = async (app, customer) => {
  const t = reportsTable();
  const rows = await app.ctx.database.db
    .select({ id: t.id!, title: t.title!, status: t.status!, periodFrom: t.periodFrom! })
    .from(t)
    .where(and(eq(t.customerId!, customer.id as string), eq(t.businessId!, customer.businessId as string)))
    .orderBy(desc(t.periodFrom!))
    .limit(200);
  return rows.map((r) => ({
    id: r.id as string,
    kind: 'report',
    title: String(r.title),
    status: String(r.status),
    date: String(r.periodFrom),
    link: `/report_management/${r.id as string}/report_details`,
  }));
};

/** An employee named on deliveries stays (409 naming how many), as a referenced record does. */
async function employeeWithDeliveries(app: FastifyInstance, employee: Record<string, unknown>) {
  const [found] = await app.ctx.database.db
    .select({ n: count() })
    .from(fleetDeliveries)
    .where(eq(fleetDeliveries.employeeId, employee.id as string));
  return found && found.n > 0 ? formatMessage('stillReferenced', { count: found.n, resource: 'deliveries' }) : null;
}

/**
 * A deleted report's deliveries go by the database's cascade; their proof files are in storage,
 * so they are listed before the delete and removed once it has committed.
 */
async function reportProofFiles(app: FastifyInstance, reports: readonly Record<string, unknown>[]) {
  const ids = reports.map((r) => r.id as string);
  const keys = ids.length
    ? (
        await app.ctx.database.db
          .select({ key: fleetDeliveries.proofKey })
          .from(fleetDeliveries)
          .where(and(inArray(fleetDeliveries.reportId, ids), isNotNull(fleetDeliveries.proofKey)))
      ).map((r) => r.key!)
    : [];
  return async () => {
    for (const key of keys)
      await app.ctx.storage.delete(key).catch((err: unknown) => app.log.warn({ err }, 'proof not deleted'));
  };
}

const reportsModule: FastifyPluginAsyncZod = async (app) => {
  // Remembered on list pages while fleet_reports' version stands: a report's own writes bump it
  // (its trigger), and every delivery change goes through changeReport, which takes it
  // (report-writes.ts lockTableVersion) — so a page of reports costs no deliveries query.
  registerComputedFields('reports', computedTotals, { versioned: true });
  registerRelatedSource('customers', 'contractedServices', customerReports);
  registerDeleteGuard('employees', employeeWithDeliveries);
  registerDeleteCleanup('reports', reportProofFiles);
  await app.register(reportRoutes);
  await app.register(deliveryRoutes);
  await app.register(proofRoutes);
};
export default reportsModule;
