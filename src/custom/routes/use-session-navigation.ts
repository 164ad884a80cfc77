import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StoredUser } from '../../domain/user';
import { showToast } from '../../providers/notification/toast-bus';
import { takeSignOutNote, takeSignOutReason } from '../../providers/session';

/**
 * Routes on session changes, wherever they come from (the login form, Refine's logout, a failed
 * token refresh, another tab): signed in → /dashboards; signed out → /login with a toast.
 */
export function useSessionNavigation(session: StoredUser | null): void {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const previous = useRef(session);

  useEffect(() => {
    const was = previous.current;
    previous.current = session;
    if (!was && session) navigate('/dashboards', { replace: true });
    if (was && !session) {
      navigate('/login', { replace: true });
      const reason = takeSignOutReason();
      const note = takeSignOutNote();
      if (reason === 'expired' && note) {
        // The server said why it ended the session (the password changed elsewhere, the account
        // disabled): say that, in the reader's language, rather than 'the session has expired'.
        void import('../../providers/i18n/translate-message').then(({ translateMessage }) =>
          showToast({ kind: 'message', type: 'warning', content: translateMessage(t, note) }),
        );
      } else if (reason === 'expired')
        showToast({ kind: 'message', type: 'warning', content: t('messages.refreshTokenInvalid') });
      else if (reason) showToast({ kind: 'message', type: 'success', content: t('messages.sessionClosed') });
    }
  }, [session, navigate, t]);
}
