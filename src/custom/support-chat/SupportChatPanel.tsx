import { useEffect, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Flex, Input, Spin } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textToSend } from '../../domain/chat/outgoing-text';
import { messageSchema } from '../../domain/chat/rules';
import type { SupportChatStart, SupportChatTicket } from '../../domain/chat/support';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { MessageList, StateTag, useMessageLog, type MessageWords } from '../chat';
import { askForPerson, chatToTicket, sendChat, startChat, USER_CHAT } from './support-chat-api';
import './support-chat.css';

/** The asker's words: their own messages are "You"; a system line says what happened to their chat. */
const ASKER_WORDS: MessageWords = {
  ns: 'support-chat',
  label: 'supportChat.messages',
  events: 'supportChat.events',
  unsure: 'supportChat.unsure',
  cited: 'supportChat.cited',
  own: 'supportChat.you',
  className: 'support-chat-messages',
};

/**
 * The support chat's panel (a lazy chunk, fetched on the launcher's first press): starts or
 * resumes the user's chat with the platform, whose bot answers from the platform's helpdesk and
 * whose IT people answer when they take over. Enter sends, Shift+Enter adds a line; Esc closes.
 * Send is off while the box holds nothing to send (empty or spaces only), as the Conversations
 * reply's is; Enter on such a box does nothing (no message, no new line).
 * The composer is not an unsaved form: the panel stays while the user moves between pages.
 */
export default function SupportChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['translation', 'support-chat']);
  const [chat, setChat] = useState<SupportChatStart | null>(null);
  const [ticket, setTicket] = useState<SupportChatTicket | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = chat?.conversationId ?? null;
  const { view, failed, take } = useMessageLog(USER_CHAT, id);
  const state = view.state ?? chat?.state ?? 'bot';

  useEffect(() => {
    if (open && !chat) startChat().then(setChat, (e: unknown) => setError(errorText(t, e)));
  }, [open, chat, t]);

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  const send = () => {
    const typed = textToSend(text);
    if (typed === null) return;
    // Left to refuse: a message over the length limit, with the schema's own words.
    const parsed = messageSchema.safeParse({ text: typed });
    if (!parsed.success) return setError(translateMessage(t, parsed.error.issues[0]!.message));
    if (!id || busy) return;
    void act(async () => {
      void take(await sendChat(id, parsed.data.text));
      setText('');
    });
  };
  // A new chat owes nothing to the closed one: not its ticket (the new one may become its own) nor its error.
  const startNew = () => {
    setTicket(null);
    setError(null);
    setChat(null);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') onClose();
  };
  const hasTicket = Boolean(ticket || chat?.ticketId);
  const asked = view.messages.some((m) => m.author === 'visitor');

  return (
    <section
      className="support-chat-panel"
      hidden={!open}
      aria-labelledby="support-chat-title"
      onKeyDown={onKey}
      role="dialog"
      aria-modal={false}
    >
      <Flex className="support-chat-head" align="center" justify="space-between" gap="small">
        <Flex vertical gap={2}>
          <h2 id="support-chat-title" className="support-chat-title">
            {t('supportChat.title')}
          </h2>
          <Flex gap="small" align="center" wrap>
            {chat && <span className="support-chat-bot">{chat.botName}</span>}
            <StateTag state={state} memberName={view.memberName} />
          </Flex>
        </Flex>
        <Button
          type="text"
          icon={<CloseOutlined aria-hidden />}
          aria-label={t('supportChat.close')}
          onClick={onClose}
        />
      </Flex>
      <div className="support-chat-body">
        {!chat && !error && <Spin />}
        {failed && <Alert type="warning" showIcon message={t('supportChat.loadFailed')} />}
        {chat && <MessageList messages={view.messages} words={ASKER_WORDS} />}
      </div>
      <div className="support-chat-foot">
        {error && <Alert type="error" showIcon message={error} role="alert" />}
        {(ticket || chat?.ticketId) && (
          <p className="support-chat-note">
            {ticket ? t('supportChat.ticketOpened', { number: ticket.number }) : t('supportChat.ticketExists')}{' '}
            <Link to={`/tickets?ticket=${encodeURIComponent(ticket?.ticketId ?? chat?.ticketId ?? '')}`}>
              {t('supportChat.seeTickets')}
            </Link>
          </p>
        )}
        {state === 'closed' ? (
          <Button onClick={startNew}>{t('supportChat.newChat')}</Button>
        ) : (
          <>
            <Input.TextArea
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                // What was wrong with the last try (a too long message) is gone once they type.
                setError(null);
              }}
              autoSize={{ minRows: 1, maxRows: 4 }}
              aria-label={t('supportChat.yourMessage')}
              placeholder={t('supportChat.placeholder')}
              disabled={!chat}
              onPressEnter={(e) => {
                // The product brief, section 5: Enter sends, Shift+Enter adds a new line.
                if (e.shiftKey) return;
                e.preventDefault();
                send();
              }}
            />
            <Flex gap="small" wrap justify="space-between">
              <Flex gap="small" wrap>
                {state === 'bot' && (
                  <Button
                    size="small"
                    disabled={!id || busy}
                    onClick={() => void act(async () => void take(await askForPerson(id!)))}
                  >
                    {t('supportChat.person')}
                  </Button>
                )}
                {!hasTicket && asked && (
                  <Button
                    size="small"
                    disabled={busy}
                    onClick={() => void act(async () => setTicket(await chatToTicket(id!)))}
                  >
                    {t('supportChat.makeTicket')}
                  </Button>
                )}
              </Flex>
              <Button type="primary" loading={busy} disabled={!chat || textToSend(text) === null} onClick={send}>
                {t('supportChat.send')}
              </Button>
            </Flex>
          </>
        )}
      </div>
    </section>
  );
}
