import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { resourceNamed } from '../../src/resources/registry';
import { ResourceCreate, ResourceEdit } from '../../src/resources/engine/ResourceForm';
import ResourceList from '../../src/resources/engine/ResourceList';
import { HistoryList } from '../../src/resources/engine/HistoryList';
import { ResourceScreen, screenFor } from '../../src/resources/engine/screens';
import { defineResource } from '../../src/domain/resources/types';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { stubFetch } from './helpers/stub-fetch';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

const contacts = resourceNamed('contacts')!;
const deals = resourceNamed('deals')!;
const paging = (total: number) => ({
  'paging-data': JSON.stringify({ currentPage: 1, pageSize: 10, totalCount: total, totalPages: 1 }),
});

beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const row = (overrides: Record<string, unknown> = {}) => ({
  id: '0b7c1d2e-0000-4000-8000-000000000001',
  fullName: 'Ann Lee',
  email: 'ann@example.com',
  phone: null,
  companyId: '0b7c1d2e-0000-4000-8000-0000000000c1',
  status: 'customer',
  notes: null,
  createdAt: '2026-11-20T15:04:00.000Z',
  updatedAt: '2026-11-20T15:04:00.000Z',
  _labels: { companyId: 'Blue Logistics' },
  ...overrides,
});

/** The screen at `path` for an admin, with the toasts it would show kept off the test's screen. */
function renderAt(path: string, route: string, element: ReactNode) {
  vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
  return renderInApp(path, element, { route, user: storedUser({ roleName: 'ADMIN' }) });
}

describe('generated create and edit forms', () => {
  it('renders one input per declared field, by type, with its translated label', async () => {
    stubFetch(() => jsonResponse(200, { result: [] }));
    renderAt('/deal_management/create', '/deal_management/create', <ResourceCreate resource={deals} />);
    expect(screen.getByRole('heading', { name: 'New deal' })).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).type).toBe('text');
    // Money is typed in dollars, in a number field that keeps what was typed (NumberField).
    const value = screen.getByLabelText('Value') as HTMLInputElement;
    expect(value.inputMode).toBe('decimal');
    expect(value.closest('.ant-input-affix-wrapper')?.querySelector('.ant-input-prefix')?.textContent).toBe('$');
    expect(screen.getByLabelText('Notes').tagName).toBe('TEXTAREA');
    for (const label of ['Stage', 'Company', 'Contact', 'Owner']) {
      expect(screen.getByLabelText(label).getAttribute('role'), label).toBe('combobox');
    }
    // The date picker loads on its own.
    await waitFor(() => expect(screen.getByLabelText('Expected close').getAttribute('placeholder')).toBe('MM/DD/YYYY'));
  });

  it("shows the declaration's messages on submit, and sends nothing while they stand", async () => {
    const calls = stubFetch(() => jsonResponse(200, { result: [] }));
    renderAt('/contact_management/create', '/contact_management/create', <ResourceCreate resource={contacts} />);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).type).toBe('tel');
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Must be at least 2 characters long')).toBeTruthy();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(0);
  });

  it('puts server field errors on their fields, then saves and opens the new record', async () => {
    let attempt = 0;
    const calls = stubFetch((url, init) => {
      if (init.method !== 'POST') return jsonResponse(200, { result: [] });
      attempt += 1;
      return attempt === 1
        ? jsonResponse(400, {
            message: 'This value is already used by another record',
            errors: { email: 'This value is already used by another record' },
          })
        : jsonResponse(200, { result: row({ status: 'lead' }) });
    });
    renderAt('/contact_management/create', '/contact_management/create', <ResourceCreate resource={contacts} />);
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Ann Lee' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ann@Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    const emailItem = screen.getByLabelText('Email').closest('.ant-form-item') as HTMLElement;
    expect(await within(emailItem).findByText('This value is already used by another record')).toBeTruthy();
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/crmmanagement/contacts');
    // The default status travels; empty optional fields stay out.
    expect(JSON.parse(String(post.init.body))).toEqual({
      fullName: 'Ann Lee',
      email: 'Ann@Example.com',
      status: 'lead',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/contact_management/${row().id}`));
    expect(toastBus.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'success', content: 'Contact created' }),
    );
  });

  it('edits: loads the record, shows the reference by its label and sends only what changed, with the version it was made from', async () => {
    const calls = stubFetch((url, init) => {
      if (init.method === 'PATCH') return jsonResponse(200, { result: row({ phone: '+12025550199' }) });
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: [] });
      return jsonResponse(200, { result: row() });
    });
    renderAt(
      `/contact_management/${row().id}/edit`,
      '/contact_management/:id/edit',
      <ResourceEdit resource={contacts} />,
    );
    expect(await screen.findByRole('heading', { name: 'Edit Ann Lee' })).toBeTruthy();
    expect(screen.getByDisplayValue('ann@example.com')).toBeTruthy();
    // Typed the US way, sent as E.164 (the one stored form).
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '(202) 555-0199' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.init.method === 'PATCH')!;
    expect(patch.url.pathname).toBe(`/api/crmmanagement/contacts/${row().id}`);
    expect(JSON.parse(String(patch.init.body))).toEqual({ phone: '+12025550199', updatedAt: row().updatedAt });
  });
});

describe('generated list', () => {
  it('reads page, filters and sort from the URL, formats values and hides the saved hidden columns', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname.startsWith('/api/User/preferences/'))
        return jsonResponse(200, { result: { hidden: ['phone'] } });
      if (url.pathname.endsWith('/options')) return jsonResponse(200, { result: [] });
      return jsonResponse(200, { result: [row()] }, paging(31));
    });
    renderAt(
      '/contact_management?status=customer&query=ann&sort=fullName&order=desc&page=2&perPage=20',
      '/contact_management',
      <ResourceList resource={contacts} />,
    );
    expect(await screen.findByText('Ann Lee')).toBeTruthy();
    const list = calls.find((c) => c.url.pathname === '/api/crmmanagement/contacts')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      status: 'customer',
      query: 'ann',
      sort: 'fullName',
      order: 'desc',
      page: '2',
      perPage: '20',
    });
    // Enum translated, reference by its label with a link to its show page.
    expect(screen.getAllByText('Customer').length).toBeGreaterThan(0);
    const company = screen.getByRole('link', { name: 'Blue Logistics' });
    expect(company.getAttribute('href')).toBe('/contact_companies_management/0b7c1d2e-0000-4000-8000-0000000000c1');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Phone' })).toBeNull());
    expect(screen.getByRole('columnheader', { name: /Email/ })).toBeTruthy();
    expect(screen.getByText('31 contacts')).toBeTruthy();
  });

  it('puts a new filter in the URL and starts again at page 1', async () => {
    stubFetch((url) =>
      url.pathname.startsWith('/api/User/preferences/')
        ? jsonResponse(200, { result: null })
        : jsonResponse(200, { result: [row()] }, paging(1)),
    );
    renderAt('/contact_management?page=3', '/contact_management', <ResourceList resource={contacts} />);
    await screen.findByText('Ann Lee');
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'gmail' } });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/contact_management?email=gmail'));
  });
});

describe('screen overrides', () => {
  it("renders a resource's own screen instead of the generated one", async () => {
    const custom = defineResource({ ...contacts, name: 'customContacts' });
    const own = { list: async () => ({ default: () => <p>My own list</p> }) };
    expect(screenFor(custom, 'list', own)).not.toBe(screenFor(contacts, 'list'));
    expect(screenFor(custom, 'show', own)).toBe(screenFor(contacts, 'show'));
    // the users resource's own screens come from src/resources/own-screens.ts
    expect(screenFor(resourceNamed('users')!, 'list')).not.toBe(screenFor(contacts, 'list'));
    render(
      <Suspense fallback={null}>
        <ResourceScreen resource={custom} kind="list" own={own} />
      </Suspense>,
    );
    expect(await screen.findByText('My own list')).toBeTruthy();
  });
});

describe('markdown fields', () => {
  it('preview in the form what the show page will render', async () => {
    stubFetch(() => jsonResponse(200, { result: [] }));
    renderAt(
      '/plan_management/create',
      '/plan_management/create',
      <ResourceCreate resource={resourceNamed('plans')!} />,
    );
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: '**Pro** plan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByText('Pro')).tagName).toBe('STRONG');
  });

  it('render as elements: bold stays bold, raw HTML and script links do not survive', async () => {
    const { default: MarkdownView } = await import('../../src/resources/engine/MarkdownView');
    const { container } = render(
      <MarkdownView
        text={'**Free** plan <img src=x onerror="alert(1)"><script>alert(1)</script> [x](javascript:alert(1))'}
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Free');
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });
});

describe('record history', () => {
  const recordId = row().id;
  // As in the signed-in app: a refusal (4xx) is shown at once, never retried.
  const ui = (version: string) => <HistoryList resource={contacts} id={recordId} version={version} />;
  const show = (version: string) => renderInApp('/crm_contacts', ui(version));
  const entry = (n: number, overrides: Record<string, unknown> = {}) => ({
    id: `0b7c1d2e-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    action: 'update',
    actorId: null,
    actorName: 'Ann Admin',
    at: '2026-11-20T15:04:00.000Z',
    changes: { status: { from: 'lead', to: 'customer' }, notes: { from: null, to: 'Called' } },
    labels: {},
    ...overrides,
  });

  it('lists the changes newest first with labels and values, pages through them, and reads again on a new version', async () => {
    const calls = stubFetch((url) =>
      url.searchParams.get('page') === '2'
        ? jsonResponse(
            200,
            { result: [entry(11, { action: 'create', actorName: null, changes: {} })] },
            {
              'paging-data': JSON.stringify({ currentPage: 2, pageSize: 10, totalCount: 11, totalPages: 2 }),
            },
          )
        : jsonResponse(
            200,
            { result: [entry(1)] },
            {
              'paging-data': JSON.stringify({ currentPage: 1, pageSize: 10, totalCount: 11, totalPages: 2 }),
            },
          ),
    );
    const view = show('v1');
    expect(await screen.findByText('Updated')).toBeTruthy();
    expect(screen.getByText(/^by Ann Admin on 11\/20\/2026/)).toBeTruthy();
    const status = screen.getByText('Status').parentElement!;
    expect(status.textContent).toBe('Status: Lead → Customer');
    expect(screen.getByText('Notes').parentElement!.textContent).toBe('Notes: (empty) → Called');
    // (The app around it reads the business's time zone too.)
    const history = () => calls.filter((c) => c.url.pathname === '/api/crmmanagement/contacts/history');
    expect(Object.fromEntries(history()[0]!.url.searchParams)).toEqual({ id: recordId, page: '1', perPage: '10' });

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Created')).toBeTruthy();
    expect(screen.getByText(/^by the system on/)).toBeTruthy();
    expect(history().at(-1)!.url.searchParams.get('page')).toBe('2');

    // The record changed: its history is read again, the entries shown stay meanwhile.
    const before = history().length;
    view.rerenderApp(ui('v2'));
    await waitFor(() => expect(history().length).toBe(before + 1));
  });

  it('names a referenced record by the label the server sent, and a record gone by its id', async () => {
    const [acme, gone] = ['6a1f0000-0000-4000-8000-000000000001', '6a1f0000-0000-4000-8000-000000000002'];
    stubFetch(() =>
      jsonResponse(
        200,
        { result: [entry(1, { changes: { companyId: { from: gone, to: acme } }, labels: { [acme]: 'Acme Ltd' } })] },
        paging(1),
      ),
    );
    show('v1');
    expect(await screen.findByText('Updated')).toBeTruthy();
    expect(screen.getByText('Company').parentElement!.textContent).toBe(`Company: ${gone} → Acme Ltd`);
  });

  it('says when there is nothing yet, and shows a failure in its words', async () => {
    stubFetch(() => jsonResponse(200, { result: [] }, paging(0)));
    show('v1');
    expect(await screen.findByText('No changes recorded yet')).toBeTruthy();
    cleanup();

    stubFetch(() => jsonResponse(404, { message: 'Not found' }));
    show('v1');
    expect((await screen.findByRole('alert')).textContent).toContain('Not found');
  });
});
