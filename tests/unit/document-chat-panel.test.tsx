/**
 * The document chat panel against a stubbed API: the brief's states word for word (preparing,
 * failed with the server's text or the plan's page limit, four skeleton rows, the empty chat with
 * the pages that have no text), Enter / Shift+Enter, the question shown at once and the answer
 * streamed from the SSE body in pieces until the end marker (then the saved answer, its [p. N] a
 * link), a refusal before anything streams (bottom-right toast, the question back in the box),
 * and older messages read by cursor at the top.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ChatPanel } from '../../src/custom/documents/ChatPanel';
import {
  CUT_SHORT_NOTE,
  cutShortAnswer,
  mayBeNotFoundAnswer,
  NOT_FOUND_ANSWER,
  type ChatMessageView,
  type DocumentView,
} from '../../src/domain/documents/documents';
import { jsonResponse, storedUser } from './helpers/fixtures';
import i18n from 'i18next';
import es from '../../src/custom/documents/locales/es.json';
import { READY_DOCUMENT } from './helpers/documents';
import { initEnglish } from './helpers/i18n';
import { renderInApp } from './helpers/render-in-app';

beforeAll(async () => {
  await initEnglish();
});

const DOC = READY_DOCUMENT;
const BUSINESS = '33333333-3333-4333-8333-333333333333';

let clock = 0;
const message = (text: string, isUserMessage: boolean, citations: ChatMessageView['citations'] = []) => ({
  id: `m${++clock}`,
  text,
  isUserMessage,
  createdAt: new Date(Date.UTC(2026, 10, 20, 10, 0, clock)).toISOString(),
  citations,
});

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;
function stubApi(route: Route) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    route(new URL(String(input), 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A server-sent events body that arrives in the given pieces, one per tick. */
function sseBody(pieces: string[]): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((r) => setTimeout(r, 5));
      const next = pieces.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}
/**
 * A server-sent events body the test hands out piece by piece (`send`), so what the screen shows
 * between two pieces can be read: a browser under load may read several in one go, which is why
 * drawing in pieces is proven here and not by counting steps in the browser test.
 */
function gatedSseBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (piece: string) => controller.enqueue(encoder.encode(piece)),
    close: () => controller.close(),
  };
}
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The panel of a ready document, a question typed and sent, and its answer begun ('Reading the document…'). */
async function askInPanel(text: string) {
  renderPanel();
  await screen.findByText("You're all set!");
  const box = screen.getByRole('textbox', { name: 'Your question' });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
  await screen.findByText('Reading the document…');
}

function renderPanel(doc: Partial<DocumentView> = {}, onCite = vi.fn()) {
  const user = storedUser({ roleName: 'TRUCKER' });
  renderInApp(
    '/chat_with_pdf',
    <div style={{ height: 600 }}>
      <ChatPanel
        document={{ ...DOC, ...doc }}
        businessId={BUSINESS}
        plan={{ name: 'Free', pagesPerPdf: 5 }}
        onCite={onCite}
      />
    </div>,
    { user },
  );
  return onCite;
}

const page = (data: ReturnType<typeof message>[], nextCursor: string | null = null) =>
  jsonResponse(200, { result: { data, nextCursor, prevCursor: null } });

describe('document chat panel', () => {
  it("shows the brief's states: preparing, failed (server text, else the plan's page limit), four skeleton rows, all set", async () => {
    stubApi(() => new Promise<Response>(() => undefined));
    renderPanel({ status: 'processing' });
    screen.getByText('Loading...');
    screen.getByText("We're preparing your PDF.");
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveProperty('disabled', true);
    cleanup();

    renderPanel({ status: 'failed', error: null });
    screen.getByText('Too many pages in PDF');
    screen.getByText('The Free plan supports up to 5 pages per PDF');
    cleanup();

    renderPanel({ status: 'failed', error: 'The PDF is damaged and cannot be read' });
    screen.getByText('The PDF is damaged and cannot be read');
    cleanup();

    // Ready, while the first page of messages is on its way: four skeleton rows.
    renderPanel();
    expect(screen.getByTestId('chat-skeleton').querySelectorAll('.ant-skeleton')).toHaveLength(4);
    cleanup();

    stubApi(() => page([]));
    renderPanel({ pagesWithoutText: [3, 7] });
    await screen.findByText("You're all set!");
    screen.getByText('Ask your first question to get started.');
    screen.getByText('Pages 3 and 7 have no text (scans or images): questions about them cannot be answered.');
  });

  it('sends on Enter (not Shift+Enter), shows the question at once and streams the answer in until the end marker', async () => {
    const question = message('How often is the filter replaced?', true);
    const answerText = '"Replace the air filter every 3000 miles." [p. 3]';
    const answer = message(answerText, false, [{ page: 3, quote: 'Replace the air filter every 3000 miles.' }]);
    let saved: ReturnType<typeof message>[] = [];
    let posted: unknown = null;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    stubApi(async (url, init) => {
      if (url.pathname === '/api/Documents/messages') return page(saved);
      expect(url.pathname).toBe('/api/Documents/message');
      posted = JSON.parse(String(init?.body));
      await gate;
      saved = [question, answer];
      // Events split mid-line and mid-event, as a network delivers them.
      return sseBody([
        sse('message', question).slice(0, 20),
        sse('message', question).slice(20) + sse('token', { text: '"Replace the air ' }).slice(0, 9),
        sse('token', { text: '"Replace the air ' }).slice(9),
        sse('token', { text: 'filter every 3000 miles." [p. 3]' }),
        sse('answer', answer) + sse('end', '[END]'),
      ]);
    });
    const onCite = renderPanel();
    await screen.findByText("You're all set!");
    const box = screen.getByRole('textbox', { name: 'Your question' });
    fireEvent.change(box, { target: { value: question.text } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(posted).toBe(null);
    fireEvent.keyDown(box, { key: 'Enter' });
    // While the answer is awaited: the question and a temporary answer.
    await screen.findByTestId('chat-question-pending');
    screen.getByText('Reading the document…');
    expect((box as HTMLTextAreaElement).value).toBe('');
    act(() => release());
    await screen.findByText('"Replace the air', { exact: false });
    await waitFor(() => expect(screen.queryByTestId('chat-answer-pending')).toBe(null));
    expect(posted).toEqual({ businessId: BUSINESS, documentId: DOC.id, text: question.text, isUserMessage: true });
    expect(screen.getAllByTestId('chat-question')).toHaveLength(1);
    const link = screen.getByRole('link', { name: 'Go to page 3' });
    fireEvent.click(link);
    expect(onCite).toHaveBeenCalledWith({ page: 3, quote: 'Replace the air filter every 3000 miles.' });
  });

  it('draws each piece of the answer as it arrives, before the next one comes', async () => {
    const question = message('How often is the filter replaced?', true);
    const answer = message('"Replace the air filter every 3000 miles." [p. 3]', false, [
      { page: 3, quote: 'Replace the air filter every 3000 miles.' },
    ]);
    const body = gatedSseBody();
    stubApi((url) => (url.pathname === '/api/Documents/messages' ? page([]) : body.response));
    await askInPanel(question.text);
    const pending = () => screen.getByTestId('chat-answer-pending').textContent ?? '';

    act(() => body.send(sse('message', question) + sse('token', { text: '"Replace the air ' })));
    await waitFor(() => expect(pending()).toContain('"Replace the air'));
    expect(pending()).not.toContain('filter');
    act(() => body.send(sse('token', { text: 'filter every 3000 miles." [p. 3]' })));
    await waitFor(() => expect(pending()).toContain('"Replace the air filter every 3000 miles." [p. 3]'));
    act(() => {
      body.send(sse('answer', answer) + sse('end', '[END]'));
      body.close();
    });
    await waitFor(() => expect(screen.queryByTestId('chat-answer-pending')).toBe(null));
    screen.getByRole('link', { name: 'Go to page 3' });
  });

  it('leaving the screen mid-answer (another document, the list) lets the answer finish, so it is saved', async () => {
    const question = message('When does the depot open?', true);
    const answer = message('"The depot opens at 6 AM." [p. 1]', false, [
      { page: 1, quote: 'The depot opens at 6 AM.' },
    ]);
    const body = gatedSseBody();
    let signal: AbortSignal | null | undefined;
    let reads = 0;
    stubApi((url, init) => {
      if (url.pathname === '/api/Documents/messages') {
        reads++;
        return page([]);
      }
      signal = init?.signal;
      return body.response;
    });
    await askInPanel(question.text);
    act(() => body.send(sse('message', question) + sse('token', { text: '"The depot ' })));
    await waitFor(() => expect(screen.getByTestId('chat-answer-pending').textContent).toContain('The depot'));
    // The reader opens another document: this panel goes, the answer's stream is not cut (the
    // server saves an answer only when its asker reads it to the end).
    cleanup();
    expect(signal?.aborted).not.toBe(true);
    const before = reads;
    act(() => {
      body.send(sse('token', { text: 'opens at 6 AM." [p. 1]' }) + sse('answer', answer) + sse('end', '[END]'));
      body.close();
    });
    // Read to its end: the chat is read again for when the reader comes back.
    await waitFor(() => expect(reads).toBeGreaterThan(before));
    expect(signal?.aborted).not.toBe(true);
  });

  it('a refusal before anything streams is a bottom-right toast, and the question goes back into the box', async () => {
    stubApi((url) =>
      url.pathname === '/api/Documents/messages'
        ? page([])
        : jsonResponse(409, { message: 'The document is still being prepared' }),
    );
    renderPanel();
    await screen.findByText("You're all set!");
    const box = screen.getByRole('textbox', { name: 'Your question' });
    fireEvent.change(box, { target: { value: 'Anything?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const toast = await screen.findByText('The document is still being prepared');
    expect(toast.closest('.ant-notification-bottomRight')).not.toBe(null);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Anything?'));
    // An empty question never leaves the browser: the shared rule's message under the box.
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('Type a question');
  });

  it('reads older messages by cursor when scrolled to the top', async () => {
    const older = [message('First question', true), message('First answer', false)];
    const newest = Array.from({ length: 10 }, (_, i) => message(`Recent ${i}`, i % 2 === 0));
    const fetch = stubApi((url) => (url.searchParams.get('cursor') === 'c1' ? page(older) : page(newest, 'c1')));
    renderPanel();
    await screen.findByText('Recent 9');
    const log = screen.getByRole('log', { name: 'Conversation' });
    fireEvent.scroll(log, { target: { scrollTop: 0 } });
    await screen.findByText('First question');
    await screen.findByText('Start of the conversation');
    const urls = fetch.mock.calls.map((c) => String(c[0]));
    expect(urls.some((u) => u.includes('cursor=c1') && u.includes('limit=10'))).toBe(true);
    // In time order, the oldest first.
    const texts = [...log.querySelectorAll('[data-testid^="chat-"]')].map((el) => el.textContent);
    expect(texts[0]).toContain('First question');
    expect(texts.at(-1)).toContain('Recent 9');
  });

  it("shows the fixed 'not in this document' answer in the screen's language, a saved one too", async () => {
    stubApi(() => page([message('Is there a warranty?', true), message(NOT_FOUND_ANSWER, false)]));
    i18n.addResourceBundle('es', 'documents', es, true, true);
    await act(() => i18n.changeLanguage('es'));
    try {
      renderPanel();
      expect(await screen.findByText('No encontré esto en el documento')).toBeTruthy();
      expect(screen.queryByText(NOT_FOUND_ANSWER)).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("shows an answer cut short (the page closed while it was written) as what was said, then the note in the screen's language", async () => {
    const quote = 'Check the coolant level of unit 1 before every trip.';
    const said = `Unit 1: "${quote}" [p. 1]`;
    expect(cutShortAnswer(`${said} `)).toBe(`${said}\n\n${CUT_SHORT_NOTE}`);
    expect(cutShortAnswer('')).toBe(CUT_SHORT_NOTE);
    stubApi(() =>
      page([
        message('Coolant?', true),
        message(cutShortAnswer(said), false, [{ page: 1, quote }]),
        message('Tires?', true),
        message(cutShortAnswer(''), false),
      ]),
    );
    i18n.addResourceBundle('es', 'documents', es, true, true);
    await act(() => i18n.changeLanguage('es'));
    try {
      renderPanel();
      const notes = await screen.findAllByText(
        'La respuesta quedó a medias: se cerró la página antes de que terminara.',
      );
      expect(notes).toHaveLength(2);
      expect(screen.queryByText(CUT_SHORT_NOTE, { exact: false })).toBeNull();
      // What was said reads as an answer: its citation a link to its page.
      const [first, second] = screen.getAllByTestId('chat-answer');
      expect(first!.textContent).toContain(`Unit 1: "${quote}" [p. 1]`);
      expect(first!.querySelector('a.document-citation')?.textContent).toBe('[p. 1]');
      expect(first!.querySelector('.document-answer-cut-short')).toBe(notes[0]!.closest('.document-answer-cut-short'));
      expect(second!.querySelector('a')).toBeNull();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("over all documents, the fixed answer says it searched the reader's documents, not one document", async () => {
    stubApi(() => page([message('Is there a warranty?', true), message(NOT_FOUND_ANSWER, false)]));
    const user = storedUser({ roleName: 'CLUBOWNER' });
    const panel = () => (
      <ChatPanel document={null} businessId={BUSINESS} plan={{ name: 'Free', pagesPerPdf: 5 }} onCite={vi.fn()} />
    );
    renderInApp('/chat_with_pdf/all', panel(), { user });
    expect(await screen.findByText("I couldn't find this in your documents")).toBeTruthy();
    cleanup();
    i18n.addResourceBundle('es', 'documents', es, true, true);
    await act(() => i18n.changeLanguage('es'));
    try {
      renderInApp('/chat_with_pdf/all', panel(), { user });
      expect(await screen.findByText('No encontré esto en tus documentos')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('over all documents, names each citation by its label’s document while the answer streams and once saved (two of one name)', async () => {
    const sources = [
      { label: 'D1', fileId: 'f-yard', fileName: 'contract.pdf' },
      { label: 'D2', fileId: 'f-depot', fileName: 'contract.pdf' },
    ];
    const question = message('What is the rent?', true);
    const text = '"Rent 900." [D1, p. 1] and "Rent 1200." [D2, p. 1]';
    const answer = message(text, false, [
      { page: 1, quote: 'Rent 900.', ...sources[0]! },
      { page: 1, quote: 'Rent 1200.', ...sources[1]! },
    ]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    stubApi((url) => {
      if (url.pathname === '/api/Documents/all/messages') return page([]);
      const encoder = new TextEncoder();
      const pieces = [sse('message', question) + sse('documents', sources) + sse('token', { text })];
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = pieces.shift();
          if (next !== undefined) return controller.enqueue(encoder.encode(next));
          // Held until the test has looked at the answer as it streams.
          await gate;
          controller.enqueue(encoder.encode(sse('answer', answer) + sse('end', '[END]')));
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const user = storedUser({ roleName: 'TRUCKER' });
    const onCite = vi.fn();
    renderInApp(
      '/chat_with_pdf/all',
      <ChatPanel
        document={null}
        businessId={BUSINESS}
        plan={{ name: 'Free', pagesPerPdf: 5 }}
        onCite={onCite}
        nameOf={(place) => `${place.fileName} of ${place.fileId}`}
      />,
      { user },
    );
    await screen.findByText("You're all set!");
    const box = screen.getByRole('textbox', { name: 'Your question' });
    fireEvent.change(box, { target: { value: question.text } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const check = async () => {
      const depot = await screen.findByRole('link', { name: 'Go to page 1 of contract.pdf of f-depot' });
      expect(depot.textContent).toBe('[contract.pdf of f-depot, p. 1]');
      fireEvent.click(depot);
      expect(onCite).toHaveBeenLastCalledWith({
        page: 1,
        quote: 'Rent 1200.',
        fileName: 'contract.pdf',
        label: 'D2',
        fileId: 'f-depot',
      });
      screen.getByRole('link', { name: 'Go to page 1 of contract.pdf of f-yard' });
    };
    // As it streams: the labels' documents came before the first token.
    await screen.findByTestId('chat-answer-pending');
    await check();
    act(() => release());
    await waitFor(() => expect(screen.queryByTestId('chat-answer-pending')).toBe(null));
    // Saved: the citations say the same.
    await check();
  });

  it('over all documents with none ready, the box waits (the server would refuse the question) and says why; older answers stay readable', async () => {
    const old = [message('What is the rent?', true), message('"Rent 900." [p. 1]', false)];
    let chat: ReturnType<typeof message>[] = [];
    const fetch = stubApi((url) => {
      if (url.pathname === '/api/Documents/all/messages') return page(chat);
      throw new Error(`unexpected call ${url.pathname}`);
    });
    const user = storedUser({ roleName: 'CLUBOWNER' });
    const panel = () => (
      <ChatPanel
        document={null}
        businessId={BUSINESS}
        plan={{ name: 'Free', pagesPerPdf: 5 }}
        onCite={vi.fn()}
        askable={false}
      />
    );
    renderInApp('/chat_with_pdf/all', panel(), { user });
    await screen.findByText('Nothing to ask yet');
    screen.getByText('Questions open here once one of your documents is ready.');
    expect(screen.queryByText("You're all set!")).toBe(null);
    const box = screen.getByRole('textbox', { name: 'Your question' });
    expect(box).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(fetch.mock.calls.every(([input]) => !String(input).endsWith('/all/message'))).toBe(true);
    cleanup();
    // The documents deleted since: the chat so far is still there to read, the box still waits.
    chat = old;
    renderInApp('/chat_with_pdf/all', panel(), { user });
    await screen.findByText('What is the rent?');
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveProperty('disabled', true);
    // In Spanish too.
    cleanup();
    chat = [];
    i18n.addResourceBundle('es', 'documents', es, true, true);
    await act(() => i18n.changeLanguage('es'));
    try {
      renderInApp('/chat_with_pdf/all', panel(), { user });
      await screen.findByText('Aún no hay nada que preguntar');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("streams the fixed 'not in this document' answer without its English words: the screen's language once saved", async () => {
    const question = message('Where is the chef?', true);
    const answer = message(NOT_FOUND_ANSWER, false);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    let drained = false;
    stubApi((url) => {
      if (url.pathname === '/api/Documents/messages') return page([]);
      const encoder = new TextEncoder();
      // Word by word, as the offline answer and a model send it.
      const pieces = [
        sse('message', question),
        ...NOT_FOUND_ANSWER.split(/(?<= )/).map((text) => sse('token', { text })),
      ];
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          // A word at a time, each in a render of its own.
          await new Promise((r) => setTimeout(r, 5));
          const next = pieces.shift();
          if (next !== undefined) return controller.enqueue(encoder.encode(next));
          // Every word read: held until the test lets the saved answer come.
          drained = true;
          await gate;
          controller.enqueue(encoder.encode(sse('answer', answer) + sse('end', '[END]')));
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    i18n.addResourceBundle('es', 'documents', es, true, true);
    await act(() => i18n.changeLanguage('es'));
    try {
      renderPanel();
      await screen.findByText('¡Todo listo!');
      const box = screen.getByRole('textbox', { name: es.documents.chat.inputLabel });
      // Every text the pending answer shows while it streams.
      const shown = new Set<string>();
      const observer = new MutationObserver(() => {
        const text = document.querySelector('[data-testid="chat-answer-pending"]')?.textContent;
        if (text) shown.add(text);
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      fireEvent.change(box, { target: { value: question.text } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await screen.findByTestId('chat-answer-pending');
      // Every word read (the stream waits at the gate), then the saved answer.
      await waitFor(() => expect(drained).toBe(true));
      act(() => release());
      await waitFor(() => expect(screen.queryByTestId('chat-answer-pending')).toBe(null));
      observer.disconnect();
      expect(screen.getByTestId('chat-answer').textContent).toContain('No encontré esto en el documento');
      // While it streamed: "reading the document", never the English words (before the fix
      // "I ", "I couldn't " … one at a time).
      expect([...shown].length).toBeGreaterThan(0);
      expect([...shown].filter((text) => !text.includes(es.documents.chat.thinking))).toEqual([]);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
    // Any other answer shows as it comes, from the word where it leaves the fixed one.
    expect(mayBeNotFoundAnswer("I couldn't find")).toBe(true);
    expect(mayBeNotFoundAnswer('In section')).toBe(false);
    expect(mayBeNotFoundAnswer('"Replace the air filter')).toBe(false);
    expect(mayBeNotFoundAnswer("I couldn't find this in the document, but page 3")).toBe(false);
  });
});
