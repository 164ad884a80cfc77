/**
 * The in-app support chat's screens against a stubbed API (src/custom/support-chat). IT's reply
 * at the desk (DeskConversation.tsx): Enter pressed twice, or Send clicked, while the reply is on
 * its way posts it once; the box empties when it is through and the next reply goes. The chat's
 * system lines speak of the user, not of a website visitor, and never say the user asked for a
 * person when the bot handed the chat over itself (it could not answer). A chat that became a ticket links to
 * that ticket, on the desk and in the user's panel. An empty or spaces-only message is not sent and
 * shows nothing, in the user's panel as on the desk (textToSend, the rule the website widget uses too).
 * A new chat started after a closed one does not carry the closed chat's ticket. The desk is told
 * when IT has read a chat, so its unread count goes.
 */
import { beforeAll, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DeskConversation } from '../../src/custom/support-chat/DeskConversation';
import SupportChatPanel from '../../src/custom/support-chat/SupportChatPanel';
import { textToSend } from '../../src/domain/chat/outgoing-text';
import type { SupportContact } from '../../src/domain/chat/support';
import type { Role } from '../../src/domain/roles';
import type { MessagesAfter } from '../../src/domain/chat/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});

const CHAT: SupportContact = {
  id: '11111111-1111-4111-8111-111111111111',
  domainId: '',
  visitorName: 'Maya Mover (Swift Movers)',
  state: 'waiting',
  memberId: null,
  memberName: null,
  archived: false,
  lastSeq: 1,
  lastMessage: 'How do I reset my password?',
  lastAuthor: 'visitor',
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  unread: 0,
  answers: [],
  ticketId: null,
};
const nothing: MessagesAfter = { state: 'waiting', memberName: null, lastSeq: 1, messages: [] };

/** A support-chat screen as the signed-in `role` sees it, on the real data provider (the stubbed fetch). */
function renderAs(role: Role, element: ReactElement) {
  return renderInApp('/', element, { user: storedUser({ roleName: role }) });
}

it('posts a reply once however often Enter and Send are pressed while it is on its way', async () => {
  const posts: string[] = [];
  let through: () => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(String(init.body));
        await new Promise<void>((resolve) => (through = resolve));
        return jsonResponse(201, { result: { ...nothing, state: 'human', memberName: 'Ian Tech' } });
      }
      return jsonResponse(200, { result: nothing });
    }),
  );
  renderAs('IT', <DeskConversation contact={CHAT} onChange={() => undefined} />);
  const box = screen.getByRole('textbox', { name: 'Your reply' });
  fireEvent.change(box, { target: { value: 'Hi Maya, Ian here.' } });
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  fireEvent.click(screen.getByRole('button', { name: /Send/ }));
  await waitFor(() => expect(posts).toHaveLength(1));
  expect(posts[0]).toBe(JSON.stringify({ text: 'Hi Maya, Ian here.' }));

  through();
  await waitFor(() => expect(box).toHaveProperty('value', ''));
  fireEvent.change(box, { target: { value: 'Anything else?' } });
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  await waitFor(() => expect(posts).toHaveLength(2));
});

it("words the chat's system lines for a signed-in user, not a website visitor", async () => {
  const waiting = {
    seq: 2,
    author: 'system',
    authorName: '',
    text: '',
    unsure: false,
    citation: null,
    event: 'waiting',
    createdAt: '2026-11-20T10:00:00.000Z',
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { result: { ...nothing, lastSeq: 2, messages: [waiting] } })),
  );
  renderAs('IT', <DeskConversation contact={CHAT} onChange={() => undefined} />);
  await screen.findByText('The user is waiting for a person.');
  expect(screen.queryByText(/visitor/)).toBeNull();
});

it('does not tell the user they asked for a person when the bot handed the chat over itself', async () => {
  // The bot could not answer and its parameters hand over when unsure: the chat waits, unasked.
  const unsure = {
    seq: 2,
    author: 'bot',
    authorName: 'Assistant',
    text: "I can't answer that from our help desk. Would you like to talk to a person?",
    unsure: true,
    citation: null,
    event: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
  const waiting = { ...unsure, seq: 3, author: 'system', authorName: '', text: '', unsure: false, event: 'waiting' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse(200, {
            result: {
              conversationId: CHAT.id,
              botName: 'Assistant',
              avatarUrl: null,
              state: 'waiting',
              ticketId: null,
            },
          })
        : jsonResponse(200, { result: { ...nothing, lastSeq: 3, messages: [unsure, waiting] } }),
    ),
  );
  renderAs('MOVER', <SupportChatPanel open onClose={() => undefined} />);
  await screen.findByText('A person from support will answer you here soon.');
  expect(screen.queryByText(/You asked for a person/)).toBeNull();
});

it('links a chat that became a ticket to that ticket on the desk', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { result: nothing })),
  );
  const ticketId = '44444444-4444-4444-8444-444444444444';
  renderAs('IT', <DeskConversation contact={{ ...CHAT, ticketId }} onChange={() => undefined} />);
  expect(screen.getByRole('link', { name: 'Already a ticket: see the desk' }).getAttribute('href')).toBe(
    `/ticket_management?ticket=${ticketId}`,
  );
});

it("links the user's chat that became a ticket to that ticket", async () => {
  const ticketId = '55555555-5555-4555-8555-555555555555';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse(200, {
            result: { conversationId: CHAT.id, botName: 'Assistant', avatarUrl: null, state: 'bot', ticketId },
          })
        : jsonResponse(200, { result: { ...nothing, state: 'bot' } }),
    ),
  );
  renderAs('MOVER', <SupportChatPanel open onClose={() => undefined} />);
  const link = await screen.findByRole('link', { name: 'See your tickets' });
  expect(link.getAttribute('href')).toBe(`/tickets?ticket=${ticketId}`);
});

it('sends the typed text without its surrounding spaces, and nothing when only spaces were typed', () => {
  expect(textToSend('  Hello  ')).toBe('Hello');
  expect(textToSend('')).toBeNull();
  expect(textToSend(' \n\t ')).toBeNull();
});

const sendButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Send$/ });
/**
 * Enter on an empty box, then on spaces only, then Send: nothing is posted and nothing is said.
 * Send is off (greyed) while there is nothing to send, as the Conversations reply's is, and on
 * again once something is typed.
 */
const pressEmptySends = async (box: HTMLElement) => {
  expect(sendButton().disabled).toBe(true);
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  fireEvent.change(box, { target: { value: '   \n ' } });
  expect(sendButton().disabled).toBe(true);
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  fireEvent.click(sendButton());
  // Flushes any send that would have started, before saying none did.
  await new Promise((resolve) => setTimeout(resolve, 0));
};

it("ignores an empty or spaces-only message in the user's panel, as the widget and the desk do", async () => {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input).endsWith('/messages')) sent.push(String(init.body));
      return init?.method === 'POST'
        ? jsonResponse(200, {
            result: { conversationId: CHAT.id, botName: 'Assistant', avatarUrl: null, state: 'bot', ticketId: null },
          })
        : jsonResponse(200, { result: { ...nothing, state: 'bot' } });
    }),
  );
  renderAs('MOVER', <SupportChatPanel open onClose={() => undefined} />);
  const box = screen.getByRole('textbox', { name: 'Your message' });
  await waitFor(() => expect(box).toHaveProperty('disabled', false));
  await pressEmptySends(box);
  expect(sent).toEqual([]);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByText('This field is required')).toBeNull();

  fireEvent.change(box, { target: { value: '  How do I add a venue?  ' } });
  expect(sendButton().disabled).toBe(false);
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  await waitFor(() => expect(sent).toEqual([JSON.stringify({ text: 'How do I add a venue?' })]));
});

it('ignores an empty or spaces-only reply on the desk', async () => {
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') sent.push(String(init.body));
      return jsonResponse(200, { result: nothing });
    }),
  );
  renderAs('IT', <DeskConversation contact={CHAT} onChange={() => undefined} />);
  const box = screen.getByRole('textbox', { name: 'Your reply' });
  await pressEmptySends(box);
  expect(sent).toEqual([]);
  expect(screen.queryByRole('alert')).toBeNull();
  fireEvent.change(box, { target: { value: 'On it' } });
  expect(sendButton().disabled).toBe(false);
});

it("starts a new chat without the last chat's ticket: its note goes and the new chat may become a ticket", async () => {
  const first = '66666666-6666-4666-8666-666666666666';
  const second = '77777777-7777-4777-8777-777777777777';
  const asked = (seq: number) => ({
    seq,
    author: 'visitor',
    authorName: 'Maya Mover',
    text: 'The export button does nothing.',
    unsure: false,
    citation: null,
    event: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  });
  let starts = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST' && url.endsWith('/ticket'))
        return jsonResponse(201, { result: { ticketId: '88888888-8888-4888-8888-888888888888', number: 8 } });
      // IT closed the first chat as the user wrote again: the answer carries the state now.
      if (init?.method === 'POST' && url.endsWith('/messages'))
        return jsonResponse(201, { result: { state: 'closed', memberName: null, lastSeq: 1, messages: [] } });
      if (init?.method === 'POST') {
        starts += 1;
        const conversationId = starts === 1 ? first : second;
        return jsonResponse(200, {
          result: { conversationId, botName: 'Assistant', avatarUrl: null, state: 'bot', ticketId: null },
        });
      }
      return jsonResponse(200, { result: { state: 'bot', memberName: null, lastSeq: 1, messages: [asked(1)] } });
    }),
  );
  renderAs('MOVER', <SupportChatPanel open onClose={() => undefined} />);
  fireEvent.click(await screen.findByRole('button', { name: 'Make it a support ticket' }));
  await screen.findByText(/Ticket #8 opened with this chat\./);

  const box = screen.getByRole('textbox', { name: 'Your message' });
  fireEvent.change(box, { target: { value: 'Still there?' } });
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  fireEvent.click(await screen.findByRole('button', { name: 'Start a new chat' }));

  await waitFor(() => expect(starts).toBe(2));
  await screen.findByRole('button', { name: 'Make it a support ticket' });
  expect(screen.queryByText(/Ticket #8 opened/)).toBeNull();
  expect(screen.queryByRole('link', { name: 'See your tickets' })).toBeNull();
});

it("tells the desk when IT has read a chat's new messages, so its unread count goes", async () => {
  const asked = {
    seq: 1,
    author: 'visitor',
    authorName: 'Maya Mover',
    text: 'How do I reset my password?',
    unsure: false,
    citation: null,
    event: null,
    createdAt: '2026-11-20T10:00:00.000Z',
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(200, { result: { ...nothing, messages: [asked] } })),
  );
  const onChange = vi.fn();
  renderAs('IT', <DeskConversation contact={{ ...CHAT, unread: 1 }} onChange={onChange} />);
  await screen.findByText('How do I reset my password?');
  // Reading marked it read on the server: the list is read again for its count.
  await waitFor(() => expect(onChange).toHaveBeenCalled());
});
