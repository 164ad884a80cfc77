/**
 * Passkey sign-in on the login page: autofill (conditional mediation) started on mount, so the
 * email field offers this site's passkeys, plus the "Sign in with a passkey" button. The
 * product brief, section 5 (Validation rules): without conditional-mediation support it fails
 * with 'Mediation is not supported :('.
 * Everything WebAuthn is imported here on mount, after the page has rendered.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort, loadWebAuthnSignIn } from '../../ui/passkeys/passkey-ceremony';

export type PasskeySupport = 'checking' | 'supported' | 'unsupported';

/** Autofill is re-armed after a failed try, a few times per visit (not forever if the server is down). */
const AUTOFILL_RESTARTS = 3;

export function usePasskeySignIn(onFailure: (text: string | null) => void) {
  const { t } = useTranslation();
  const [support, setSupport] = useState<PasskeySupport>('checking');
  const [pending, setPending] = useState(false);
  const mounted = useRef(false);
  const restarts = useRef(0);
  const failure = useRef(onFailure);
  failure.current = onFailure;

  const attempt = useCallback(
    async (autofill: boolean): Promise<'ok' | 'aborted' | 'failed'> => {
      try {
        const { signInWithPasskey } = await import('./passkey-api');
        // On success the session watcher in App takes the user to their home.
        await signInWithPasskey({ autofill, stillWanted: () => mounted.current });
        return 'ok';
      } catch (error) {
        // Aborted = another ceremony took over (the button) or the page is leaving: not a failure.
        if (isAbort(error)) return 'aborted';
        // Autofill waits silently: a browser that refuses to wait (an IP address is no RP ID) or
        // a server that cannot give options must not greet the visitor with an error. Only a
        // passkey the user picked and the server refused is worth saying something about.
        const picked = (error as { stage?: string }).stage === 'verify';
        if (autofill && !picked) return 'aborted';
        // The text reads the message catalogue, fetched only now that there is something to say;
        // if even that cannot load, the connection is what failed.
        const text = await import('../../ui/passkeys/passkey-error-text').then(
          ({ passkeyErrorText }) => passkeyErrorText(t, error),
          () => t('messages.connectionError'),
        );
        if (mounted.current) failure.current(text);
        return 'failed';
      }
    },
    [t],
  );

  const armAutofill = useCallback(async () => {
    while (mounted.current && (await attempt(true)) === 'failed' && restarts.current < AUTOFILL_RESTARTS) {
      restarts.current += 1;
    }
  }, [attempt]);

  useEffect(() => {
    mounted.current = true;
    void (async () => {
      try {
        const webauthn = await loadWebAuthnSignIn();
        const ok = webauthn.browserSupportsWebAuthn() && (await webauthn.browserSupportsWebAuthnAutofill());
        if (!mounted.current) return;
        setSupport(ok ? 'supported' : 'unsupported');
        if (ok) void armAutofill();
      } catch {
        if (mounted.current) setSupport('unsupported');
      }
    })();
    return () => {
      mounted.current = false;
      // Leaving the page: stop the waiting autofill ceremony so the browser lets go of it.
      void loadWebAuthnSignIn()
        .then((webauthn) => webauthn.WebAuthnAbortService.cancelCeremony())
        .catch(() => undefined);
    };
  }, [armAutofill]);

  /** The button: the browser asks at once (this cancels the autofill wait, re-armed afterwards). */
  const signInWithButton = useCallback(async () => {
    if (support !== 'supported') {
      failure.current(t('messages.mediationNotSupported'));
      return;
    }
    failure.current(null);
    setPending(true);
    const outcome = await attempt(false);
    if (!mounted.current) return;
    setPending(false);
    if (outcome !== 'ok') void armAutofill();
  }, [armAutofill, attempt, support, t]);

  return { support, pending, signInWithButton };
}
