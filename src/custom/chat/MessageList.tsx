import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../domain/chat/wire';
import { formatDateTime } from '../../ui/format';

/**
 * A conversation's messages, oldest first. Text is rendered as text (React escapes it): markup a
 * visitor typed shows as typed. A bot answer names the helpdesk entry it quotes; the bot's
 * "cannot answer" and the system lines are worded in the reader's language. The list is a live
 * region, so a screen reader announces new messages.
 */
export function MessageList({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation(['translation', 'chat']);
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.seq;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);

  return (
    // The live region holds the list: a role on the <ol> itself would take its list semantics away.
    <div role="log" aria-live="polite" aria-label={t('chat.conversation.messages')}>
      <ol className="chat-messages">
        {messages.map((m) =>
          m.author === 'system' ? (
            <li key={m.seq} className="chat-system" data-seq={m.seq}>
              {t(`chat.events.${m.event ?? 'waiting'}`, { name: m.authorName })}
            </li>
          ) : (
            <li key={m.seq} className={`chat-message chat-from-${m.author}`} data-seq={m.seq}>
              <div className="chat-meta">
                <span className="chat-author">{m.authorName || t(`chat.authors.${m.author}`)}</span>
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </div>
              <p className="chat-text">{m.unsure ? t('chat.message.unsure') : m.text}</p>
              {m.citation && (
                <p className="chat-citation">{t('chat.message.cited', { question: m.citation.question })}</p>
              )}
            </li>
          ),
        )}
        <li ref={end} className="chat-end" aria-hidden />
      </ol>
    </div>
  );
}
