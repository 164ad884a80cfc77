import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConversationState } from '../../domain/chat/rules';

const COLOR: Record<ConversationState, string> = { bot: 'blue', waiting: 'gold', human: 'green', closed: 'default' };

/** A conversation's state in words: with the bot, waiting for a person, with <member>, closed. */
export function StateTag({ state, memberName }: { state: ConversationState; memberName: string | null }) {
  const { t } = useTranslation(['translation', 'chat']);
  const label =
    state === 'human'
      ? memberName
        ? t('chat.states.human', { name: memberName })
        : t('chat.states.humanYou')
      : t(`chat.states.${state}`);
  return (
    <Tag color={COLOR[state]} className="chat-state-tag">
      {label}
    </Tag>
  );
}
