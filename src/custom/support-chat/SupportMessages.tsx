import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../domain/chat/wire';
import { formatDateTime } from '../../ui/format';

/**
 * The user's side of a support chat, oldest first, worded for the user (their own messages are
 * "You"; a system line says what happened to their chat). Text is rendered as text: markup shows
 * as typed. The list is a live region, so a screen reader announces new messages.
 */
export function SupportMessages({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation(['translation', 'support-chat']);
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.seq;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);
  return (
    // The live region holds the list: a role on the <ol> itself would take its list semantics away.
    <div role="log" aria-live="polite" aria-label={t('supportChat.messages')}>
      <ol className="chat-messages support-chat-messages">
        {messages.map((m) =>
          m.author === 'system' ? (
            <li key={m.seq} className="chat-system" data-seq={m.seq}>
              {t(`supportChat.events.${m.event ?? 'waiting'}`, { name: m.authorName })}
            </li>
          ) : (
            <li key={m.seq} className={`chat-message chat-from-${m.author}`} data-seq={m.seq}>
              <div className="chat-meta">
                <span className="chat-author">{m.author === 'visitor' ? t('supportChat.you') : m.authorName}</span>
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </div>
              <p className="chat-text">{m.unsure ? t('supportChat.unsure') : m.text}</p>
              {m.citation && (
                <p className="chat-citation">{t('supportChat.cited', { question: m.citation.question })}</p>
              )}
            </li>
          ),
        )}
        <li ref={end} className="chat-end" aria-hidden />
      </ol>
    </div>
  );
}
