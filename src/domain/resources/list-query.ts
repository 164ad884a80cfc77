/**
 * Parsing a declared resource's list query on the server (the parameters are named in
 * list-params.ts, which the client builds its URLs with): a filter or sort the declaration does
 * not allow answers 400 with a clear message.
 */
import { formatMessage, MESSAGES } from '../messages';
import { PAGING } from '../constants';
import type { FieldDeclaration, ResourceDeclaration } from './types';
import { INTEGER_LIMIT, valueSchema } from './field-rules';
import {
  filterParamMap,
  hasSearch,
  sortableFields,
  LIST_TEXT_MAX,
  SEARCH_PARAM,
  type FilterOp,
  type ListFilter,
  type ListQuery,
} from './list-params';
import * as z from 'zod/mini';

/** The longest text a filter or the search takes (LIST_TEXT_MAX), said in characters (a length, not a value). */
const MAX_TEXT = LIST_TEXT_MAX;
const textTooLong = () => new Error(formatMessage('textTooLong', { max: MAX_TEXT }));

function parseFilterValue(field: FieldDeclaration, op: FilterOp, raw: string): string | number | boolean | Error {
  if (op === 'contains') return raw.length > MAX_TEXT ? textTooLong() : raw;
  if (field.type === 'boolean') {
    if (raw === 'true' || raw === 'false') return raw === 'true';
    return new Error(MESSAGES.mustBeBoolean);
  }
  if (field.type === 'integer' || field.type === 'money') {
    const n = Number(raw);
    if (raw.trim() === '' || !Number.isInteger(n)) return new Error(MESSAGES.mustBeInteger);
    // Beyond what the column can hold the database would refuse the query itself (mid-export).
    if (n > INTEGER_LIMIT) return new Error(formatMessage('tooLarge', { max: INTEGER_LIMIT }));
    if (n < -INTEGER_LIMIT) return new Error(formatMessage('tooSmall', { min: -INTEGER_LIMIT }));
    return n;
  }
  if (field.type === 'datetime' || field.type === 'date') {
    // Date filters take a calendar day (YYYY-MM-DD); datetime ranges cover whole days.
    const day = z.safeParse(valueSchema({ type: 'date' }), raw);
    return day.success ? raw : new Error(MESSAGES.dateInvalid);
  }
  const result = z.safeParse(valueSchema(field), raw);
  return result.success ? (result.data as string) : new Error(result.error.issues[0]?.message ?? MESSAGES.invalidValue);
}

const intParam = (raw: string | undefined, fallback: number, min: number, max: number): number | Error => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) return new Error(MESSAGES.mustBeInteger);
  if (n < min) return new Error(formatMessage('tooSmall', { min }));
  if (n > max) return new Error(formatMessage('tooLarge', { max }));
  return n;
};

/**
 * Parses a list request's query string. Unknown parameters are errors (a typo must not look
 * like "no filter"). Repeated parameters take the last value.
 */
export function parseListQuery(
  resource: ResourceDeclaration,
  raw: Record<string, string | string[] | undefined>,
): { ok: true; value: ListQuery } | { ok: false; errors: Record<string, string> } {
  const params = filterParamMap(resource);
  const errors: Record<string, string> = {};
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[v.length - 1] : v);
  const page = intParam(one(raw.page), 1, 1, 1_000_000);
  const perPage = intParam(one(raw.perPage), PAGING.defaultPerPage, 1, PAGING.maxPerPage);
  if (page instanceof Error) errors.page = page.message;
  if (perPage instanceof Error) errors.perPage = perPage.message;

  let search: string | null = null;
  let sort: ListQuery['sort'] = null;
  const filters: ListFilter[] = [];
  const sortable = sortableFields(resource);
  for (const [name, value] of Object.entries(raw)) {
    const text = one(value)?.trim() ?? '';
    if (name === 'page' || name === 'perPage' || name === 'order') continue;
    // The caller's business, checked by the route (types.ts businessParam).
    if (name === resource.api.businessParam) continue;
    if (name === SEARCH_PARAM && hasSearch(resource)) {
      if (text.length > MAX_TEXT) errors[name] = textTooLong().message;
      else search = text || null;
    } else if (name === 'sort') {
      if (!text) continue;
      if (!sortable.includes(text))
        errors.sort = formatMessage('unknownSort', { name: text, allowed: sortable.join(', ') });
      else sort = { field: text, order: 'asc' };
    } else if (params.has(name)) {
      if (text === '') continue;
      const { field, op } = params.get(name)!;
      const parsed = parseFilterValue(resource.fields[field]!, op, text);
      if (parsed instanceof Error) errors[name] = parsed.message;
      else filters.push({ field, op, value: parsed });
    } else {
      const allowed = [...params.keys(), ...(hasSearch(resource) ? [SEARCH_PARAM] : [])];
      errors[name] = formatMessage('unknownFilter', { name, allowed: allowed.join(', ') || '-' });
    }
  }
  const order = one(raw.order);
  if (order !== undefined && order !== '' && order !== 'asc' && order !== 'desc')
    errors.order = MESSAGES.sortOrderInvalid;
  if (sort && order === 'desc') sort.order = 'desc';
  if (!sort && resource.defaultSort) sort = { ...resource.defaultSort };

  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { page: page as number, perPage: perPage as number, search, sort, filters } };
}
