import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../domain/chat/wire';
import { useClock } from '../../ui/venue/use-clock';

/**
 * Where a message list finds its words: the team's view of a conversation (the inbox, IT's desk)
 * by default; the asker's own view (the in-app support panel) passes its area's keys, where the
 * asker's messages are "You" and a system line tells them what happened to their chat.
 */
export interface MessageWords {
  ns: string;
  label: string;
  events: string;
  unsure: string;
  cited: string;
  /** The asker's own messages are named with this key instead of their author's name. */
  own?: string;
  className?: string;
}

const TEAM_WORDS: MessageWords = {
  ns: 'chat',
  label: 'chat.conversation.messages',
  events: 'chat.events',
  unsure: 'chat.message.unsure',
  cited: 'chat.message.cited',
};

/**
 * A conversation's messages, oldest first. Text is rendered as text (React escapes it): markup a
 * visitor typed shows as typed. A bot answer names the helpdesk entry it quotes; the bot's
 * "cannot answer" and the system lines are worded in the reader's language. The list is a live
 * region, so a screen reader announces new messages.
 */
export function MessageList({ messages, words = TEAM_WORDS }: { messages: ChatMessage[]; words?: MessageWords }) {
  const { t } = useTranslation(['translation', 'chat', words.ns]);
  const clock = useClock();
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.seq;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  const author = (m: ChatMessage) =>
    words.own && m.author === 'visitor' ? t(words.own) : m.authorName || t(`chat.authors.${m.author}`);
  return (
    // The live region holds the list: a role on the <ol> itself would take its list semantics away.
    <div role="log" aria-live="polite" aria-label={t(words.label)}>
      <ol className={words.className ? `chat-messages ${words.className}` : 'chat-messages'}>
        {messages.map((m) =>
          m.author === 'system' ? (
            <li key={m.seq} className="chat-system" data-seq={m.seq}>
              {t(`${words.events}.${m.event ?? 'waiting'}`, { name: m.authorName })}
            </li>
          ) : (
            <li key={m.seq} className={`chat-message chat-from-${m.author}`} data-seq={m.seq}>
              <div className="chat-meta">
                <span className="chat-author">{author(m)}</span>
                <time dateTime={m.createdAt}>{clock.dateTime(m.createdAt)}</time>
              </div>
              <p className="chat-text">{m.unsure ? t(words.unsure) : m.text}</p>
              {m.citation && <p className="chat-citation">{t(words.cited, { question: m.citation.question })}</p>}
            </li>
          ),
        )}
        <li ref={end} className="chat-end" aria-hidden />
      </ol>
    </div>
  );
}
