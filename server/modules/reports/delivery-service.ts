/**
 * A report's deliveries: add, change, remove, discount and proof of delivery. Each write is one
 * report change (report-writes.ts): the report must be the caller's and open, the employee one of
 * the business's, and the money rule must still hold afterwards, or nothing is written.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../src/domain/messages';
import { deliveryPeriodError, discountFromInput } from '../../../src/domain/reports/deliveries';
import { formatUsd } from '../../../src/domain/money';
import type { AuthContext } from '../../context';
import { ValidationError } from '../../http/errors';
import type { Writer } from '../../resources/audit';
import { businessOf, deliveryJson, deliveryOf, employeeInBusiness, employeeNames } from './queries';
import { changeReport } from './report-writes';
import { fleetDeliveries, type DeliveryRow } from './tables';
import { usDate } from './export-data';

export interface DeliveryFields {
  deliveredOn: string;
  origin: string;
  destination: string;
  distanceMiles: number;
  weightLb: number;
  priceCents: number;
  employeeId?: string | null;
}

/** How a delivery reads in the report's history. */
const summary = (d: Pick<DeliveryRow, 'deliveredOn' | 'origin' | 'destination' | 'priceCents'>) =>
  `${usDate(d.deliveredOn)}: ${d.origin} → ${d.destination}, ${formatUsd(d.priceCents)}`;

async function checkEmployee(tx: Writer, businessId: string, employeeId: string | null | undefined) {
  if (employeeId && !(await employeeInBusiness(tx, businessId, employeeId))) {
    throw new ValidationError({ employeeId: MESSAGES.referenceMissing });
  }
}

/** The delivery's date must be within its report's period (the form checks the same rule). */
function checkPeriod(report: Record<string, unknown>, deliveredOn: string) {
  const message = deliveryPeriodError(deliveredOn, { from: String(report.periodFrom), to: String(report.periodTo) });
  if (message) throw new ValidationError({ deliveredOn: message });
}

async function answer(tx: Writer, row: DeliveryRow) {
  return deliveryJson(row, await employeeNames(tx, [row.employeeId]));
}

export function createDelivery(app: FastifyInstance, auth: AuthContext, input: DeliveryFields & { reportId: string }) {
  return changeReport(app, auth, input.reportId, {
    field: 'priceCents',
    write: async (tx, report) => {
      const businessId = report.businessId as string;
      checkPeriod(report, input.deliveredOn);
      await checkEmployee(tx, businessId, input.employeeId);
      const [row] = await tx
        .insert(fleetDeliveries)
        .values({
          businessId,
          reportId: report.id as string,
          deliveredOn: input.deliveredOn,
          origin: input.origin,
          destination: input.destination,
          distanceMiles: input.distanceMiles,
          weightLb: input.weightLb,
          priceCents: input.priceCents,
          employeeId: input.employeeId ?? null,
        })
        .returning();
      return { result: await answer(tx, row!), audit: { delivery: { from: null, to: summary(row!) } } };
    },
  });
}

/** The delivery's report id (404 when the delivery is not the caller's business's). */
async function reportIdOf(app: FastifyInstance, auth: AuthContext, deliveryId: unknown) {
  return (await deliveryOf(app.ctx.database.db, businessOf(auth), deliveryId)).reportId;
}

export async function updateDelivery(app: FastifyInstance, auth: AuthContext, input: DeliveryFields & { id: string }) {
  const reportId = await reportIdOf(app, auth, input.id);
  return changeReport(app, auth, reportId, {
    field: 'priceCents',
    write: async (tx, report) => {
      checkPeriod(report, input.deliveredOn);
      await checkEmployee(tx, report.businessId as string, input.employeeId);
      const before = await deliveryOf(tx, businessOf(auth), input.id);
      const [row] = await tx
        .update(fleetDeliveries)
        .set({
          deliveredOn: input.deliveredOn,
          origin: input.origin,
          destination: input.destination,
          distanceMiles: input.distanceMiles,
          weightLb: input.weightLb,
          priceCents: input.priceCents,
          employeeId: input.employeeId ?? null,
          updatedAt: new Date(app.ctx.now()),
        })
        .where(and(eq(fleetDeliveries.id, before.id), eq(fleetDeliveries.reportId, report.id as string)))
        .returning();
      return { result: await answer(tx, row!), audit: { delivery: { from: summary(before), to: summary(row!) } } };
    },
  });
}

/** Removes the delivery; its proof file goes after the commit (a failed delete keeps it). */
export async function deleteDelivery(app: FastifyInstance, auth: AuthContext, id: unknown) {
  const reportId = await reportIdOf(app, auth, id);
  const removed = await changeReport(app, auth, reportId, {
    field: '_',
    write: async (tx) => {
      const before = await deliveryOf(tx, businessOf(auth), id);
      await tx.delete(fleetDeliveries).where(eq(fleetDeliveries.id, before.id));
      return { result: before, audit: { delivery: { from: summary(before), to: null } } };
    },
  });
  if (removed.proofKey) {
    await app.ctx.storage.delete(removed.proofKey).catch((err: unknown) => app.log.warn({ err }, 'proof not deleted'));
  }
  return { id: removed.id };
}

export async function setDeliveryDiscount(
  app: FastifyInstance,
  auth: AuthContext,
  input: { id: string; kind: 'amount' | 'percent' | 'none'; value?: number },
) {
  const parsed = discountFromInput(input);
  const discount = parsed.ok ? parsed.discount : null;
  const reportId = await reportIdOf(app, auth, input.id);
  return changeReport(app, auth, reportId, {
    field: 'value',
    write: async (tx) => {
      const before = await deliveryOf(tx, businessOf(auth), input.id);
      const [row] = await tx
        .update(fleetDeliveries)
        .set({
          discountKind: discount?.kind ?? null,
          discountValue: discount?.value ?? null,
          updatedAt: new Date(app.ctx.now()),
        })
        .where(eq(fleetDeliveries.id, before.id))
        .returning();
      const text = (d: DeliveryRow) =>
        d.discountKind === 'percent'
          ? `${(d.discountValue ?? 0) / 100} %`
          : d.discountKind
            ? formatUsd(d.discountValue ?? 0)
            : null;
      return {
        result: await answer(tx, row!),
        audit: { deliveryDiscount: { from: text(before), to: text(row!) } },
      };
    },
  });
}

/** Points the delivery at a stored proof file; the one it replaces is removed after the commit. */
export async function setDeliveryProof(
  app: FastifyInstance,
  auth: AuthContext,
  id: unknown,
  stored: { key: string; contentType: string },
) {
  const reportId = await reportIdOf(app, auth, id);
  const { row, previous } = await changeReport(app, auth, reportId, {
    field: 'proof',
    write: async (tx) => {
      const before = await deliveryOf(tx, businessOf(auth), id);
      const [row] = await tx
        .update(fleetDeliveries)
        .set({ proofKey: stored.key, proofType: stored.contentType, updatedAt: new Date(app.ctx.now()) })
        .where(eq(fleetDeliveries.id, before.id))
        .returning();
      return {
        result: { row: await answer(tx, row!), previous: before.proofKey },
        audit: { deliveryProof: { from: before.proofKey ? summary(before) : null, to: summary(row!) } },
      };
    },
  });
  if (previous)
    await app.ctx.storage.delete(previous).catch((err: unknown) => app.log.warn({ err }, 'proof not deleted'));
  return row;
}
