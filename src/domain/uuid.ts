/**
 * A record id as PostgreSQL's `uuid` writes it (any version, either case): the one pattern every
 * id check uses, on the server and in the schemas, so a malformed id is refused the same way
 * everywhere (a 400 or a 404 of the route's own, never a database error).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
