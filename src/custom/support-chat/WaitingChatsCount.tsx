import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../ui/badges/CountBadge';
import { useDeskContacts } from './support-chat-api';

/**
 * The number of support chats waiting for a person beside IT's Support Chat link. The inbox's own
 * contacts query, filtered to waiting, re-read when the live channel names a change like the
 * inbox, so the count and the inbox never disagree. Nothing is shown at zero.
 */
export default function WaitingChatsCount() {
  const { t } = useTranslation(['translation', 'support-chat']);
  const { contacts } = useDeskContacts('waiting');
  const waiting = contacts?.length ?? 0;
  if (!waiting) return null;
  const label = t('supportChat.desk.waitingCount', { count: waiting });
  return <CountBadge count={waiting} className="sidebar-count" label={label} />;
}
