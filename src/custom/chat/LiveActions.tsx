import { Button } from 'antd';
import type { ConversationState, LiveStatus } from '../../domain/chat/rules';

/**
 * The live-status buttons a person sees on a conversation (the brief's PATCH live status): take
 * over unless a person has it or it is closed; hand back to the bot while a person has it or it
 * waits; close, or reopen a closed one. One rule for the business inbox and IT's support desk,
 * each wording the buttons in its own strings.
 */
export function LiveActions(props: {
  state: ConversationState;
  label: (action: 'takeOver' | 'handBack' | 'close' | 'reopen') => string;
  onMove: (status: LiveStatus) => void;
  disabled?: boolean;
}) {
  const { state, label, onMove, disabled } = props;
  const button = (status: LiveStatus, action: Parameters<typeof label>[0]) => (
    <Button disabled={disabled} onClick={() => onMove(status)}>
      {label(action)}
    </Button>
  );
  return (
    <>
      {state !== 'human' && state !== 'closed' && button('human', 'takeOver')}
      {(state === 'human' || state === 'waiting') && button('bot', 'handBack')}
      {state !== 'closed' ? button('closed', 'close') : button('human', 'reopen')}
    </>
  );
}
