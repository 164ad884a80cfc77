/**
 * What a query string says: a value sent empty ('?page=', '?search=&status=', '?year=%20') is
 * one not sent. An optional parameter then takes its default (page 1, no status filter) instead
 * of being refused, and a required one is "This field is required", as a form's empty field;
 * text of the wrong kind is still the parameter's own refusal ("Enter a whole number, such as
 * 12"). The server reads every route's query through this before its schema
 * (server/http/validation.ts); wholeNumberParam reads a path value the same way.
 */

/** A query or path value that was not given: left out (undefined) or sent empty ('', '  '). */
export const isAbsent = (input: unknown): boolean =>
  input === undefined || (typeof input === 'string' && input.trim() === '');

/** The query's parameters without those sent empty; a repeated one (a list) is kept as sent. */
export function sentValues(query: unknown): unknown {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return query;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(query)) if (!isAbsent(value)) out[name] = value;
  return out;
}
