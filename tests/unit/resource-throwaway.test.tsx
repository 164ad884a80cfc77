/**
 * "Declare once", client side: a resource declared here, registered by one line (the registry
 * is extended below exactly as src/resources/declared.ts would be) and given its labels, gets
 * a working list, create form and show page with history from the generated screens — no
 * screen code of its own. (tests/api/resource-engine.test.ts proves the same declaration's API.)
 */
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { defineResource } from '../../src/domain/resources/types';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import type * as Registry from '../../src/resources/registry';
import { initEnglish } from './helpers/i18n';

type RegistryModule = typeof Registry;

const gadgets = defineResource({
  name: 'gadgets',
  table: { name: 'test_gadgets' },
  routes: { list: 'gadgets', create: 'gadgets/create', edit: 'gadgets/:id/edit', show: 'gadgets/:id' },
  api: { base: '/api/test/gadgets' },
  access: { list: ['ADMIN'], show: ['ADMIN'], create: ['ADMIN'], update: ['ADMIN'], delete: ['ADMIN'] },
  titleField: 'name',
  fields: {
    name: { type: 'string', required: true, min: 3, max: 40, sortable: true, search: true },
    price: { type: 'money', required: true, filter: 'range', sortable: true },
    color: { type: 'enum', options: ['red', 'green'], filter: 'exact', defaultValue: 'red' },
    inStock: { type: 'boolean', filter: 'boolean' },
  },
});

// The one registry line.
vi.mock('../../src/resources/registry', async (importOriginal) => {
  const real = await importOriginal<RegistryModule>();
  const all = [...real.RESOURCES, gadgets];
  return { ...real, RESOURCES: all, resourceNamed: (name: string) => all.find((r) => r.name === name) };
});

const toastBus = await import('../../src/providers/notification/toast-bus');
// After the mock: the helper imports the data provider, which reads the (mocked) registry.
const { renderInApp } = await import('./helpers/render-in-app');
const { default: ResourceList } = await import('../../src/resources/engine/ResourceList');
const { ResourceCreate } = await import('../../src/resources/engine/ResourceForm');
const { default: ResourceShow } = await import('../../src/resources/engine/ResourceShow');

beforeAll(async () => {
  await initEnglish();
  // The labels a developer adds to translation.json (docs/adding-a-resource.md, step 4).
  i18n.addResourceBundle(
    'en',
    'translation',
    {
      resources: {
        gadgets: {
          name: 'Gadgets',
          fields: { name: 'Name', price: 'Price', color: 'Color', inStock: 'In stock' },
          options: { color: { red: 'Red', green: 'Green' } },
        },
      },
    },
    true,
    true,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const ROW = {
  id: '0b7c1d2e-0000-4000-8000-0000000000aa',
  name: 'Widget',
  price: 1999,
  color: 'green',
  inStock: true,
  createdAt: '2026-11-20T15:04:00.000Z',
  updatedAt: '2026-11-20T15:04:00.000Z',
};

/** The screen at `path` for an admin, with the toasts it would show kept off the test's screen. */
function renderAt(path: string, route: string, element: ReactNode) {
  vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  return renderInApp(path, element, { route, user: storedUser({ roleName: 'ADMIN' }) });
}

describe('a resource declared in a test gets its screens', () => {
  it('list: its columns, formatted values, filters from the URL, on its own API path', async () => {
    const calls = stubFetch((url) =>
      url.pathname.startsWith('/api/User/preferences/')
        ? jsonResponse(200, { result: null })
        : jsonResponse(
            200,
            { result: [ROW] },
            {
              'paging-data': JSON.stringify({ currentPage: 1, pageSize: 10, totalCount: 1, totalPages: 1 }),
            },
          ),
    );
    renderAt('/gadgets?color=green&sort=price&order=desc', '/gadgets', <ResourceList resource={gadgets} />);
    expect(await screen.findByText('Widget')).toBeTruthy();
    expect(screen.getByText('$19.99')).toBeTruthy();
    expect(screen.getAllByText('Green').length).toBeGreaterThan(0);
    for (const name of [/Name/, /Price/, /Color/, /In stock/])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    const list = calls.find((c) => c.url.pathname === '/api/test/gadgets')!;
    expect(list.url.searchParams.get('color')).toBe('green');
    expect(list.url.searchParams.get('sort')).toBe('price');
    expect(list.url.searchParams.get('order')).toBe('desc');
  });

  it("create: the declaration's rules and messages, nothing sent while they stand", async () => {
    const calls = stubFetch(() => jsonResponse(200, { result: [] }));
    renderAt('/gadgets/create', '/gadgets/create', <ResourceCreate resource={gadgets} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Must be at least 3 characters long')).toBeTruthy();
    expect(await screen.findByText('This field is required')).toBeTruthy(); // price
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0);
  });

  it('show: the record and its history', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/test/gadgets/history') {
        return jsonResponse(
          200,
          {
            result: [
              {
                id: 'h1',
                action: 'update',
                actorId: null,
                actorName: 'Ada Admin',
                at: '2026-11-21T10:00:00.000Z',
                changes: { price: { from: 1500, to: 1999 } },
              },
            ],
          },
          { 'paging-data': JSON.stringify({ currentPage: 1, pageSize: 10, totalCount: 1, totalPages: 1 }) },
        );
      }
      return jsonResponse(200, { result: ROW });
    });
    renderAt(`/gadgets/${ROW.id}`, '/gadgets/:id', <ResourceShow resource={gadgets} />);
    expect(await screen.findAllByText('Widget')).toBeTruthy();
    expect(screen.getByText('$19.99')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() => expect(within(history).getByText('Updated')).toBeTruthy());
    expect(within(history).getByText(/Ada Admin/)).toBeTruthy();
  });

  it('show: only the rows that have a value (none for a field the record leaves empty; No is a value)', async () => {
    stubFetch((url) =>
      url.pathname === '/api/test/gadgets/history'
        ? jsonResponse(200, { result: [] }, { 'paging-data': JSON.stringify({ currentPage: 1, totalCount: 0 }) })
        : jsonResponse(200, { result: { ...ROW, color: null, inStock: false } }),
    );
    renderAt(`/gadgets/${ROW.id}`, '/gadgets/:id', <ResourceShow resource={gadgets} />);
    expect(await screen.findByText('$19.99')).toBeTruthy();
    expect(screen.getByText('Price')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    expect(screen.queryByText('Color')).toBeNull();
  });
});
