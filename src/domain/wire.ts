/**
 * Building blocks of the wire shapes (the answers' zod schemas in `src/domain/<area>/wire.ts`):
 * the server's routes answer through them and the client types what it reads as their output,
 * so a shape is written once (docs/architecture.md, "Wire shapes"). zod/mini, because the client
 * may bundle them.
 */
import * as z from 'zod/mini';

const isoString = z.string();
z.globalRegistry.add(isoString, { format: 'date-time' });

/**
 * A point in time on the wire: an ISO 8601 string. Handlers may return a Date (from the
 * database) or an ISO string; both go out as the string.
 */
export const timestamp = z.pipe(
  z.pipe(
    z.union([z.date(), z.string()]),
    z.transform((v: Date | string) => (v instanceof Date ? v.toISOString() : v)),
  ),
  isoString,
);

/** A schema with its description for the API's documentation (/docs), as zod's `.describe` does. */
export function described<S extends z.ZodMiniType>(schema: S, description: string): S {
  z.globalRegistry.add(schema, { description });
  return schema;
}
