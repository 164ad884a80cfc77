import { useCallback } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { CONVERSATIONS_LIVE_RESOURCE } from '../../domain/chat/api';
import type { LiveStatus } from '../../domain/chat/rules';
import { messageSchema } from '../../domain/chat/rules';
import { textToSend } from '../../domain/chat/outgoing-text';
import { translateMessage } from '../../providers/i18n/translate-message';
import type { Contact } from '../../domain/chat/wire';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { useTyping } from '../../providers/live/typing-store';
import { readAfter, reply, sendTyping, setLiveStatus } from './chat-api';
import { LiveActions } from './LiveActions';
import { MessageList } from './MessageList';
import { StateTag } from './StateTag';
import { useMessageLog } from './use-conversation';
import { useTypingSender } from './use-typing-sender';

/**
 * One conversation: its state and actions (take over, hand back, close, reopen), messages live
 * with the visitor's typing, and a reply whose typing the visitor sees (docs/live-chat.md).
 */
export function ConversationPanel(props: { domainId: string; contact: Contact; onNew: () => void }) {
  const { domainId, contact } = props;
  const { t } = useTranslation();
  // Reading marks them read on the server: the contacts' unread counts and last lines change (onNew).
  const read = useCallback((id: string, after: number) => readAfter(domainId, id, after), [domainId]);
  const source = { resource: CONVERSATIONS_LIVE_RESOURCE, read };
  const { view, failed, take } = useMessageLog(source, contact.id, props.onNew);
  const state = view.state ?? contact.state;
  const typing = useTypingSender((on) => sendTyping(domainId, contact.id, on));
  const visitorTyping = useTyping(contact.id) !== null;
  const save = useSaveForm<typeof messageSchema, { text: string }>({
    schema: messageSchema,
    initialValues: { text: '' },
    save: async (data) => {
      typing.sent();
      take(await reply(domainId, contact.id, data.text));
    },
    resetAfterSave: true,
  });
  // An empty reply is nothing to send, as in the support chat and the website widget
  // (outgoing-text.ts): Send is off, Enter does nothing, and leaving the box says nothing. What is
  // typed is checked by the schema the server runs (its length), with its words.
  const typed = textToSend(Form.useWatch('text', save.form) ?? '');
  const send = () => {
    if (typed !== null) void save.submit();
  };
  const replyRule: Rule = {
    validator: async (_, value?: string) => {
      const text = textToSend(value ?? '');
      const parsed = text === null ? null : messageSchema.safeParse({ text });
      if (parsed && !parsed.success) throw new Error(translateMessage(t, parsed.error.issues[0]!.message));
    },
  };
  const move = (status: LiveStatus) =>
    setLiveStatus(domainId, contact.id, status).then(take, (error: unknown) => save.showError(error));
  const name = contact.visitorName || t('chat.visitor');

  return (
    <section className="chat-conversation" aria-labelledby="chat-conversation-title">
      <Flex wrap gap="small" align="center" justify="space-between">
        <Flex gap="small" align="center" wrap>
          <h2 id="chat-conversation-title" className="chat-title">
            {name}
          </h2>
          <StateTag state={state} memberName={view.memberName ?? contact.memberName} />
        </Flex>
        <Flex gap="small" wrap>
          <LiveActions state={state} label={(a) => t(`chat.actions.${a}`)} onMove={(status) => void move(status)} />
        </Flex>
      </Flex>
      {contact.answers.length > 0 && (
        <dl className="chat-answers" aria-label={t('chat.conversation.answers')}>
          {contact.answers.map((a) => (
            <div key={a.question}>
              <dt>{a.question}</dt>
              <dd>{a.answer}</dd>
            </div>
          ))}
        </dl>
      )}
      {failed && <Alert type="warning" showIcon message={t('chat.conversation.loadFailed')} />}
      <MessageList messages={view.messages} />
      <p className="chat-typing" hidden={!visitorTyping}>
        {visitorTyping && t('chat.conversation.typing', { name })}
      </p>
      <FormError message={save.formError} />
      {state === 'closed' ? (
        <p className="chat-note">{t('chat.conversation.closedNote')}</p>
      ) : (
        <Form {...save.formProps} name="chat-reply" layout="vertical" className="chat-reply">
          <Form.Item
            name="text"
            label={t('chat.conversation.reply')}
            extra={t('chat.conversation.replyHint')}
            rules={[replyRule]}
          >
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              onChange={() => typing.input()}
              onBlur={() => typing.stop()}
              onPressEnter={(e) => {
                // The product brief, section 5: Enter sends, Shift+Enter adds a new line.
                if (e.shiftKey) return;
                e.preventDefault();
                send();
              }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.saving} disabled={typed === null}>
            {t('chat.conversation.send')}
          </Button>
        </Form>
      )}
    </section>
  );
}
