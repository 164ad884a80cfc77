/**
 * The website widget (the product brief, section 1): a business pastes
 *   <script src="https://<our server>/widget/chat.js" data-domain="<domain id>" async></script>
 * and its visitors chat with the domain's bot, and with a person once one takes over. Its own
 * small bundle (no framework; built by scripts/vite-chat-widget.ts), inside a shadow root, and
 * nothing happens on the site until the launcher is opened. The visitor token is kept in the
 * browser's storage, so a visitor keeps the conversation across visits. Messages are kept by
 * sequence number and read "after the last one held" (docs/live-chat.md): a dropped connection
 * or a closed laptop loses nothing, and nothing shows twice. Once a conversation exists they are
 * pushed over a live connection (live.ts), with the team's typing; the widget polls only while
 * that connection is down. The visitor's typing is sent throttled (src/domain/chat/typing.ts).
 */
import { CHAT_API, VISITOR_TOKEN_HEADER, fill } from '../domain/chat/api';
import { textToSend } from '../domain/chat/outgoing-text';
import { TYPING_EXPIRES_MS, typingSender } from '../domain/chat/typing';
import type { ConversationState } from '../domain/chat/rules';
import type { ChatMessage, MessagesAfter, VisitorConversation } from '../domain/chat/wire';
import { canStream, connectLive } from './live';
import { stringsFor } from './strings';
import { WIDGET_CSS } from './widget.css';

const POLL_OPEN_MS = 3000;
const POLL_CLOSED_MS = 20000;

/** Draws the widget for the `<script data-domain>` that loaded it (exported for the unit tests). */
export function start(script: HTMLScriptElement) {
  const domainId = script.dataset.domain ?? '';
  const base = new URL(script.src).origin;
  const s = stringsFor(navigator.language || 'en');
  const storeKey = `chat-visitor:${domainId}`;
  let conversation: VisitorConversation | null = JSON.parse(localStorage.getItem(storeKey) ?? 'null');
  let lastSeq = 0;
  /** The conversation's state as last read (a closed one takes no more messages). */
  let state: ConversationState | null = conversation?.state ?? null;
  let unread = 0;
  let timer = 0;
  let live: { stop(): void } | null = null;
  let liveUp = false;
  let typingTimer = 0;
  /** stop() was called: nothing more goes out. */
  let removed = false;

  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${WIDGET_CSS}</style>
<button class="launcher" type="button" aria-expanded="false" aria-label="${s.open}"><svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true"><path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"/></svg><span class="badge" hidden></span></button>
<section class="panel" role="dialog" aria-label="${s.title}" hidden>
  <header><img alt="" hidden><h2></h2><button type="button" class="x" aria-label="${s.close}">×</button></header>
  <div class="log" role="log" aria-live="polite"><ol></ol></div>
  <p class="typing" hidden></p>
  <p class="error" role="alert" hidden></p>
  <div class="actions"><button type="button" class="link person">${s.person}</button></div>
  <form><textarea rows="1" aria-label="${s.placeholder}" placeholder="${s.placeholder}" maxlength="4000"></textarea>
  <button class="primary" type="submit">${s.send}</button></form>
</section>`;
  document.body.appendChild(host);
  const $ = <T extends Element>(sel: string) => root.querySelector(sel) as T;
  const launcher = $<HTMLButtonElement>('.launcher');
  const badge = $<HTMLSpanElement>('.badge');
  const panel = $<HTMLElement>('.panel');
  const list = $<HTMLOListElement>('ol');
  // The log holds the list (a role on the <ol> itself would take its list semantics away).
  const scroller = $<HTMLDivElement>('.log');
  const input = $<HTMLTextAreaElement>('textarea');
  const error = $<HTMLParagraphElement>('.error');
  const actions = $<HTMLDivElement>('.actions');
  /**
   * "Talk to a person" only where it asks for something: with the bot, or a closed chat (asking
   * starts a new one). Waiting for a person or with one, it did nothing, and read as if no one had
   * heard the visitor (the app's support chat offers it with the bot only, the same way).
   */
  const showActions = () => {
    actions.hidden = state === 'waiting' || state === 'human';
  };
  showActions();
  const typingLine = $<HTMLParagraphElement>('.typing');

  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(conversation ? { [VISITOR_TOKEN_HEADER]: conversation.visitorToken } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => {
      // Lost on the way (offline): the browser's own words ("Failed to fetch") are English.
      throw new Error(s.failed);
    });
    // The server words its refusals in English; the visitor reads the widget's own words, in their
    // language: too fast (429), or could not be sent.
    if (!res.ok) throw Object.assign(new Error(res.status === 429 ? s.tooFast : s.failed), { status: res.status });
    const json = await res.json();
    return json.result as T;
  };

  const path = (template: string) => fill(template, { conversationId: conversation?.conversationId ?? '' });

  const fail = (e: unknown) => {
    [error.textContent, error.hidden] = [(e as Error).message, false];
  };

  const words = (m: ChatMessage) =>
    m.author === 'system'
      ? (s[m.event ?? 'waiting'] ?? '').replace('{name}', m.authorName)
      : m.unsure
        ? s.unsure
        : m.text;

  const showTyping = (name: string, on: boolean) => {
    window.clearTimeout(typingTimer);
    typingLine.textContent = on ? s.typing.replace('{name}', name) : '';
    typingLine.hidden = !on;
    // A "started" is repeated while they type; without it, it is over (a closed tab says nothing).
    if (on) typingTimer = window.setTimeout(() => showTyping('', false), TYPING_EXPIRES_MS);
  };

  const show = (answer: MessagesAfter) => {
    state = answer.state;
    showActions();
    for (const m of answer.messages) {
      if (m.seq <= lastSeq) continue;
      lastSeq = m.seq;
      if (m.author === 'member') showTyping('', false);
      const li = document.createElement('li');
      li.className = m.author;
      // textContent: what anyone typed is shown as text, never as markup.
      li.textContent = words(m);
      if (m.citation) {
        const cite = document.createElement('small');
        cite.textContent = s.cited.replace('{q}', m.citation.question);
        li.appendChild(cite);
      }
      list.appendChild(li);
      if (panel.hidden && m.author !== 'visitor') unread++;
    }
    badge.hidden = unread === 0;
    badge.textContent = String(unread);
    badge.setAttribute('aria-label', `${s.unread}: ${unread}`);
    scroller.scrollTop = scroller.scrollHeight;
  };

  const poll = async () => {
    window.clearTimeout(timer);
    if (liveUp) return;
    if (conversation) {
      const read = `${path(CHAT_API.visitorMessages)}?after=${lastSeq}`;
      await call<MessagesAfter>('GET', read).then(show, () => undefined);
    }
    if (removed) return;
    timer = window.setTimeout(() => void poll(), panel.hidden ? POLL_CLOSED_MS : POLL_OPEN_MS);
  };

  /** The business deleted the conversation: forget it; opening again starts a new one. */
  const forget = () => {
    live?.stop();
    [live, liveUp, conversation, lastSeq, unread] = [null, false, null, 0, 0];
    localStorage.removeItem(storeKey);
    list.textContent = '';
    show({ state: 'bot', memberName: null, lastSeq: 0, messages: [] });
  };

  /** Pushed changes once a conversation exists; polling only while the connection is down. */
  const goLive = () => {
    if (live || !conversation || !canStream()) return;
    live = connectLive(
      () => `${base}${path(CHAT_API.visitorLive)}?after=${lastSeq}`,
      () => conversation?.visitorToken ?? '',
      {
        messages: show,
        typing: showTyping,
        gone: forget,
        onLive: (up) => {
          liveUp = up;
          if (up) window.clearTimeout(timer);
          else void poll();
        },
      },
    );
  };

  /** Starts a conversation, or resumes the visitor's open one (the token travels with the call). */
  const begin = async () => {
    conversation = await call<VisitorConversation>('POST', fill(CHAT_API.visitorStart, { domainId }), {});
    state = conversation.state;
    showActions();
    localStorage.setItem(storeKey, JSON.stringify(conversation));
  };
  const ensureConversation = async () => {
    if (!conversation) await begin();
  };

  /**
   * The business closed the conversation: it takes no more messages, and the server resumes none
   * that is closed. The visitor's next message (or ask for a person) starts a new one below the
   * old one's lines, as a new visit would; before, a returning visitor was refused for good.
   */
  const startAgain = async () => {
    live?.stop();
    [live, liveUp, lastSeq] = [null, false, 0];
    await begin();
    show(await call<MessagesAfter>('GET', `${path(CHAT_API.visitorMessages)}?after=0`));
    goLive();
  };

  const typing = typingSender(
    (on) => !removed && conversation && call('POST', path(CHAT_API.visitorTyping), { typing: on }),
  );

  const open = async () => {
    panel.hidden = false;
    launcher.setAttribute('aria-expanded', 'true');
    // What was unread is on screen now: the launcher's count goes (it stayed until the next message).
    unread = 0;
    badge.hidden = true;
    input.focus();
    try {
      await ensureConversation();
      // No name set by the owner: the default name in the visitor's language.
      $<HTMLHeadingElement>('h2').textContent = conversation!.botName || s.assistant;
      const img = $<HTMLImageElement>('header img');
      if (conversation!.avatarUrl) [img.src, img.hidden] = [base + conversation!.avatarUrl, false];
      // The live connection replays from the last number held; without one, poll.
      goLive();
      if (!canStream()) await poll();
    } catch (e) {
      // No conversation could be started (this site refused, the server unreachable).
      fail(new Error(s.unavailable));
      explain(e);
    }
  };
  /**
   * Why, for the site's owner: the visitor reads only "not available", the browser's console had
   * only "403 (Forbidden)". A word on the widget's element (data-chat-unavailable) and one line in
   * the console name the site, the domain id and where a domain is registered.
   */
  const explain = (e: unknown) => {
    const status = (e as { status?: number }).status;
    const site = location.hostname;
    const [reason, text] =
      status === 403
        ? [
            'site-not-registered',
            `this site (${site}) is not the domain data-domain="${domainId}" names, nor a subdomain of it. Load the widget on that domain's site, or register ${site} in the back office (Settings → Domains) and put its id in data-domain.`,
          ]
        : status === 404 || status === 400
          ? [
              'unknown-domain',
              `no domain has the id data-domain="${domainId}". Put the id of a domain registered in the back office (Settings → Domains) in data-domain.`,
            ]
          : ['unreachable', `the chat server (${base}) could not be reached or refused to start a chat.`];
    host.setAttribute('data-chat-unavailable', reason);
    console.warn(`Chat widget not available: ${text}`);
  };
  const close = () => {
    panel.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.focus();
  };

  // One send at a time: a double-click on Send, or Enter pressed again while the first message is
  // on its way, would post the same message twice (the server takes every one it is given).
  let sending = false;
  const send = async () => {
    const text = textToSend(input.value);
    if (text === null || !conversation || sending) return;
    sending = true;
    error.hidden = true;
    typing.sent();
    const post = () => call<MessagesAfter>('POST', path(CHAT_API.visitorMessages), { text });
    try {
      if (state === 'closed') await startAgain();
      // 409: closed meanwhile (while the visitor typed, or before the state was read).
      const answer = await post().catch(async (e: Error & { status?: number }) => {
        if (e.status !== 409) throw e;
        await startAgain();
        return post();
      });
      show(answer);
      input.value = '';
    } catch (e) {
      fail(e);
    } finally {
      sending = false;
    }
  };

  launcher.addEventListener('click', () => (panel.hidden ? void open() : close()));
  $<HTMLButtonElement>('.x').addEventListener('click', close);
  panel.addEventListener('keydown', (e) => e.key === 'Escape' && close());
  $<HTMLFormElement>('form').addEventListener('submit', (e) => {
    e.preventDefault();
    void send();
  });
  input.addEventListener('input', () => typing.input());
  input.addEventListener('blur', () => typing.stop());
  input.addEventListener('keydown', (e) => {
    // Enter sends, Shift+Enter adds a line (the product brief, section 5).
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send();
    }
  });
  $<HTMLButtonElement>('.person').addEventListener('click', () => {
    if (!conversation) return;
    const ask = () => call<MessagesAfter>('POST', path(CHAT_API.visitorPerson));
    void (state === 'closed' ? startAgain().then(ask) : ask()).then(show, fail);
  });
  // A returning visitor: unread answers show on the launcher without opening it.
  if (conversation) {
    goLive();
    if (!canStream()) timer = window.setTimeout(() => void poll(), POLL_CLOSED_MS);
  }
  return {
    /**
     * Takes the widget off the page: its live connection, its poll and its timers end. A site's
     * page never calls it (the widget lives as long as the page); a test does, so nothing of one
     * widget keeps calling `fetch` after its test (the next file's stub would take its calls).
     */
    stop() {
      removed = true;
      live?.stop();
      live = null;
      window.clearTimeout(timer);
      window.clearTimeout(typingTimer);
      typing.stop(); // clears its idle timer; its last notice is not sent (removed)
      host.remove();
    },
  };
}

const me = document.currentScript as HTMLScriptElement | null;
if (me) start(me);
