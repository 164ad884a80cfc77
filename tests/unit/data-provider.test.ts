import { beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('sends the first sorter as sort/order and range bounds as <field>From / <field>To', async () => {
    await dataProvider.getList({
      // Not a declared resource, so the default /api/<name> path.
      resource: 'ledgers',
      pagination: { currentPage: 1, pageSize: 20 },
      filters: [
        { field: 'status', operator: 'eq', value: 'open' },
        { field: 'email', operator: 'contains', value: 'gmail' },
        { field: 'amount', operator: 'gte', value: 100 },
        { field: 'dueDate', operator: 'lte', value: '2026-12-31' },
      ],
      sorters: [
        { field: 'name', order: 'desc' },
        { field: 'id', order: 'asc' },
      ],
    });
    expect(urls[0]).toBe(
      '/api/ledgers?status=open&email=gmail&amountFrom=100&dueDateTo=2026-12-31&sort=name&order=desc&page=1&perPage=20',
    );
  });

  it("calls a declared resource's own endpoints (spec paths, ids in the path, query or body)", async () => {
    await dataProvider.getList({ resource: 'contacts', pagination: { currentPage: 1, pageSize: 10 } });
    await dataProvider.getOne({ resource: 'contacts', id: 'c1' });
    await dataProvider.create({ resource: 'contacts', variables: { fullName: 'Ann' } });
    await dataProvider.update({ resource: 'contacts', id: 'c1', variables: { fullName: 'Ann B' } });
    await dataProvider.deleteOne({ resource: 'contacts', id: 'c1' });
    expect(urls).toEqual([
      '/api/crmmanagement/contacts?page=1&perPage=10',
      '/api/crmmanagement/contacts/c1',
      '/api/crmmanagement/contacts',
      '/api/crmmanagement/contacts/c1',
      '/api/crmmanagement/contacts/c1',
    ]);
    expect(methods).toEqual(['GET', 'GET', 'POST', 'PATCH', 'DELETE']);
  });

  it("adds the signed-in user's business where a declaration names the brief's business parameter (domains)", async () => {
    const business = storedUser().userData.business!.id;
    await dataProvider.getList({ resource: 'domains', pagination: { currentPage: 1, pageSize: 10 } });
    await dataProvider.deleteOne({ resource: 'domains', id: 'd1' });
    expect(urls).toEqual([
      `/api/crmmanagement/domains?page=1&perPage=10&businessId=${business}`,
      `/api/crmmanagement/domains?domainId=d1&businessId=${business}`,
    ]);
    expect(methods).toEqual(['GET', 'DELETE']);
  });

  it('puts the id in the query or the body where a spec endpoint wants it (users)', async () => {
    let body: unknown;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      urls.push(String(input));
      if (init?.body) body = JSON.parse(String(init.body));
      return jsonResponse(200, { result: { id: 'u1' } });
    });
    await dataProvider.getOne({ resource: 'users', id: 'u1' });
    await dataProvider.update({ resource: 'users', id: 'u1', variables: { firstName: 'Ann' } });
    expect(urls).toEqual(['/api/AdminAccount/user?id=u1', '/api/AdminAccount/user']);
    expect(body).toEqual({ id: 'u1', firstName: 'Ann' });
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
