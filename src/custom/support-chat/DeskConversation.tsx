import { useRef, useState } from 'react';
import { Alert, Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { textToSend } from '../../domain/chat/outgoing-text';
import { messageSchema, type LiveStatus } from '../../domain/chat/rules';
import type { SupportContact } from '../../domain/chat/support';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { LiveActions, MessageList, StateTag, useMessageLog, type MessageWords } from '../chat';
import { DESK_CHAT, deskReply, deskStatus, deskToTicket } from './support-chat-api';

/**
 * The messages as the team reads them, but a support chat's asker is a signed-in user of a
 * business, not a website visitor: its system lines say "the user" and "the chat".
 */
const DESK_WORDS: MessageWords = {
  ns: 'support-chat',
  label: 'supportChat.messages',
  events: 'supportChat.desk.events',
  unsure: 'supportChat.unsure',
  cited: 'supportChat.cited',
};

/** One support chat at IT's desk: take over, hand back, close, reopen, make a ticket; messages live; a reply. */
export function DeskConversation({ contact, onChange }: { contact: SupportContact; onChange: () => void }) {
  const { t } = useTranslation(['translation', 'support-chat']);
  // Reading marks the messages read on the server: the desk's list is read again for its unread counts.
  const { view, failed, take } = useMessageLog(DESK_CHAT, contact.id, onChange);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One call at a time, held in a ref: Enter pressed twice (or a click during a send) arrives
  // before `busy` is drawn, and each press would post the reply again.
  const inFlight = useRef(false);
  const state = view.state ?? contact.state;

  const act = async (run: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await run();
      onChange();
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  const move = (status: LiveStatus) => act(async () => void take(await deskStatus(contact.id, status)));
  const send = () => {
    const typed = textToSend(text);
    if (typed === null) return;
    // Left to refuse: a message over the length limit, with the schema's own words.
    const parsed = messageSchema.safeParse({ text: typed });
    if (!parsed.success) return setError(translateMessage(t, parsed.error.issues[0]!.message));
    void act(async () => {
      void take(await deskReply(contact.id, parsed.data.text));
      setText('');
    });
  };

  return (
    <section className="chat-conversation" aria-labelledby="support-desk-title">
      <Flex wrap gap="small" align="center" justify="space-between">
        <Flex gap="small" align="center" wrap>
          <h2 id="support-desk-title" className="chat-title">
            {contact.visitorName}
          </h2>
          <StateTag state={state} memberName={view.memberName ?? contact.memberName} />
        </Flex>
        <Flex gap="small" wrap>
          <LiveActions
            state={state}
            label={(a) => t(`supportChat.desk.${a}`)}
            onMove={(status) => void move(status)}
            disabled={busy}
          />
          {contact.ticketId ? (
            // The desk opens the ticket itself (its drawer), not the whole list to search.
            <Link to={`/ticket_management?ticket=${encodeURIComponent(contact.ticketId)}`}>
              {t('supportChat.desk.ticketExists')}
            </Link>
          ) : (
            <Button disabled={busy} onClick={() => void act(async () => void (await deskToTicket(contact.id)))}>
              {t('supportChat.makeTicket')}
            </Button>
          )}
        </Flex>
      </Flex>
      {failed && <Alert type="warning" showIcon message={t('supportChat.loadFailed')} />}
      <MessageList messages={view.messages} words={DESK_WORDS} />
      {error && <Alert type="error" showIcon message={error} role="alert" />}
      {state !== 'closed' && (
        <Flex vertical gap="small">
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 1, maxRows: 4 }}
            aria-label={t('supportChat.desk.reply')}
            placeholder={t('supportChat.desk.replyHint')}
            onPressEnter={(e) => {
              // The product brief, section 5: Enter sends, Shift+Enter adds a new line.
              if (e.shiftKey) return;
              e.preventDefault();
              send();
            }}
          />
          <Button
            type="primary"
            loading={busy}
            // Off while there is nothing to send, as the Conversations reply's Send is.
            disabled={textToSend(text) === null}
            onClick={send}
            className="support-desk-send"
          >
            {t('supportChat.send')}
          </Button>
        </Flex>
      )}
    </section>
  );
}
