import { Alert, Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../../domain/chat/rules';
import { messageSchema } from '../../domain/chat/rules';
import type { Contact } from '../../domain/chat/wire';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { reply, setLiveStatus } from './chat-api';
import { MessageList } from './MessageList';
import { StateTag } from './StateTag';
import { useConversation } from './use-conversation';

/** One conversation: its state and actions (take over, hand back, close, reopen), messages live, a reply. */
export function ConversationPanel(props: { domainId: string; contact: Contact; onNew: () => void }) {
  const { domainId, contact } = props;
  const { t } = useTranslation();
  const { view, failed, take } = useConversation(domainId, contact.id, props.onNew);
  const state = view.state ?? contact.state;
  const save = useSaveForm<typeof messageSchema, { text: string }>({
    schema: messageSchema,
    initialValues: { text: '' },
    save: async (data) => take(await reply(domainId, contact.id, data.text)),
    resetAfterSave: true,
  });
  const move = (status: LiveStatus) =>
    setLiveStatus(domainId, contact.id, status).then(take, (error: unknown) => save.showError(error));
  const action = (status: LiveStatus, label: string) => (
    <Button onClick={() => void move(status)}>{t(`chat.actions.${label}`)}</Button>
  );
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
          {state !== 'human' && state !== 'closed' && action('human', 'takeOver')}
          {(state === 'human' || state === 'waiting') && action('bot', 'handBack')}
          {state !== 'closed' ? action('closed', 'close') : action('human', 'reopen')}
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
      <FormError message={save.formError} />
      {state === 'closed' ? (
        <p className="chat-note">{t('chat.conversation.closedNote')}</p>
      ) : (
        <Form {...save.formProps} name="chat-reply" layout="vertical">
          <Form.Item
            name="text"
            label={t('chat.conversation.reply')}
            extra={t('chat.conversation.replyHint')}
            rules={save.rules('text')}
          >
            <Input.TextArea
              autoSize={{ minRows: 1, maxRows: 4 }}
              onPressEnter={(e) => {
                // The product brief, section 5: Enter sends, Shift+Enter adds a new line.
                if (e.shiftKey) return;
                e.preventDefault();
                void save.submit();
              }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.saving}>
            {t('chat.conversation.send')}
          </Button>
        </Form>
      )}
    </section>
  );
}
