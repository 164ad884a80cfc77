/**
 * The live chat's screens when a call is refused (src/custom/chat): archiving conversations the
 * server refuses (the domain removed in another tab: 404) and deleting a help desk entry already
 * deleted in another tab each say so in a toast, in the server's words, instead of nothing at all
 * (the rejection went unhandled and the page looked as if nothing was pressed); a double-click on
 * Archive archives once.
 */
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import InboxPage from '../../src/custom/chat/InboxPage';
import { QuestionsSection } from '../../src/custom/chat/QuestionsSection';
import { attachRenderer, type Toast } from '../../src/providers/notification/toast-bus';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

const DOMAIN = '11111111-1111-4111-8111-111111111111';
const CHAT = '22222222-2222-4222-8222-222222222222';
const ENTRY = '33333333-3333-4333-8333-333333333333';
const paging = (total: number) => ({
  'paging-data': JSON.stringify({ currentPage: 1, pageSize: 10, totalCount: total, totalPages: 1 }),
});
const notFound = () => jsonResponse(404, { message: 'Not found', errors: {} });

let toasts: Toast[] = [];
let detach: () => void = () => undefined;
beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  detach();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
function watchToasts() {
  toasts = [];
  detach = attachRenderer({ show: (toast) => toasts.push(toast), close: () => undefined });
}

/** The inbox on one domain with one conversation; `archive` answers the archive call. */
function inboxServer(archive: () => Response | Promise<Response>) {
  return stubFetch((url, init) => {
    if (url.pathname.endsWith('/chats/archive') && init.method === 'POST') return archive();
    if (url.pathname.endsWith('/chats/contacts'))
      return jsonResponse(200, {
        result: [
          {
            id: CHAT,
            domainId: DOMAIN,
            visitorName: 'Liam Carter',
            state: 'waiting',
            memberId: null,
            memberName: null,
            archived: false,
            lastSeq: 3,
            lastMessage: 'Can I bring a cake?',
            lastAuthor: 'visitor',
            lastMessageAt: '2026-11-20T10:00:00.000Z',
            unread: 1,
            answers: [],
          },
        ],
      });
    if (url.pathname.endsWith('/domains'))
      return jsonResponse(200, { result: [{ id: DOMAIN, name: 'club.example' }] }, paging(1));
    return jsonResponse(200, { result: [] }, paging(0));
  });
}
async function selectAndArchive(clicks: number) {
  renderInApp(`/conversations?domain=${DOMAIN}`, <InboxPage />, { user: storedUser({ roleName: 'CLUBOWNER' }) });
  await screen.findByText('Liam Carter');
  fireEvent.click(screen.getAllByRole('checkbox')[0]!);
  const archive = await screen.findByRole('button', { name: 'Archive' });
  for (let i = 0; i < clicks; i++) fireEvent.click(archive);
}

it('says why conversations were not archived', async () => {
  watchToasts();
  inboxServer(notFound);
  await selectAndArchive(1);
  await waitFor(() => expect(toasts).toHaveLength(1));
  expect(toasts[0]).toMatchObject({ type: 'error', content: 'Not found' });
});

it('archives once on a double-click', async () => {
  watchToasts();
  let through: () => void = () => undefined;
  const calls = inboxServer(async () => {
    await new Promise<void>((resolve) => (through = resolve));
    return jsonResponse(200, { result: { ids: [CHAT] } });
  });
  await selectAndArchive(2);
  through();
  await waitFor(() => expect(toasts).toHaveLength(1));
  expect(toasts[0]).toMatchObject({ type: 'success', content: 'Conversation archived' });
  expect(calls.filter((c) => c.init.method === 'POST')).toHaveLength(1);
});

it('says why a help desk entry was not deleted, and reads the list again', async () => {
  watchToasts();
  let lists = 0;
  stubFetch((url, init) => {
    if (init.method === 'DELETE') return notFound();
    lists++;
    return jsonResponse(
      200,
      {
        result: [
          { id: ENTRY, question: 'Parking?', answer: 'Behind the club.', createdAt: '2026-11-20T10:00:00.000Z' },
        ],
      },
      paging(1),
    );
  });
  renderInApp('/conversations/x/settings', <QuestionsSection kind="helpdesk" domainId={DOMAIN} />, {
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  const read = lists;
  // The confirmation's own Delete.
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2));
  fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[1]!);
  await waitFor(() => expect(toasts).toHaveLength(1));
  expect(toasts[0]).toMatchObject({ type: 'error', content: 'Not found' });
  await waitFor(() => expect(lists).toBeGreaterThan(read));
});
