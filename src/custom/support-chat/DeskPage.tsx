import { Alert, Button, Empty, Flex } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONVERSATION_STATES, type ConversationState } from '../../domain/chat/rules';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ContactList, useOpenContact } from '../chat';
import { DeskConversation } from './DeskConversation';
import { useDeskContacts } from './support-chat-api';
import './support-chat.css';

/**
 * support_chat (IT): every business's support chats with the platform, by state, one open beside
 * them (below them on a phone). The live chat's inbox parts; the state filter and the open chat
 * are in the address.
 */
export default function DeskPage() {
  const { t } = useTranslation(['translation', 'support-chat']);
  useDocumentTitle(t('pages.support_chat'));
  const [params, setParams] = useSearchParams();
  const state = CONVERSATION_STATES.find((s) => s === params.get('state'));
  const openId = params.get('open');
  const { contacts, query } = useDeskContacts(state);
  // Kept open when it leaves the state filter (taken over from "Waiting for a person").
  const open = useOpenContact(contacts, openId);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };

  return (
    <PagePanel title={t('pages.support_chat')} intro={t('supportChat.desk.intro')}>
      <Flex wrap gap="middle" align="end" className="chat-toolbar">
        <label className="chat-field">
          <span>{t('supportChat.desk.show')}</span>
          <Select<ConversationState | 'all'>
            className="chat-select"
            value={state ?? 'all'}
            options={[
              { value: 'all', label: t('supportChat.desk.all') },
              ...CONVERSATION_STATES.map((s) => ({ value: s, label: t(`supportChat.desk.states.${s}`) })),
            ]}
            onChange={(value) => set('state', value === 'all' ? null : value)}
          />
        </label>
      </Flex>
      {query.error && <Alert type="error" showIcon message={t('supportChat.loadFailed')} />}
      <div className={open ? 'chat-layout chat-layout-open' : 'chat-layout'}>
        <div className="chat-list">
          {contacts && contacts.length === 0 ? (
            <Empty description={t('supportChat.desk.empty')} />
          ) : (
            <ContactList contacts={contacts ?? []} openId={openId} onOpen={(id) => set('open', id)} />
          )}
        </div>
        <div className="chat-open">
          {open ? (
            <>
              <Button type="link" className="chat-back" onClick={() => set('open', null)}>
                {t('supportChat.desk.back')}
              </Button>
              <DeskConversation key={open.id} contact={open} onChange={() => void query.refetch()} />
            </>
          ) : (
            <p className="chat-note">{t('supportChat.desk.pick')}</p>
          )}
        </div>
      </div>
    </PagePanel>
  );
}
