/**
 * PostgreSQL's answer to a write a unique index refused (SQLSTATE 23505), for the modules that
 * turn it into their own 409 ("name taken", "email taken") instead of the generic conflict.
 */
const UNIQUE_VIOLATION = '23505';

/** A write refused by a unique index. Drizzle wraps the driver's error, so its code may sit on `cause`. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; cause?: { code?: unknown } | null };
  return e.code === UNIQUE_VIOLATION || e.cause?.code === UNIQUE_VIOLATION;
}
