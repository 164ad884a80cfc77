/**
 * Invoice settings of a business: defaults for new invoices and the PDF footer (invoice_settings)
 * and the number pattern and next number (the engine's counter row the invoice insert takes its
 * number from, server/resources/numbering.ts). Stored together in one transaction.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_INVOICE_SETTINGS, type InvoiceSettingsInput } from '../../../src/domain/invoices/invoices';
import { formatRecordNumber } from '../../../src/domain/resources/numbering';
import { zonedDay } from '../../../src/domain/venue/opening-hours';
import { counterOf, setCounter } from '../../resources/numbering';
import { businesses } from '../../db/schema';
import type { DbOrTx } from '../../db/client';
import { invoicesResource } from './queries';
import { invoiceSettings } from './tables';

export interface InvoiceSettingsView extends InvoiceSettingsInput {
  businessId: string;
  /** The number the next invoice will get, as the pattern writes it. */
  nextNumberPreview: string;
}

export async function readInvoiceSettings(db: DbOrTx, businessId: string, now: number): Promise<InvoiceSettingsView> {
  const numbering = invoicesResource().numbering!;
  const [[stored], counter, [business]] = await Promise.all([
    db.select().from(invoiceSettings).where(eq(invoiceSettings.businessId, businessId)),
    counterOf(db, numbering, businessId),
    db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId)),
  ]);
  const year = Number(zonedDay(now, business?.timeZone ?? 'America/New_York').slice(0, 4));
  return {
    businessId,
    numberPattern: counter.pattern,
    nextNumber: counter.nextValue,
    defaultDueDays: stored?.defaultDueDays ?? DEFAULT_INVOICE_SETTINGS.defaultDueDays,
    defaultTaxRate: stored?.defaultTaxRate ?? DEFAULT_INVOICE_SETTINGS.defaultTaxRate,
    footer: stored?.footer ?? null,
    nextNumberPreview: formatRecordNumber(counter.pattern, counter.nextValue, year),
  };
}

export async function saveInvoiceSettings(app: FastifyInstance, businessId: string, input: InvoiceSettingsInput) {
  const now = app.ctx.now();
  const footer = input.footer?.trim() || null;
  await app.ctx.database.db.transaction(async (tx) => {
    await setCounter(
      tx,
      invoicesResource().numbering!,
      businessId,
      { pattern: input.numberPattern.trim(), nextValue: input.nextNumber },
      now,
    );
    const values = { defaultDueDays: input.defaultDueDays, defaultTaxRate: input.defaultTaxRate, footer };
    await tx
      .insert(invoiceSettings)
      .values({ businessId, ...values, updatedAt: new Date(now) })
      .onConflictDoUpdate({ target: invoiceSettings.businessId, set: { ...values, updatedAt: new Date(now) } });
  });
  return readInvoiceSettings(app.ctx.database.db, businessId, now);
}
