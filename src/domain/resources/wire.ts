/**
 * The resource engine's answers beside its records, written once: the engine's routes
 * (server/resources) answer through these schemas and its screens (src/resources/engine) read
 * their output types.
 */
import * as z from 'zod/mini';
import { described, timestamp } from '../wire';

/** One row of a record's read-only child list (ResourceDeclaration.related). */
export const relatedItemAnswer = z.object({
  id: z.string(),
  kind: described(z.string(), "Which kind of record (a source's name, e.g. 'ticket'); the screen translates it"),
  title: z.string(),
  status: described(
    z.nullable(z.string()),
    "The record's own state, as its area names it (translated by the screen when it knows it)",
  ),
  date: described(z.nullable(z.string()), 'The day it is for (YYYY-MM-DD), if any'),
  link: described(z.nullable(z.string()), 'The app route that opens it, if the reader may go there'),
});
export type RelatedItem = z.output<typeof relatedItemAnswer>;
export const relatedItemsAnswer = z.array(relatedItemAnswer);

/** One audit entry of a record's history, newest first: who, when, and each field's from → to. */
export const historyEntry = z.object({
  id: z.string(),
  action: z.enum(['create', 'update', 'delete', 'import', 'bulk']),
  actorId: z.nullable(z.string()),
  actorName: z.nullable(z.string()),
  at: timestamp,
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  labels: described(
    z.record(z.string(), z.string()),
    "The name or number a person knows for each record id the changes reference (a customer's name, an invoice's number); an id missing here names a record that is gone",
  ),
});
export type HistoryEntry = z.output<typeof historyEntry>;
