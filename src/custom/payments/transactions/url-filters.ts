import type { TransactionFilters } from './transactions-api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CENTS = /^\d+$/;

/**
 * The transaction filters and paging kept in the URL (so a filtered list can be bookmarked,
 * shared and survives reload): from/to as YYYY-MM-DD, status, minAmount/maxAmount in cents.
 * Values that are not of that shape are ignored rather than sent.
 */
export function readFilters(params: URLSearchParams): { filters: TransactionFilters; page: number; perPage: number } {
  const filters: TransactionFilters = {};
  const from = params.get('from');
  const to = params.get('to');
  if (from && DAY.test(from)) filters.from = from;
  if (to && DAY.test(to)) filters.to = to;
  const status = params.get('status');
  if (status) filters.status = status;
  const min = params.get('minAmount');
  const max = params.get('maxAmount');
  if (min && CENTS.test(min)) filters.minAmount = Number(min);
  if (max && CENTS.test(max)) filters.maxAmount = Number(max);
  const page = Number(params.get('page'));
  const perPage = Number(params.get('perPage'));
  return {
    filters,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: Number.isInteger(perPage) && perPage > 0 ? perPage : 10,
  };
}

export function writeFilters(filters: TransactionFilters, page: number, perPage: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (page > 1) params.set('page', String(page));
  if (perPage !== 10) params.set('perPage', String(perPage));
  return params;
}
