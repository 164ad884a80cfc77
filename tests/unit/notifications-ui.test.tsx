import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { ConfigProvider } from 'antd';
import i18n from 'i18next';
import { NOTIFICATION_TYPES, type NotificationItem } from '../../src/domain/notifications';
import notificationsEn from '../../src/custom/notifications/locales/en.json';
import notificationsEs from '../../src/custom/notifications/locales/es.json';
import { NotificationBell } from '../../src/custom/notifications/NotificationBell';
import NotificationCenterPage from '../../src/custom/notifications/NotificationCenterPage';
import AnnouncementPage from '../../src/custom/notifications/AnnouncementPage';
import { refreshLatest } from '../../src/providers/live/latest-store';
import * as toastBus from '../../src/providers/notification/toast-bus';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish, switchLanguage } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const item = (overrides: Partial<NotificationItem> = {}): NotificationItem => ({
  id: 'n1',
  title: 'Welcome aboard',
  message: 'A long message that the popover cuts to one line with an ellipsis.',
  type: 'announcement',
  status: 'unread',
  notificationDate: '2026-11-20T15:04:00.000Z',
  titleKey: null,
  messageKey: null,
  params: null,
  ...overrides,
});

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
function stubFetch(handler: Handler) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    return handler(url, init);
  });
  vi.stubGlobal('fetch', mock);
  return calls;
}

describe('the bell', () => {
  it('shows the unread count, lists the latest, opens one and marks it as read', async () => {
    let latest = { count: 1, notifications: [item()] };
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/Notification/latest_notifications') return jsonResponse(200, { result: latest });
      if (url.pathname === '/api/Notification/mark_as_read_notification') {
        latest = { count: 0, notifications: [] };
        return jsonResponse(200, { result: item({ status: 'read' }) });
      }
      return jsonResponse(404, { message: 'Not found' });
    });
    const toast = vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    renderInApp('/', <NotificationBell />);
    await waitFor(() => expect(document.querySelector('.bell-count')?.textContent).toBe('1'));

    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const row = await screen.findByRole('button', { name: 'Welcome aboard' });
    fireEvent.click(row);
    expect(await screen.findByText('11/20/2026', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'success', content: 'Notification Marked as Read', duration: 0.5 }),
      ),
    );
    const patch = calls.find((c) => c.url.pathname.endsWith('mark_as_read_notification'));
    expect(patch?.init.method).toBe('PATCH');
    expect(patch?.url.searchParams.get('notificationId')).toBe('n1');
    expect(await screen.findByText('No new notifications')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'See all notifications' })).toBeNull();
  });

  it('shows the count from the shared store, with 99+ past 99, and none at zero', async () => {
    let count = 120;
    stubFetch(() => jsonResponse(200, { result: { count, notifications: [item()] } }));
    renderInApp('/', <NotificationBell />);
    await waitFor(() => expect(document.querySelector('.bell-count')?.textContent).toBe('99+'));
    expect(document.querySelector('.bell-count')?.getAttribute('title')).toBe('120');
    // Nothing has opened the popover: the count alone needs none of its code on screen.
    expect(document.querySelector('.ant-popover')).toBeNull();
    count = 0;
    await act(() => refreshLatest());
    expect(document.querySelector('.bell-count')).toBeNull();
  });

  it('closes when another page opens (a link, Back, Forward)', async () => {
    stubFetch((url) =>
      url.pathname.endsWith('latest_notifications')
        ? jsonResponse(200, { result: { count: 1, notifications: [item()] } })
        : jsonResponse(404, {}),
    );
    function Elsewhere() {
      const navigate = useNavigate();
      return <button onClick={() => void navigate('/elsewhere')}>Back</button>;
    }
    renderInApp(
      '/',
      // No leave animation (happy-dom never ends one): the popover is hidden as soon as it closes.
      <ConfigProvider theme={{ token: { motion: false } }}>
        <NotificationBell />
        <Elsewhere />
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await screen.findByRole('button', { name: 'Welcome aboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/elsewhere'));
    await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull());
  });

  it('archives from the detail pane and offers See all only with a count', async () => {
    let latest = { count: 2, notifications: [item(), item({ id: 'n2', title: 'Second' })] };
    stubFetch((url) => {
      if (url.pathname.endsWith('latest_notifications')) return jsonResponse(200, { result: latest });
      if (url.pathname.endsWith('archived_notification')) {
        latest = { count: 1, notifications: [item({ id: 'n2', title: 'Second' })] };
        return jsonResponse(200, { result: item({ status: 'archived' }) });
      }
      return jsonResponse(404, {});
    });
    const toast = vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    renderInApp('/', <NotificationBell />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Welcome aboard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: 'Archived Notification' })),
    );
    await screen.findByRole('button', { name: 'Second' });
    expect(screen.queryByRole('button', { name: 'Welcome aboard' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See all notifications' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/notifications'));
  });

  it("IT's bell (no Notifications Center) lists and opens notifications but offers no See all", async () => {
    const latest = { count: 1, notifications: [item({ title: 'A support chat is waiting for a person' })] };
    stubFetch((url) => jsonResponse(url.pathname.endsWith('latest_notifications') ? 200 : 404, { result: latest }));
    renderInApp('/', <NotificationBell withCenter={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    fireEvent.click(await screen.findByRole('button', { name: 'A support chat is waiting for a person' }));
    await screen.findByRole('button', { name: 'Archive' });
    expect(screen.queryByRole('button', { name: 'See all notifications' })).toBeNull();
  });

  it("writes each row's words once per list and language, not again for every render (opening, a pick, Back)", async () => {
    const coded = item({
      id: 'n3',
      title: 'Quote Q-1 accepted',
      message: 'Stored English',
      titleKey: 'quoteAcceptedTitle',
      messageKey: 'quoteAcceptedMessage',
      params: { number: 'Q-1', customer: 'Zoe', moveDate: { date: '2026-12-24' } },
    });
    const calls = stubFetch(() => jsonResponse(200, { result: { count: 1, notifications: [coded] } }));
    // noticeText asks i18next whether the app knows the code each time it writes a row's text.
    const exists = vi.spyOn(i18n, 'exists');
    const written = (code: string) => exists.mock.calls.filter(([key]) => key === `messages.${code}`).length;
    renderInApp('/', <NotificationBell />);
    await waitFor(() => expect(document.querySelector('.bell-count')?.textContent).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quote Q-1 accepted' }));
    // The detail pane takes the words the list wrote, and Back shows the same list again.
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to notifications' }));
    expect(await screen.findByRole('button', { name: 'Quote Q-1 accepted' })).toBeTruthy();
    // At most once for each list that came (the bell's first read, the opening's), whatever the
    // renders in between: the popover opening, the pick, the detail pane, Back.
    const lists = calls.length;
    expect(written('quoteAcceptedTitle')).toBeLessThanOrEqual(lists);
    expect(written('quoteAcceptedMessage')).toBeLessThanOrEqual(lists);
    const before = written('quoteAcceptedTitle');
    // Another language writes the list again, once.
    await act(() => switchLanguage('es'));
    try {
      expect(await screen.findByRole('button', { name: 'Presupuesto Q-1 aceptado' })).toBeTruthy();
      expect(written('quoteAcceptedTitle')).toBe(before + 1);
      expect(written('quoteAcceptedMessage')).toBe(before + 1);
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('updates live when the store is refreshed (ReceiveMessage)', async () => {
    let latest = { count: 0, notifications: [] as NotificationItem[] };
    stubFetch(() => jsonResponse(200, { result: latest }));
    renderInApp('/', <NotificationBell />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No new notifications')).toBeTruthy();
    latest = { count: 1, notifications: [item({ title: 'Fresh news' })] };
    await act(() => refreshLatest());
    expect(await screen.findByRole('button', { name: 'Fresh news' })).toBeTruthy();
  });
});

describe('the Notifications Center', () => {
  it('reads filters from the URL, pages by the paging-data header and sends bulk actions as multipart ids', async () => {
    const paging = {
      currentPage: 2,
      pageSize: 10,
      totalCount: 12,
      totalPages: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    };
    const calls = stubFetch((url, init) => {
      if (url.pathname.endsWith('/notifications') && (init.method ?? 'GET') === 'GET')
        return jsonResponse(
          200,
          { result: [item(), item({ id: 'n2', title: 'Other', status: 'read' })] },
          {
            'paging-data': JSON.stringify(paging),
          },
        );
      if (url.pathname.endsWith('latest_notifications'))
        return jsonResponse(200, { result: { count: 0, notifications: [] } });
      return jsonResponse(200, { result: null });
    });
    vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    renderInApp('/notifications?status=unread&query=wel&page=2', <NotificationCenterPage />);
    expect(await screen.findByText('Welcome aboard')).toBeTruthy();
    const list = calls.find((c) => c.url.pathname.endsWith('/notifications'));
    expect(Object.fromEntries(list?.url.searchParams ?? [])).toEqual({
      page: '2',
      perPage: '10',
      query: 'wel',
      status: 'unread',
    });
    expect((await screen.findAllByText('11/20/2026', { exact: false })).length).toBe(2);
    expect(screen.getAllByText('Unread').length).toBeGreaterThan(0);

    // Each check box is named (axe's 'label' rule): the header's in the app's language, not antd's English.
    const table = screen.getByRole('table');
    expect(within(table).getByRole('checkbox', { name: 'Select every notification on this page' })).toBeTruthy();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select “Welcome aboard”' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select “Other”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('archived_notifications'))).toBe(true));
    const put = calls.find((c) => c.url.pathname.endsWith('archived_notifications'));
    expect(put?.init.method).toBe('PUT');
    expect((put?.init.body as FormData).getAll('ids')).toEqual(['n1', 'n2']);
  });

  it("writes each row's words once per list, not again for every render (its title cell, message cell, check box)", async () => {
    const coded = item({
      id: 'n3',
      title: 'Quote Q-1 accepted',
      message: 'Stored English',
      titleKey: 'quoteAcceptedTitle',
      messageKey: 'quoteAcceptedMessage',
      params: { number: 'Q-1', customer: 'Zoe', moveDate: { date: '2026-12-24' } },
    });
    stubFetch((url) =>
      url.pathname.endsWith('latest_notifications')
        ? jsonResponse(200, { result: { count: 0, notifications: [] } })
        : jsonResponse(200, { result: [coded] }),
    );
    // noticeText asks i18next whether the app knows the code each time it writes a row's text.
    const exists = vi.spyOn(i18n, 'exists');
    const written = (code: string) => exists.mock.calls.filter(([key]) => key === `messages.${code}`).length;
    renderInApp('/notifications', <NotificationCenterPage />);
    expect(await screen.findByText('Quote Q-1 accepted')).toBeTruthy();
    const table = screen.getByRole('table');
    // Once for the list: the title cell and the check box's name share it.
    expect(written('quoteAcceptedTitle')).toBe(1);
    expect(written('quoteAcceptedMessage')).toBe(1);
    // Re-renders that leave the rows as they were (a row picked, the drawer opened) write nothing again.
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select “Quote Q-1 accepted”' }));
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeTruthy();
    fireEvent.click(within(table).getByText('Quote Q-1 accepted'));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(written('quoteAcceptedTitle')).toBe(1);
    expect(written('quoteAcceptedMessage')).toBe(1);
  });

  it('keeps a filter change in the query string and starts again at page 1', async () => {
    // Page 3 is a page of the list (a page past the last would move to the last by itself).
    const paging = { currentPage: 3, pageSize: 10, totalCount: 30, totalPages: 3 };
    stubFetch(() => jsonResponse(200, { result: [] }, { 'paging-data': JSON.stringify(paging) }));
    renderInApp('/notifications?page=3', <NotificationCenterPage />);
    expect(await screen.findByText('No notifications')).toBeTruthy();
    const search = screen.getByRole('searchbox', { name: 'Search notifications' });
    fireEvent.change(search, { target: { value: 'invoice' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/notifications?query=invoice'));
  });
  it('offers every kind of notification the product writes in its type filter, each labelled in both languages', async () => {
    stubFetch(() => jsonResponse(200, { result: [] }));
    renderInApp('/notifications', <NotificationCenterPage />);
    expect(await screen.findByText('No notifications')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    // quote, domain, support and form are written by createNotification (the quotes, domains,
    // support and forms modules) and were missing from the filter.
    expect(offered).toEqual([
      'All types',
      'Announcement',
      'Account',
      'Subscription',
      'Message',
      'System',
      'Quote',
      'Domain',
      'Support',
      'Form',
    ]);
    for (const bundle of [notificationsEn, notificationsEs])
      for (const type of NOTIFICATION_TYPES) expect(bundle.notificationCenter.types).toHaveProperty(type);
    expect(notificationsEs.notificationCenter.types).toMatchObject({ quote: 'Presupuesto', form: 'Formulario' });
  });
});

describe('the announcement form', () => {
  it('validates with the shared schema before sending', async () => {
    const calls = stubFetch(() => jsonResponse(200, { result: {} }));
    renderInApp('/announcements', <AnnouncementPage />);
    fireEvent.click(screen.getByRole('radio', { name: 'One user' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send announcement' }));
    expect((await screen.findAllByText('This field is required')).length).toBe(3);
    expect(calls).toHaveLength(0);
  });

  it('finds the one user by email and sends to their id (no id to type)', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/AdminAccount/users/options')
        return jsonResponse(200, {
          result:
            url.searchParams.get('query') === 'uma'
              ? [{ id: '1ad63244-c0e6-46e9-ae92-3619a484e812', label: 'uma@demo.test' }]
              : [],
        });
      return jsonResponse(200, { result: { id: 'a1' } });
    });
    vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    renderInApp('/announcements', <AnnouncementPage />, { user: storedUser({ roleName: 'ADMIN' }) });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Your invoice' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'It is ready' } });
    fireEvent.click(screen.getByRole('radio', { name: 'One user' }));
    expect(screen.getByText("Type part of the user's email and pick them from the list.")).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'User' });
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: 'uma' } });
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="uma@demo.test"]');
      expect(found).not.toBeNull();
      return found!;
    });
    fireEvent.click(option);
    const chosen = () => picker.closest('.ant-select')!.querySelector('.ant-select-selection-item');
    await waitFor(() => expect(chosen()?.textContent).toBe('uma@demo.test'));
    fireEvent.click(screen.getByRole('button', { name: 'Send announcement' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/Notification/announcement')).toBe(true));
    const sent = calls.find((c) => c.url.pathname === '/api/Notification/announcement')!;
    expect(JSON.parse(String(sent.init.body))).toEqual({
      title: 'Your invoice',
      message: 'It is ready',
      type: 'announcement',
      audience: 'user',
      userId: '1ad63244-c0e6-46e9-ae92-3619a484e812',
    });
  });

  it('sends to everyone and shows the server field errors', async () => {
    let answer = jsonResponse(400, { message: 'Some fields are not valid', errors: { title: 'Must be at most 120' } });
    const calls = stubFetch(() => answer);
    const toast = vi.spyOn(toastBus, 'showToast').mockImplementation(() => undefined);
    renderInApp('/announcements', <AnnouncementPage />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Maintenance' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Tonight at 10 PM' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Everyone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send announcement' }));
    // The server's verdict lands on its field (docs/architecture.md, "Forms"), nothing is toasted.
    expect(await screen.findByText('Must be at most 120')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({
      title: 'Maintenance',
      message: 'Tonight at 10 PM',
      type: 'announcement',
      audience: 'all',
    });

    answer = jsonResponse(200, { result: { id: 'a1' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Maintenance 2' } });
    fireEvent.click(await screen.findByRole('button', { name: /Send announcement/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ content: 'Announcement sent' })));
  });
});
