import { useRef, useState } from 'react';
import { Alert, Button, Empty, Flex, Switch } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CONVERSATION_STATES, type ConversationState } from '../../domain/chat/rules';
import { showToast } from '../../providers/notification/toast-bus';
import { errorText } from '../../providers/i18n/translate-message';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AnswerFilter } from './AnswerFilter';
import { archiveChats, deleteChats, useChatDomains, useContacts } from './chat-api';
import { ContactList } from './ContactList';
import { ConversationPanel } from './ConversationPanel';
import { useOpenContact } from './use-open-contact';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './chat.css';

/**
 * conversations (CLUBOWNER, USER): a domain's conversations with its bot, by state and by a filter
 * question's answer, and one open beside them (below them on a phone, with a way back). The
 * domain, filters and open conversation are in the address, so a reload or a link lands on the
 * same view.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.conversations'));
  const [params, setParams] = useSearchParams();
  const { domains } = useChatDomains();
  const asked = params.get('domain');
  // An address naming a domain that is not one of theirs (deleted since a notification linked it,
  // another business's, mangled) leads nowhere: said as such, and nothing is asked about it.
  const unknown = Boolean(asked && domains && !domains.some((d) => d.id === asked));
  const domainId = unknown ? '' : (asked ?? domains?.[0]?.id ?? '');
  const stateParam = params.get('state');
  const state = CONVERSATION_STATES.find((s) => s === stateParam);
  const archived = params.get('archived') === 'true';
  const openId = params.get('open');
  const [question, answer] = [params.get('question'), params.get('answer')];
  const answered = question && answer ? { question, answer } : null;
  const { contacts, query } = useContacts(domainId, state, archived, answered);
  const [selected, setSelected] = useState<string[]>([]);
  // One archive or delete at a time: a double-click sent the same ids twice and said so twice.
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const open = useOpenContact(contacts, openId);

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes))
      if (v) next.set(k, v);
      else next.delete(k);
    setParams(next);
    if (!('open' in changes)) setSelected([]);
  };

  const bulk = async (kind: 'archive' | 'delete') => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const { ids } =
        kind === 'archive' ? await archiveChats(domainId, selected) : await deleteChats(domainId, selected);
      const done = kind === 'archive' ? 'chat.inbox.archivedDone' : 'chat.inbox.deletedDone';
      showToast({ kind: 'message', type: 'success', content: t(done, { count: ids.length }) });
      setSelected([]);
      if (openId && ids.includes(openId)) set({ open: null });
      void query.refetch();
    } catch (error) {
      // Refused or not sent (the domain removed in another tab, the connection gone): say so, as
      // the page otherwise looks as if nothing was pressed.
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  if (domains && domains.length === 0)
    return (
      <PagePanel title={t('pages.conversations')} intro={t('chat.inbox.intro')}>
        <Empty description={t('chat.inbox.noDomains')}>
          <Link to="/settings/domains/add">{t('chat.inbox.addDomain')}</Link>
        </Empty>
      </PagePanel>
    );

  return (
    <PagePanel title={t('pages.conversations')} intro={t('chat.inbox.intro')}>
      <Flex wrap gap="middle" align="end" className="chat-toolbar">
        <label className="chat-field">
          <span>{t('chat.inbox.domain')}</span>
          <Select
            className="chat-select"
            value={domainId || undefined}
            loading={!domains}
            options={(domains ?? []).map((d) => ({ value: d.id, label: d.unicodeName || d.name }))}
            onChange={(value: string) => set({ domain: value, open: null, question: null, answer: null })}
          />
        </label>
        <label className="chat-field">
          <span>{t('chat.inbox.state')}</span>
          <Select<ConversationState | 'all'>
            className="chat-select"
            value={state ?? 'all'}
            options={[
              { value: 'all', label: t('chat.inbox.allStates') },
              ...CONVERSATION_STATES.map((s) => ({
                value: s,
                label: t(`chat.states.${s === 'human' ? 'humanYou' : s}`),
              })),
            ]}
            onChange={(value) => set({ state: value === 'all' ? null : value })}
          />
        </label>
        {domainId && (
          <AnswerFilter
            domainId={domainId}
            value={answered}
            onChange={(v) => set({ question: v?.question ?? null, answer: v?.answer ?? null })}
          />
        )}
        <label className="chat-switch">
          <Switch checked={archived} onChange={(on) => set({ archived: on ? 'true' : null })} />
          <span>{t('chat.inbox.archived')}</span>
        </label>
        {domainId && (
          <Link to={`/conversations/${domainId}/settings`} className="chat-toolbar-link">
            {t('chat.inbox.settings')}
          </Link>
        )}
      </Flex>
      {selected.length > 0 && (
        <Flex gap="small" align="center" wrap className="chat-bulk">
          <span>{t('chat.inbox.selected', { count: selected.length })}</span>
          {!archived && (
            <Button loading={busy} onClick={() => void bulk('archive')}>
              {t('chat.inbox.archive')}
            </Button>
          )}
          <SteadyPopconfirm
            title={t('chat.inbox.deleteConfirm', { count: selected.length })}
            okText={t('chat.inbox.delete')}
            onConfirm={() => bulk('delete')}
          >
            <Button danger>{t('chat.inbox.delete')}</Button>
          </SteadyPopconfirm>
        </Flex>
      )}
      {unknown && <Alert type="warning" showIcon message={t('chat.inbox.notFound')} />}
      {query.error && <Alert type="error" showIcon message={t('chat.inbox.loadFailed')} />}
      {!unknown && (
        <div className={open ? 'chat-layout chat-layout-open' : 'chat-layout'}>
          <div className="chat-list">
            {contacts && contacts.length === 0 ? (
              <Empty description={t('chat.inbox.empty')} />
            ) : (
              <ContactList
                contacts={contacts ?? []}
                openId={openId}
                onOpen={(id) => set({ open: id })}
                selected={selected}
                onSelect={setSelected}
              />
            )}
          </div>
          <div className="chat-open">
            {open ? (
              <>
                <Button type="link" className="chat-back" onClick={() => set({ open: null })}>
                  {t('chat.inbox.back')}
                </Button>
                <ConversationPanel
                  key={open.id}
                  domainId={domainId}
                  contact={open}
                  onNew={() => void query.refetch()}
                />
              </>
            ) : (
              <p className="chat-note">{t('chat.inbox.pick')}</p>
            )}
          </div>
        </div>
      )}
    </PagePanel>
  );
}
