import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslate, useWarnAboutChange } from '@refinedev/core';

const pushGuard = () =>
  window.history.pushState({ ...window.history.state, leaveGuard: true }, '', window.location.href);

/**
 * Unsaved-changes warning for a form. Refine's `warnWhen` (with <UnsavedChangesNotifier/> in
 * LoggedInApp) covers links, in-app navigation and closing / reloading the tab. The browser's
 * Back button is not a navigation React Router can block under <BrowserRouter>, so while the
 * form is dirty one extra history entry (same URL) sits on top: Back lands on it, and we ask.
 */
export function useLeaveGuard() {
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const translate = useTranslate();
  const armed = useRef(false);
  const latest = useRef({ message: '', setWarnWhen });
  latest.current = {
    message: translate('warnWhenUnsavedChanges', 'Are you sure you want to leave? You have unsaved changes.'),
    setWarnWhen,
  };

  useEffect(() => {
    if (warnWhen && !armed.current) {
      armed.current = true;
      pushGuard();
    }
  }, [warnWhen]);

  useEffect(() => {
    const onPop = () => {
      if (!armed.current) return;
      if (window.confirm(latest.current.message)) {
        armed.current = false;
        latest.current.setWarnWhen(false);
        window.history.back();
      } else {
        pushGuard();
      }
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      armed.current = false;
      latest.current.setWarnWhen(false);
    };
  }, []);

  const markDirty = useCallback(() => setWarnWhen(true), [setWarnWhen]);

  // After a save: navigate only once the warning is off (the notifier's navigation block is
  // lifted in the same commit), replacing the extra Back entry when there is one.
  const navigate = useNavigate();
  const [leaveTo, setLeaveTo] = useState<{ to: string; replace: boolean } | null>(null);
  useEffect(() => {
    if (leaveTo && !warnWhen) navigate(leaveTo.to, { replace: leaveTo.replace });
  }, [leaveTo, warnWhen, navigate]);
  const leaveAfterSave = useCallback(
    (to: string) => {
      setLeaveTo({ to, replace: armed.current });
      armed.current = false;
      setWarnWhen(false);
    },
    [setWarnWhen],
  );
  return { markDirty, leaveAfterSave };
}
