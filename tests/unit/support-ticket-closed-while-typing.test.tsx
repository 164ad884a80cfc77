/**
 * A ticket closed while its opener types a reply (IT closed it, or another tab): the reply box
 * went and the typed text with it, and nothing asked before leaving the page. The box now stays,
 * read-only, with the text in it to copy and a notice saying what happened; leaving still asks
 * first; once reopened, the text can be sent as typed.
 */
import { beforeAll, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useInvalidate } from '@refinedev/core';
import { TicketConversation } from '../../src/custom/support/TicketConversation';
import { TICKETS, type TicketDetail } from '../../src/custom/support/support-api';
import { hasUnsavedChanges } from '../../src/ui/forms/unsaved-changes';
import { jsonResponse } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

beforeAll(async () => {
  await initEnglish();
});

const ID = '33333333-3333-4333-8333-333333333333';
const ticket = (status: 'open' | 'closed'): TicketDetail =>
  ({
    id: ID,
    number: 7,
    subject: 'Export button does nothing',
    category: 'bug',
    priority: 'normal',
    status,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastActivityAt: '2026-11-20T10:00:00.000Z',
    closedAt: status === 'closed' ? '2026-11-20T11:00:00.000Z' : null,
    description: 'Pressing Export on the reports page does nothing.',
    reopenUntil: status === 'closed' ? '2099-12-04T11:00:00.000Z' : null,
    canReopen: status === 'closed',
    opener: { id: '44444444-4444-4444-8444-444444444444', name: 'Carla', email: 'c@x.test', role: 'CLUBOWNER' },
    business: { id: '55555555-5555-4555-8555-555555555555', name: 'Blue Note Club' },
    assignee: null,
    messages: [],
    attachments: [],
  }) as unknown as TicketDetail;

/** Reads the ticket again, as the live channel does when IT changes it. */
let reread: () => void = () => undefined;
function Reread() {
  const invalidate = useInvalidate();
  reread = () => void invalidate({ resource: TICKETS, invalidates: ['detail'], id: ID });
  return null;
}

it('keeps the typed reply, read-only, with a notice when the ticket is closed meanwhile; reopened, it sends it', async () => {
  let status: 'open' | 'closed' = 'open';
  const calls = stubFetch((url, init) => {
    if (url.pathname.endsWith('/reopen')) status = 'open';
    return jsonResponse(200, {
      result: ticket(init.method === 'POST' && url.pathname.endsWith('/replies') ? 'open' : status),
    });
  });
  renderInApp(
    `/tickets?ticket=${ID}`,
    <>
      <TicketConversation ticketId={ID} staff={false} />
      <Reread />
    </>,
  );
  const box = (await screen.findByRole('textbox', { name: 'Your reply' })) as HTMLTextAreaElement;
  fireEvent.change(box, { target: { value: 'It still does nothing this morning.' } });

  status = 'closed';
  reread();
  await screen.findByText(/This ticket was closed while you were writing/);
  const kept = screen.getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement;
  expect(kept.value).toBe('It still does nothing this morning.');
  expect(kept.readOnly).toBe(true);
  expect(screen.getByRole('button', { name: 'Send reply' })).toHaveProperty('disabled', true);
  // Leaving the page asks first: the text is not lost without a word.
  expect(hasUnsavedChanges()).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Send reply' })).toHaveProperty('disabled', false));
  expect((screen.getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement).value).toBe(
    'It still does nothing this morning.',
  );
  fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
  await waitFor(() =>
    expect(
      calls
        .filter((c) => c.url.pathname.endsWith('/replies'))
        .map((c) => JSON.parse(String(c.init.body)).body as string),
    ).toEqual(['It still does nothing this morning.']),
  );
});

it('lets the kept reply be discarded, and then leaving asks nothing', async () => {
  let status: 'open' | 'closed' = 'open';
  stubFetch(() => jsonResponse(200, { result: ticket(status) }));
  renderInApp(
    `/tickets?ticket=${ID}`,
    <>
      <TicketConversation ticketId={ID} staff={false} />
      <Reread />
    </>,
  );
  const box = await screen.findByRole('textbox', { name: 'Your reply' });
  fireEvent.change(box, { target: { value: 'Never mind.' } });
  status = 'closed';
  reread();
  fireEvent.click(await screen.findByRole('button', { name: 'Discard reply' }));
  await screen.findByText('This ticket is closed; reopen it to reply');
  expect(screen.queryByRole('textbox', { name: 'Your reply' })).toBeNull();
  expect(hasUnsavedChanges()).toBe(false);
});
