/**
 * A report's delivery as the delivery routes (server/modules/reports) answer it, written once:
 * the report's details page (src/resources/reports/screens) reads its output type.
 */
import * as z from 'zod/mini';
import { described, timestamp } from '../wire';
import { DISCOUNT_KINDS } from './money';

const day = z.string();
z.globalRegistry.add(day, { format: 'date' });

export const deliveryAnswer = z.object({
  id: z.string(),
  reportId: z.string(),
  deliveredOn: day,
  origin: z.string(),
  destination: z.string(),
  distanceMiles: z.number(),
  weightLb: z.int(),
  priceCents: z.int(),
  discount: described(
    z.nullable(z.object({ kind: z.enum(DISCOUNT_KINDS), value: z.number() })),
    'amount: cents; percent: 0–100',
  ),
  /** This line's discount and total (money.ts), as the report's totals count them. */
  discountCents: z.int(),
  totalCents: z.int(),
  employeeId: z.nullable(z.string()),
  employeeName: z.nullable(z.string()),
  /** The proof of delivery's type, null when there is none (GET proof reads it). */
  proofType: z.nullable(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Delivery = z.output<typeof deliveryAnswer>;
export const deliveriesAnswer = z.array(deliveryAnswer);
