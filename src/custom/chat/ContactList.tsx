import { Badge, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../domain/chat/wire';
import { useClock } from '../../ui/venue/use-clock';
import { StateTag } from './StateTag';

/** A domain's conversations, latest first: who, state, last message, unread count; check boxes for bulk actions. */
export function ContactList(props: {
  contacts: Contact[];
  openId: string | null;
  onOpen: (id: string) => void;
  /** Check boxes for bulk actions; without them, none (IT's support-chat inbox has no bulk actions). */
  selected?: string[];
  onSelect?: (ids: string[]) => void;
}) {
  const { t } = useTranslation(['translation', 'chat']);
  const clock = useClock();
  const { contacts, openId, selected = [], onSelect } = props;
  const toggle = (id: string, on: boolean) => onSelect?.(on ? [...selected, id] : selected.filter((x) => x !== id));

  // A system message last (asked for a person, taken over, closed) has no text of its own: the
  // state tag beside it already says what happened, so no line repeats it ("Waiting for a person" twice).
  const lastLine = (c: Contact) => (c.lastAuthor === 'system' ? null : c.lastMessage);

  return (
    <ul className="chat-contacts">
      {contacts.map((c) => {
        const name = c.visitorName || t('chat.visitor');
        return (
          <li key={c.id} className={c.id === openId ? 'chat-contact chat-contact-open' : 'chat-contact'}>
            {onSelect && (
              <Checkbox
                checked={selected.includes(c.id)}
                onChange={(e) => toggle(c.id, e.target.checked)}
                aria-label={t('chat.inbox.select', { name })}
              />
            )}
            <button type="button" className="chat-contact-open-button" onClick={() => props.onOpen(c.id)}>
              <span className="chat-contact-head">
                <strong>{name}</strong>
                {c.unread > 0 && <Badge count={c.unread} aria-label={t('chat.inbox.unread', { count: c.unread })} />}
              </span>
              {lastLine(c) && <span className="chat-contact-last">{lastLine(c)}</span>}
              <span className="chat-contact-foot">
                <StateTag state={c.state} memberName={c.memberName} />
                <time dateTime={c.lastMessageAt}>{clock.dateTime(c.lastMessageAt)}</time>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
