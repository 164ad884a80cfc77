/**
 * "Typing…" both ways (the product brief, sections 1 and 4: UserStartedTyping /
 * UserStoppedTyping): the visitor's widget and the inbox's reply box tell the other side through
 * the server, throttled rather than one call per key. The same sender runs in both (the widget
 * is its own bundle, so this file imports nothing heavy): "started" when typing begins and again
 * at most every TYPING_REFRESH_MS while it goes on; "stopped" on send, on blur or after
 * TYPING_IDLE_MS without a key (a receiver also ends it when the message arrives). The server
 * passes on one notice a second per side, so the "stopped" of a send also lets the next
 * "started" through at once. A receiver forgets a "started" not refreshed within
 * TYPING_EXPIRES_MS (a closed tab never says "stopped"). No zod here: the widget bundles this
 * file (the schema is in rules.ts).
 */

export const TYPING_REFRESH_MS = 3000;
export const TYPING_IDLE_MS = 4000;
/** Longer than the refresh, so a steady typist never flickers. */
export const TYPING_EXPIRES_MS = 7000;

export interface TypingSender {
  /** A key was pressed (or the text changed). */
  input(): void;
  /** The box lost focus: stopped, if typing. */
  stop(): void;
  /** The message was sent: stopped, if typing. */
  sent(): void;
}

/**
 * Throttles typing notices: `send(true)` at most every TYPING_REFRESH_MS while keys come,
 * `send(false)` once after TYPING_IDLE_MS of quiet or on `stop()`. `send` failures are ignored
 * (a lost notice only shows or hides a hint a few seconds late).
 */
export function typingSender(send: (typing: boolean) => unknown, now: () => number = Date.now): TypingSender {
  let typing = false;
  let lastSent = 0;
  let idle: ReturnType<typeof setTimeout> | undefined;
  const quiet = () => {
    clearTimeout(idle);
    idle = undefined;
  };
  const stop = () => {
    quiet();
    if (!typing) return;
    typing = false;
    lastSent = 0;
    void Promise.resolve()
      .then(() => send(false))
      .catch(() => undefined);
  };
  return {
    input() {
      quiet();
      idle = setTimeout(stop, TYPING_IDLE_MS);
      if (typing && now() - lastSent < TYPING_REFRESH_MS) return;
      typing = true;
      lastSent = now();
      void Promise.resolve()
        .then(() => send(true))
        .catch(() => undefined);
    },
    stop,
    sent: stop,
  };
}
