/**
 * A ticket's conversation (src/custom/support/TicketConversation.tsx) sends one change at a time:
 * a double-click on Send reply posted the reply twice (two identical replies on the ticket, seen in
 * Chromium), and a double-click on Close ticket closed it twice (the second answered 409 and said
 * so in red). A click while a call is on its way sends nothing; the next one after it goes.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TicketConversation } from '../../src/custom/support/TicketConversation';
import type { TicketDetail } from '../../src/custom/support/support-api';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const ID = '33333333-3333-4333-8333-333333333333';
const TICKET: TicketDetail = {
  id: ID,
  number: 7,
  subject: 'Export button does nothing',
  category: 'bug',
  priority: 'normal',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastActivityAt: '2026-11-20T10:00:00.000Z',
  closedAt: null,
  description: 'Pressing Export on the reports page does nothing.',
  reopenUntil: null,
  canReopen: false,
  opener: { id: '44444444-4444-4444-8444-444444444444', name: 'Carla Owner', email: 'c@x.test', role: 'CLUBOWNER' },
  business: { id: '55555555-5555-4555-8555-555555555555', name: 'Blue Note Club' },
  assignee: null,
  messages: [],
  attachments: [],
} as unknown as TicketDetail;

/** The ticket's page with every POST held until `release` is called. */
function heldPosts() {
  const posts: string[] = [];
  const waiting: (() => void)[] = [];
  stubFetch(async (url, init) => {
    if (init.method === 'POST') {
      posts.push(url.pathname);
      await new Promise<void>((resolve) => waiting.push(resolve));
      return jsonResponse(200, { result: TICKET });
    }
    return jsonResponse(200, { result: TICKET });
  });
  renderInApp(`/tickets?ticket=${ID}`, <TicketConversation ticketId={ID} staff={false} />);
  return { posts, release: () => waiting.splice(0).forEach((go) => go()) };
}

it('posts a reply once when Send reply is clicked twice while it is on its way', async () => {
  const { posts, release } = heldPosts();
  const box = await screen.findByRole('textbox', { name: 'Your reply' });
  fireEvent.change(box, { target: { value: 'Still broken this morning.' } });
  const send = screen.getByRole('button', { name: 'Send reply' });
  fireEvent.click(send);
  fireEvent.click(send);
  await waitFor(() => expect(posts).toEqual([`/api/Ticket/${ID}/replies`]));
  release();
  await waitFor(() => expect(box).toHaveProperty('value', ''));

  fireEvent.change(box, { target: { value: 'And one more thing.' } });
  fireEvent.click(send);
  await waitFor(() => expect(posts).toHaveLength(2));
  release();
});

it('closes the ticket once when Close ticket is clicked twice', async () => {
  const { posts, release } = heldPosts();
  const close = await screen.findByRole('button', { name: 'Close ticket' });
  fireEvent.click(close);
  fireEvent.click(close);
  await waitFor(() => expect(posts).toEqual([`/api/Ticket/${ID}/close`]));
  release();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(posts).toHaveLength(1);
});
