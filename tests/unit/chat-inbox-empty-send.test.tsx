/**
 * The business inbox's reply box (src/custom/chat/ConversationPanel.tsx) treats an empty send as
 * the support chat and the website widget do (src/domain/chat/outgoing-text.ts): nothing is sent
 * and nothing is said — no "required" under the box on Enter, on leaving it, or with spaces only —
 * and Send is off until something is typed. A typed reply is still sent, trimmed, and one over the
 * length limit still says so in the schema's words.
 */
import { beforeAll, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ConversationPanel } from '../../src/custom/chat/ConversationPanel';
import { CHAT_LIMITS } from '../../src/domain/chat/rules';
import type { Contact } from '../../src/domain/chat/wire';
import { jsonResponse, storedUser } from './helpers/fixtures';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

const DOMAIN = '11111111-1111-4111-8111-111111111111';
const CHAT = '22222222-2222-4222-8222-222222222222';
const contact: Contact = {
  id: CHAT,
  domainId: DOMAIN,
  visitorName: 'Liam Carter',
  state: 'human',
  memberId: null,
  memberName: 'Ana López',
  archived: false,
  lastSeq: 0,
  lastMessage: '',
  lastAuthor: null,
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  unread: 0,
  answers: [],
};

beforeAll(async () => {
  await initEnglish();
});

/** The panel on a conversation with no messages; returns the replies posted. */
function renderPanel() {
  const calls = stubFetch((url) => {
    if (url.pathname.endsWith('/messages'))
      return jsonResponse(200, { state: 'human', memberName: 'Ana López', lastSeq: 0, messages: [] });
    return jsonResponse(200, {});
  });
  renderInApp('/conversations', <ConversationPanel domainId={DOMAIN} contact={contact} onNew={() => undefined} />, {
    user: storedUser({ roleName: 'CLUBOWNER' }),
  });
  const replies = () =>
    calls
      .filter((c) => c.init.method === 'POST' && c.url.pathname.endsWith('/messages'))
      .map((c) => JSON.parse(String(c.init.body)) as { text: string });
  return { replies, box: screen.getByRole('textbox', { name: 'Your reply' }) };
}

const sendButton = () =>
  // antd's loading icon stays in jsdom after a save (its leave motion never ends): the name may start with it.
  screen.getByRole<HTMLButtonElement>('button', { name: /Send$/ });
const errorsShown = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

it('sends nothing and says nothing on an empty or spaces-only reply; Send is off', async () => {
  const { replies, box } = renderPanel();
  expect(sendButton().disabled).toBe(true);
  fireEvent.focus(box);
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(box);
  fireEvent.change(box, { target: { value: '   ' } });
  expect(sendButton().disabled).toBe(true);
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(box);
  fireEvent.click(sendButton());
  // antd checks a left field in promises: one turn of the event loop lets them all settle.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(errorsShown()).toEqual([]);
  expect(screen.queryByText(/required/i)).toBeNull();
  expect(replies()).toEqual([]);
});

it('sends a typed reply (trimmed) and clears the box; too long still says why', async () => {
  const { replies, box } = renderPanel();
  fireEvent.change(box, { target: { value: '  See you at 8  ' } });
  expect(sendButton().disabled).toBe(false);
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(replies()).toEqual([{ text: 'See you at 8' }]));
  // The box is drawn anew after a save: look it up again.
  const emptied = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your reply' });
  await waitFor(() => expect(emptied().value).toBe(''));
  await waitFor(() => expect(sendButton().disabled).toBe(true));
  fireEvent.change(emptied(), { target: { value: 'x'.repeat(CHAT_LIMITS.messageMax + 1) } });
  fireEvent.blur(emptied());
  await waitFor(() => expect(errorsShown()).toHaveLength(1));
  expect(errorsShown()[0]).toMatch(/at most/i);
  expect(replies()).toHaveLength(1);
});
