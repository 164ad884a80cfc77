/**
 * The seating area's answers, written once: the floor-plan routes (server/modules/seating)
 * answer through these schemas and the editor (src/custom/seating) reads their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';
import { venueLayoutShape } from './layout';

/**
 * A venue's stored floor plan: version 0 and the default plan while none is saved. The plan
 * passed the floor checks when it was saved, so the answer checks only its shape.
 */
export const storedLayoutAnswer = z.object({
  version: z.number(),
  layout: venueLayoutShape,
  updatedAt: z.nullable(timestamp),
  updatedBy: z.nullable(z.string()),
});
export type StoredLayout = z.output<typeof storedLayoutAnswer>;
