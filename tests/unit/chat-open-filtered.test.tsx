/**
 * A conversation open in an inbox filtered by state stays open when it leaves the filter. With
 * "Waiting for a person" chosen (where an owner, or IT on the support desk, finds who to answer),
 * Take over moved the chat to "with you", the list was read again without it, and the open
 * conversation vanished for "Choose a conversation to read it." just as it was to be answered
 * (seen in Chromium, Conversations and IT's Support Chat alike). The open conversation is kept
 * until another is chosen or the address drops it.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import InboxPage from '../../src/custom/chat/InboxPage';
import DeskPage from '../../src/custom/support-chat/DeskPage';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

const DOMAIN = '11111111-1111-4111-8111-111111111111';
const CHAT = '22222222-2222-4222-8222-222222222222';
const paging = (total: number) => ({
  'paging-data': JSON.stringify({ currentPage: 1, pageSize: 10, totalCount: total, totalPages: 1 }),
});

beforeAll(async () => {
  await initEnglish();
});

const waiting = {
  id: CHAT,
  domainId: DOMAIN,
  visitorName: 'Liam Carter',
  state: 'waiting',
  memberId: null,
  memberName: null,
  archived: false,
  lastSeq: 1,
  lastMessage: 'Can I bring a cake?',
  lastAuthor: 'visitor',
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  unread: 1,
  answers: [],
  ticketId: null,
};
const asked = {
  seq: 1,
  author: 'visitor',
  authorName: 'Liam Carter',
  text: 'Can I bring a cake?',
  unsure: false,
  citation: null,
  event: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const tookOver = { ...asked, seq: 2, author: 'system', authorName: 'Carla Owner', text: '', event: 'tookOver' };

/** A server whose one chat waits until it is taken over; the contacts filtered by `state` follow. */
function server(contactsPath: string) {
  let state = 'waiting';
  return stubFetch((url, init) => {
    if (init.method === 'PATCH') {
      state = 'human';
      return jsonResponse(200, { result: { state, memberName: 'Carla Owner', lastSeq: 2, messages: [tookOver] } });
    }
    if (url.pathname.endsWith(contactsPath)) {
      const wanted = url.searchParams.get('state');
      const chat = { ...waiting, state, memberName: state === 'human' ? 'Carla Owner' : null };
      return jsonResponse(200, { result: !wanted || wanted === state ? [chat] : [] });
    }
    if (url.pathname.endsWith('/messages'))
      return jsonResponse(200, { result: { state, memberName: null, lastSeq: 1, messages: [asked] } });
    if (url.pathname.endsWith('/domains'))
      return jsonResponse(200, { result: [{ id: DOMAIN, name: 'club.example' }] }, paging(1));
    return jsonResponse(200, { result: [] }, paging(0));
  });
}

it('keeps the conversation open in Conversations after Take over takes it out of "Waiting for a person"', async () => {
  const calls = server('/chats/contacts');
  renderInApp(`/conversations?domain=${DOMAIN}&state=waiting&open=${CHAT}`, <InboxPage />, {
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
  await screen.findByText('Can I bring a cake?', { selector: '.chat-conversation *' });
  const reads = calls.filter((c) => c.url.pathname.endsWith('/chats/contacts')).length;
  fireEvent.click(screen.getByRole('button', { name: 'Take over' }));
  // The list is read again (the chat now waits for no one) and comes back without it.
  await waitFor(() =>
    expect(calls.filter((c) => c.url.pathname.endsWith('/chats/contacts')).length).toBeGreaterThan(reads),
  );
  await screen.findByText('No conversations here yet.');
  expect(screen.getByRole('heading', { name: 'Liam Carter' })).toBeTruthy();
  expect(screen.getByRole('textbox', { name: 'Your reply' })).toBeTruthy();
  expect(screen.queryByText('Choose a conversation to read it.')).toBeNull();
});

it("keeps the chat open on IT's support desk after Take over takes it out of 'Waiting for a person'", async () => {
  const calls = server('/desk/contacts');
  renderInApp(`/support_chat?state=waiting&open=${CHAT}`, <DeskPage />, { user: storedUser({ roleName: 'IT' }) });
  await screen.findByText('Can I bring a cake?', { selector: '.chat-conversation *' });
  const reads = calls.filter((c) => c.url.pathname.endsWith('/desk/contacts')).length;
  fireEvent.click(screen.getByRole('button', { name: 'Take over' }));
  await waitFor(() =>
    expect(calls.filter((c) => c.url.pathname.endsWith('/desk/contacts')).length).toBeGreaterThan(reads),
  );
  await screen.findByText('No support chats here yet.');
  expect(screen.getByRole('heading', { name: 'Liam Carter' })).toBeTruthy();
  expect(screen.queryByText('Choose a chat to read it.')).toBeNull();
});
