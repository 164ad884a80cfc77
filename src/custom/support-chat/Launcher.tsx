import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { hasSupportChat } from '../../domain/chat/support-roles';
import type { UserData } from '../../domain/user';
import { setTyping } from '../../providers/live/typing-store';
import { useStepAside } from './use-step-aside';
import './launcher.css';

// The panel (and the chat area's parts it draws) is a chunk of its own, fetched on the first open.
const SupportChatPanel = lazy(() => import('./SupportChatPanel'));

/**
 * The in-app support chat's launcher (the product brief, sections 1, 4 and 6): for every role
 * but ADMIN and VENUEEMPLOYEE when the account has a business. Closing hides the panel; leaving
 * resets it: the panel is keyed by the signed-in user and business, so a business switch or
 * another user signing in on the same page draws a new, empty one (and a sign-out unmounts the
 * layout). The chat's messages live only in the panel's state (docs/live-chat.md).
 */
export function SupportChatLauncher({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const owner = `${user.id}:${user.business?.id ?? ''}`;
  const [state, setState] = useState({ owner, open: false, loaded: false });
  if (state.owner !== owner) {
    setState({ owner, open: false, loaded: false });
    setTyping(null);
  }
  const shown = hasSupportChat(user);
  // On a phone it steps aside while the page has a control under it (use-step-aside.ts).
  useStepAside(button, shown);
  if (!shown) return null;
  const close = () => {
    setState((s) => ({ ...s, open: false }));
    button.current?.focus();
  };
  return (
    <>
      {state.loaded && state.owner === owner && (
        <Suspense fallback={null}>
          <SupportChatPanel key={owner} open={state.open} onClose={close} />
        </Suspense>
      )}
      <Button
        ref={button}
        type="primary"
        shape="circle"
        className="support-chat-launcher"
        icon={<MessageOutlined aria-hidden />}
        aria-label={t('layout.supportChat')}
        aria-expanded={state.open}
        onClick={() => setState((s) => ({ ...s, open: !s.open, loaded: true }))}
      />
    </>
  );
}
