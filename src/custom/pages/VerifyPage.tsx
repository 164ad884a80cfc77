import { useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button, Flex, theme, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRecoveryCode, isTotpCode } from '../../domain/schemas/two-factor';
import { authorizeTwoFactor } from '../../providers/auth/two-factor-api';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useSession, useTwoFactorValidated } from '../../providers/use-session';
import { AuthPanel, AuthShell } from '../../ui/shell/AuthShell';
import { FormAlert } from '../../ui/forms/FormAlert';
import { codeText, otpDigits, RECOVERY_CODE_MAX } from '../../ui/forms/code-text';
import { FormField } from '../../ui/forms/FormField';
import { TextInput } from '../../ui/forms/inputs';
import { useDocumentTitle } from '../../ui/use-document-title';
import { LogoutButton } from './LogoutButton';

type Mode = 'app' | 'recovery';

/**
 * /verify, the two-factor screen (product brief sections 2, 4, 5 and 8): a 6-digit code from the
 * authenticator app (Verify is enabled only with exactly 6 digits), or a recovery code. Success
 * sets the `valid` cookie and goes to /; a failure shows in an alert and clears the input if it
 * still holds the refused code, never what was typed since.
 * Cancel signs out.
 */
export default function VerifyPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const user = useSession()?.userData;
  const validated = useTwoFactorValidated();
  const [mode, setMode] = useState<Mode>('app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<InputRef>(null);
  useDocumentTitle(t('verify.title'));

  // Nothing to verify: two-factor is off, or this browser already passed it.
  if (user && (!user.settings.twoFactor || validated) && !submitting) return <Navigate to="/" replace />;

  const ready = mode === 'app' ? isTotpCode(code) : isRecoveryCode(code);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || submitting) return;
    const sent = code;
    setSubmitting(true);
    setError(null);
    try {
      const result = await authorizeTwoFactor(sent);
      if (result.usedRecoveryCode) {
        showToast({
          kind: 'message',
          type: 'warning',
          content: t('verify.recoveryAccepted', { count: result.recoveryCodesLeft }),
          key: 'recovery-code-used',
        });
      }
      navigate('/', { replace: true });
    } catch (err) {
      setError(errorText(t, err));
      // The refused code goes; digits typed while it was checked stay (the box is not locked then).
      setCode((current) => (current === sent ? '' : current));
      setSubmitting(false);
      input.current?.focus();
    }
  };

  const switchMode = () => {
    setMode(mode === 'app' ? 'recovery' : 'app');
    setCode('');
    setError(null);
    // The new field replaces the old one; focus it once it is there.
    setTimeout(() => input.current?.focus(), 0);
  };

  const app = mode === 'app';
  return (
    <AuthShell>
      <AuthPanel title={t('verify.title')} labelledBy="verify-title">
        <p style={{ marginTop: 0, color: token.colorTextSecondary }}>
          {t(app ? 'verify.intro' : 'verify.recoveryIntro')}
        </p>
        {error && <FormAlert type="error" message={error} style={{ marginBottom: token.marginLG }} />}
        <form noValidate onSubmit={submit} aria-labelledby="verify-title">
          <FormField id="verify-code" label={t(app ? 'verify.codeLabel' : 'verify.recoveryLabel')}>
            {(control) => (
              <TextInput
                {...control}
                key={mode}
                ref={input}
                autoFocus
                size="large"
                autoComplete="one-time-code"
                inputMode={app ? 'numeric' : 'text'}
                spellCheck={false}
                autoCapitalize="none"
                style={{ letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' }}
                value={code}
                onChange={(e) => setCode(app ? otpDigits(e.target.value) : codeText(e.target.value, RECOVERY_CODE_MAX))}
              />
            )}
          </FormField>
          <Flex vertical gap={token.marginSM}>
            <Button type="primary" htmlType="submit" size="large" block disabled={!ready} loading={submitting}>
              {t('verify.submit')}
            </Button>
            <LogoutButton size="large" block disabled={submitting}>
              {t('verify.cancel')}
            </LogoutButton>
            <Button type="link" onClick={switchMode} disabled={submitting}>
              {t(app ? 'verify.useRecovery' : 'verify.useApp')}
            </Button>
          </Flex>
        </form>
      </AuthPanel>
    </AuthShell>
  );
}
