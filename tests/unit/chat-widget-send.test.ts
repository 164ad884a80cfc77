/**
 * The website widget's send (src/widget/chat-widget.ts) against a stubbed server, for a returning
 * visitor (their conversation in storage; its live connection never answers): a double-click on
 * Send or a second Enter while the message is on its way posts it once; and a message to a
 * conversation the business closed starts a new conversation (same visitor token) and goes there;
 * the launcher's unread count goes once the panel is open; a refusal is worded by the widget in
 * the visitor's language.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { start } from '../../src/widget/chat-widget';
import type { MessagesAfter } from '../../src/domain/chat/wire';

const DOMAIN = '11111111-1111-4111-8111-111111111111';
const CONVERSATION = '22222222-2222-4222-8222-222222222222';
const NEW_CONVERSATION = '33333333-3333-4333-8333-333333333333';

const stored = () =>
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
const line = (seq: number, author: 'visitor' | 'bot', text: string) => ({
  seq,
  author,
  authorName: '',
  text,
  unsure: false,
  citation: null,
  event: null,
  createdAt: new Date().toISOString(),
});
const json = (status: number, result: unknown) => new Response(JSON.stringify({ result }), { status });

/** Each test's widgets, taken off the page after it: none keeps calling `fetch` into the next test or file. */
const widgets: { stop(): void }[] = [];

/** Draws the widget as a site's <script> would and opens its panel. */
function openWidget() {
  const script = document.createElement('script');
  script.src = 'https://app.example/widget/chat.js';
  script.dataset.domain = DOMAIN;
  widgets.push(start(script));
  const root = document.body.lastElementChild!.shadowRoot!;
  root.querySelector<HTMLButtonElement>('.launcher')!.click();
  return {
    root,
    input: root.querySelector('textarea')!,
    send: root.querySelector<HTMLButtonElement>('button[type="submit"]')!,
  };
}

afterEach(() => {
  for (const widget of widgets.splice(0)) widget.stop();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.textContent = '';
});

it('posts a message once however often Send and Enter are pressed while it is on its way', async () => {
  stored();
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
  const { root, input, send } = openWidget();

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

it('starts a new conversation for a message to one the business closed, and sends it there', async () => {
  stored();
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url).pathname + new URL(url).search;
      const token = new Headers(init?.headers).get('x-visitor-token');
      if (init?.method === 'POST' || !path.includes('/live')) calls.push(`${init?.method ?? 'GET'} ${path} ${token}`);
      if (path === `/api/chat/public/conversations/${CONVERSATION}/messages` && init?.method === 'POST')
        return new Response(JSON.stringify({ message: 'This conversation is closed', errors: {} }), { status: 409 });
      if (path === `/api/chat/public/${DOMAIN}/conversations`)
        return json(200, {
          conversationId: NEW_CONVERSATION,
          visitorToken: 'vt',
          botName: 'Blue',
          avatarUrl: null,
          state: 'bot',
        });
      if (path === `/api/chat/public/conversations/${NEW_CONVERSATION}/messages?after=0`)
        return json(200, { state: 'bot', memberName: null, lastSeq: 1, messages: [line(1, 'bot', 'Hi, I am Blue.')] });
      if (path === `/api/chat/public/conversations/${NEW_CONVERSATION}/messages` && init?.method === 'POST')
        return json(201, {
          state: 'bot',
          memberName: null,
          lastSeq: 3,
          messages: [line(2, 'visitor', 'Is there parking?'), line(3, 'bot', 'Behind the club.')],
        });
      return new Promise<Response>(() => undefined);
    }),
  );
  const { root, input, send } = openWidget();
  input.value = 'Is there parking?';
  send.click();
  await vi.waitFor(() => expect(input.value).toBe(''));
  expect(calls.filter((c) => !c.includes('/typing'))).toEqual([
    `POST /api/chat/public/conversations/${CONVERSATION}/messages vt`,
    `POST /api/chat/public/${DOMAIN}/conversations vt`,
    `GET /api/chat/public/conversations/${NEW_CONVERSATION}/messages?after=0 vt`,
    `POST /api/chat/public/conversations/${NEW_CONVERSATION}/messages vt`,
  ]);
  expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
    'Hi, I am Blue.',
    'Is there parking?',
    'Behind the club.',
  ]);
  expect(root.querySelector<HTMLParagraphElement>('.error')!.hidden).toBe(true);
  expect(JSON.parse(localStorage.getItem(`chat-visitor:${DOMAIN}`)!).conversationId).toBe(NEW_CONVERSATION);
});

it("shows a returning visitor's unread answers on the launcher, and drops the count once the panel is open", async () => {
  stored();
  const replay = {
    state: 'human',
    memberName: 'Carla',
    lastSeq: 2,
    messages: [line(1, 'visitor', 'Table for four?'), line(2, 'bot', 'Yes, at 9 PM.')],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.includes('/live?')
        ? new Response(`event: messages\nid: 2\ndata: ${JSON.stringify(replay)}\n\n`, {
            headers: { 'content-type': 'text/event-stream' },
          })
        : new Promise<Response>(() => undefined),
    ),
  );
  const script = document.createElement('script');
  script.src = 'https://app.example/widget/chat.js';
  script.dataset.domain = DOMAIN;
  widgets.push(start(script));
  const root = document.body.lastElementChild!.shadowRoot!;
  const badge = root.querySelector<HTMLSpanElement>('.badge')!;
  await vi.waitFor(() => expect(badge.hidden).toBe(false));
  expect(badge.textContent).toBe('1');
  root.querySelector<HTMLButtonElement>('.launcher')!.click();
  expect(badge.hidden).toBe(true);
});

it('offers "Talk to a person" with the bot only, not while one is awaited or answering', async () => {
  stored();
  const person = (state: MessagesAfter['state'], seq: number, text: string) => ({
    state,
    memberName: state === 'human' ? 'Carla' : null,
    lastSeq: seq,
    messages: [{ ...line(seq, 'bot', text), author: 'system' as const, event: 'waiting' as const }],
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      url.endsWith('/person') && init?.method === 'POST'
        ? json(200, person('waiting', 2, ''))
        : new Promise<Response>(() => undefined),
    ),
  );
  const { root } = openWidget();
  const actions = root.querySelector<HTMLDivElement>('.actions')!;
  expect(actions.hidden).toBe(false);
  root.querySelector<HTMLButtonElement>('.person')!.click();
  // Asked: the button goes, so a hurried second press cannot read as if nobody heard the first.
  await vi.waitFor(() => expect(actions.hidden).toBe(true));
  expect(root.querySelector('li.system')!.textContent).toBe('A person will answer you here soon.');
});

it("words a refusal in the visitor's language, not the server's English", async () => {
  const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-ES');
  stored();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) =>
      url.endsWith('/messages') && init?.method === 'POST'
        ? new Response(JSON.stringify({ message: 'You are sending messages too fast', errors: {} }), { status: 429 })
        : new Promise<Response>(() => undefined),
    ),
  );
  const { root, input, send } = openWidget();
  input.value = '¿Hay aparcamiento?';
  send.click();
  const error = root.querySelector<HTMLParagraphElement>('.error')!;
  await vi.waitFor(() => expect(error.hidden).toBe(false));
  expect(error.textContent).toBe('Estás enviando mensajes demasiado rápido. Espera un momento y vuelve a intentarlo.');
  expect(input.value).toBe('¿Hay aparcamiento?');
  language.mockRestore();
});

it("words a message lost on the way (offline) in the visitor's language, not the browser's English", async () => {
  const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-ES');
  stored();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/messages') && init?.method === 'POST') throw new TypeError('Failed to fetch');
      return new Promise<Response>(() => undefined);
    }),
  );
  try {
    const { root, input, send } = openWidget();
    input.value = '¿Hay aparcamiento?';
    send.click();
    const error = root.querySelector<HTMLParagraphElement>('.error')!;
    await vi.waitFor(() => expect(error.hidden).toBe(false));
    expect(error.textContent).toBe('No se pudo enviar tu mensaje. Inténtalo de nuevo.');
    expect(input.value).toBe('¿Hay aparcamiento?');
  } finally {
    language.mockRestore();
  }
});

it('says the chat is not available when no conversation can be started', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'This chat cannot be used on this website', errors: {} }), {
          status: 403,
        }),
    ),
  );
  const { root } = openWidget();
  const error = root.querySelector<HTMLParagraphElement>('.error')!;
  await vi.waitFor(() => expect(error.hidden).toBe(false));
  expect(error.textContent).toBe('The chat is not available right now. Try again later.');
});

it('calls nothing more once taken off the page, however its live connection and polls stood', async () => {
  stored();
  vi.useFakeTimers();
  try {
    // The live connection fails at once, so the widget polls and retries on timers.
    const fetchCalls = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchCalls);
    const widget = openWidget();
    await vi.advanceTimersByTimeAsync(10_000);
    const before = fetchCalls.mock.calls.length;
    expect(before).toBeGreaterThan(1);
    widgets.pop()!.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchCalls.mock.calls.length).toBe(before);
    expect(widget.root.host.isConnected).toBe(false);
  } finally {
    vi.useRealTimers();
  }
});

it("calls a bot with no name set by the default name in the visitor's language; a chosen name as chosen", async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Promise<Response>(() => undefined)),
  );
  const unnamed = () =>
    localStorage.setItem(
      `chat-visitor:${DOMAIN}`,
      JSON.stringify({ conversationId: CONVERSATION, visitorToken: 'vt', botName: '', avatarUrl: null, state: 'bot' }),
    );
  const title = async (root: ShadowRoot) => {
    const h2 = root.querySelector('h2')!;
    await vi.waitFor(() => expect(h2.textContent).not.toBe(''));
    return h2.textContent;
  };
  const language = vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-ES');
  try {
    unnamed();
    expect(await title(openWidget().root)).toBe('Asistente');
    language.mockReturnValue('en-US');
    unnamed();
    expect(await title(openWidget().root)).toBe('Assistant');
    stored();
    expect(await title(openWidget().root)).toBe('Blue');
  } finally {
    language.mockRestore();
  }
});
