import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/providers/data-provider';
import { setStoredUser } from '../../src/providers/session';
import { jsonResponse, storedUser } from './helpers/fixtures';

let urls: string[] = [];
let methods: string[] = [];

beforeEach(() => {
  localStorage.clear();
  setStoredUser(storedUser());
  urls = [];
  methods = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(String(input));
      methods.push(init?.method ?? 'GET');
      const paging = {
        currentPage: 2,
        pageSize: 5,
        totalCount: 42,
        totalPages: 9,
        hasNextPage: true,
        hasPreviousPage: true,
      };
      return jsonResponse(200, { result: [{ id: 1 }] }, { 'paging-data': JSON.stringify(paging) });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('data provider', () => {
  it('lists with page, perPage and filters as query parameters, total from paging-data', async () => {
    const result = await dataProvider.getList({
      resource: 'users',
      pagination: { currentPage: 2, pageSize: 5 },
      filters: [{ field: 'status', operator: 'eq', value: 'active' }],
      meta: { path: 'AdminAccount/users' },
    });
    expect(urls[0]).toBe('/api/AdminAccount/users?status=active&page=2&perPage=5');
    expect(result.total).toBe(42);
    expect(result.data).toEqual([{ id: 1 }]);
  });

  it('uses the resource name under /api and REST verbs for one record', async () => {
    await dataProvider.getOne({ resource: 'Ticket', id: 7 });
    await dataProvider.create({ resource: 'Ticket', variables: { title: 'x' } });
    await dataProvider.update({ resource: '/api/Ticket', id: 7, variables: { title: 'y' } });
    await dataProvider.deleteOne({ resource: 'Ticket', id: 7 });
    expect(urls).toEqual(['/api/Ticket/7', '/api/Ticket', '/api/Ticket/7', '/api/Ticket/7']);
    expect(methods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
  });
});
