/**
 * Fleet reports' calls beyond the engine's, and the rules of a delivery and of a discount, shared
 * by the details page's forms and the server (the same messages on both). The money arithmetic is
 * money.ts; these say what input is acceptable.
 */
import * as z from 'zod/mini';
import { isCalendarDay } from '../calendar-day';
import { formatMessage, MESSAGES } from '../messages';
import { DISCOUNT_KINDS, percentToBasisPoints, type Discount } from './money';
import { recordIdSchema } from '../schemas/record-id';

const REPORTS = '/api/Business/reports';
const DELIVERIES = '/api/Business/deliveries';

export const REPORTS_API = {
  /** PATCH, query reportId: close the report (read-only from then on). */
  close: `${REPORTS}/close`,
  /** PATCH, query reportId: reopen a closed report (ours; audited like close). */
  reopen: `${REPORTS}/reopen`,
  /** PATCH, body { reportId, kind, value }: the report discount. */
  discount: `${REPORTS}/discount`,
  /** GET, query reportId and format=pdf|csv (default pdf): the report as a file. */
  export: `${REPORTS}/export`,
  /** POST, PUT (id in the body), GET (query reportId), DELETE (query id). */
  deliveries: DELIVERIES,
  /** PATCH, body { id, kind, value }: a delivery's own discount. */
  deliveryDiscount: `${DELIVERIES}/discount`,
  /** POST multipart (file part `proof`) and GET, query id: the proof of delivery. */
  deliveryProof: `${DELIVERIES}/proof`,
} as const;

export const EXPORT_FORMATS = ['pdf', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Proof of delivery: a photo or a signature image; the bytes decide the type. */
export const PROOF = { maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp'] as const } as const;

/** Upper bounds that keep a typo from becoming a 10-digit invoice. */
export const DELIVERY_LIMITS = { maxMiles: 100_000, maxPounds: 1_000_000, maxPriceCents: 100_000_000 } as const;

const place = (required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(200, MESSAGES.placeTooLong));

/** Whole numbers from 0 to max (the wire may carry them as numbers only). */
const count = (message: string, max: number) =>
  z.number({ error: message }).check(
    z.refine((n) => Number.isSafeInteger(n), message),
    z.minimum(0, message),
    z.maximum(max, message),
  );

const id = recordIdSchema;

/** The fields of a delivery, as the form and the server check them. */
export const deliveryFields = {
  deliveredOn: z
    .string({ error: MESSAGES.deliveryDateRequired })
    .check(z.minLength(1, MESSAGES.deliveryDateRequired), z.refine(isCalendarDay, MESSAGES.deliveryDateInvalid)),
  origin: place(MESSAGES.originRequired),
  destination: place(MESSAGES.destinationRequired),
  /** Miles, 0 or more, at most one decimal. */
  distanceMiles: z.number({ error: MESSAGES.distanceInvalid }).check(
    z.minimum(0, MESSAGES.distanceInvalid),
    z.maximum(DELIVERY_LIMITS.maxMiles, MESSAGES.distanceInvalid),
    z.refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6, MESSAGES.distanceInvalid),
  ),
  weightLb: count(MESSAGES.weightInvalid, DELIVERY_LIMITS.maxPounds),
  priceCents: count(MESSAGES.priceInvalid, DELIVERY_LIMITS.maxPriceCents),
  /** An employee of the business (checked on the server), or null. */
  employeeId: z.optional(z.nullable(recordIdSchema)),
};

/** A report's period, both days included (YYYY-MM-DD). */
export interface ReportPeriod {
  from: string;
  to: string;
}

const usDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/**
 * A report holds one customer's deliveries over its period, and its totals, PDF and CSV count every
 * delivery it holds: a date outside the period is refused, naming the period (MM/DD/YYYY).
 */
export function deliveryPeriodError(day: string, period: ReportPeriod): string | null {
  if (!isCalendarDay(day) || (day >= period.from && day <= period.to)) return null;
  return formatMessage('deliveryOutsidePeriod', { from: usDay(period.from), to: usDay(period.to) });
}

/** The delivery form's rules for one report: the fields, and the date within the report's period. */
export const deliveryFormSchema = (period: ReportPeriod) =>
  z.object(deliveryFields).check(
    z.superRefine((values, ctx) => {
      const message = deliveryPeriodError(values.deliveredOn, period);
      if (message) ctx.issues.push({ code: 'custom', message, path: ['deliveredOn'], input: values.deliveredOn });
    }),
  );

export const createDeliverySchema = z.object({ reportId: id, ...deliveryFields });
export const updateDeliverySchema = z.object({ id, ...deliveryFields });

/** A discount as typed: kind, and the value in cents (amount) or percent (0–100, 2 decimals); kind 'none' removes it. */
const discountFields = {
  kind: z.enum([...DISCOUNT_KINDS, 'none'], { error: MESSAGES.discountKindInvalid }),
  value: z.optional(z.number({ error: MESSAGES.discountAmountInvalid })),
};

/** The typed discount as stored (money.ts), or the field's message. */
export function discountFromInput(input: {
  kind: 'amount' | 'percent' | 'none';
  value?: number;
}): { ok: true; discount: Discount | null } | { ok: false; message: string } {
  if (input.kind === 'none') return { ok: true, discount: null };
  const value = input.value ?? Number.NaN;
  if (input.kind === 'amount') {
    return Number.isSafeInteger(value) && value >= 0
      ? { ok: true, discount: { kind: 'amount', value } }
      : { ok: false, message: MESSAGES.discountAmountInvalid };
  }
  const bp = percentToBasisPoints(value);
  return bp === null
    ? { ok: false, message: MESSAGES.discountPercentInvalid }
    : { ok: true, discount: { kind: 'percent', value: bp } };
}

const withValue = <T extends { kind: 'amount' | 'percent' | 'none'; value?: number }>(schema: z.ZodMiniType<T>) =>
  schema.check(
    z.superRefine((input: T, ctx) => {
      const parsed = discountFromInput(input);
      if (!parsed.ok) ctx.issues.push({ code: 'custom', message: parsed.message, path: ['value'], input });
    }),
  );

export const reportDiscountSchema = withValue(z.object({ reportId: id, ...discountFields }));
export const deliveryDiscountSchema = withValue(z.object({ id, ...discountFields }));

export const exportQuerySchema = z.object({
  reportId: id,
  format: z.optional(z.enum(EXPORT_FORMATS, { error: MESSAGES.exportFormatInvalid })),
});
