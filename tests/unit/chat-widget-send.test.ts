/**
 * The website widget's send (src/widget/chat-widget.ts): a hurried visitor double-clicks Send or
 * presses Enter again while the first message is on its way; the widget posts it once. The
 * server is a stubbed fetch: a returning visitor's conversation is in storage, its live
 * connection never answers, and the message's POST waits until the test lets it through.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { start } from '../../src/widget/chat-widget';
import type { MessagesAfter } from '../../src/domain/chat/wire';

const DOMAIN = '11111111-1111-4111-8111-111111111111';
const CONVERSATION = '22222222-2222-4222-8222-222222222222';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.textContent = '';
});

it('posts a message once however often Send and Enter are pressed while it is on its way', async () => {
  localStorage.setItem(
    `chat-visitor:${DOMAIN}`,
    JSON.stringify({
      conversationId: CONVERSATION,
      visitorToken: 'vt',
      botName: 'Blue',
      avatarUrl: null,
      state: 'bot',
    }),
  );
  const posts: string[] = [];
  let answer: (body: MessagesAfter) => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.endsWith('/messages') && init?.method === 'POST') {
        posts.push(String(init.body));
        return new Promise((resolve) => {
          answer = (body) => resolve(new Response(JSON.stringify({ result: body }), { status: 201 }));
        });
      }
      // The live connection and the typing notices: never answered, nothing to do with the send.
      return new Promise(() => undefined);
    }),
  );
  const script = document.createElement('script');
  script.src = 'https://app.example/widget/chat.js';
  script.dataset.domain = DOMAIN;
  start(script);
  const root = document.body.lastElementChild!.shadowRoot!;
  root.querySelector<HTMLButtonElement>('.launcher')!.click();
  const input = root.querySelector('textarea')!;
  const send = root.querySelector<HTMLButtonElement>('button[type="submit"]')!;

  input.value = 'What time do doors open?';
  send.click();
  send.click();
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  expect(posts).toEqual([JSON.stringify({ text: 'What time do doors open?' })]);

  answer({
    state: 'bot',
    memberName: null,
    lastSeq: 1,
    messages: [
      {
        seq: 1,
        author: 'visitor',
        authorName: '',
        text: 'What time do doors open?',
        unsure: false,
        citation: null,
        event: null,
        createdAt: new Date().toISOString(),
      },
    ],
  });
  await vi.waitFor(() => expect(input.value).toBe(''));
  expect(root.querySelectorAll('li.visitor')).toHaveLength(1);
  // Once it is through, the next message goes.
  input.value = 'And the dress code?';
  send.click();
  expect(posts).toHaveLength(2);
});
