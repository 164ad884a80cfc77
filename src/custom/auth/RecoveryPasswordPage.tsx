import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { resendRecoveryCode, setRecoveredPassword, verifyRecoveryCode } from '../../providers/auth/auth-api';
import { isApiError } from '../../providers/http';
import { errorText } from '../../providers/i18n/translate-message';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AuthPanel, AuthShell } from '../../ui/shell/AuthShell';
import { clearForgotMarker, readForgotMarker, writeForgotMarker, type ForgotMarker } from './forgot-marker';
import { FormAlert } from '../../ui/forms/FormAlert';
import { otpDigits } from '../../ui/forms/code-text';
import { FormField } from '../../ui/forms/FormField';
import { PasswordInput, TextInput } from '../../ui/forms/inputs';
import type { LoginNotice } from './LoginPage';
import { useZodForm } from '../../ui/forms/use-zod-form';
import './auth.css';

type Feedback = { type: 'error' | 'success'; text: string } | null;

function FeedbackAlert({ feedback }: { feedback: Feedback }) {
  if (!feedback) return null;
  return <FormAlert type={feedback.type} message={feedback.text} />;
}

/** Step 1: the 6-digit code from the email, with a way to ask for a new one. */
function CodeStep({ email, onAccepted }: { email: string; onAccepted: (code: string) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const form = useZodForm((s) => s.recoveryChangePasswordSchema, ['email', 'code'] as const, { email });

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setBusy('verify');
    setFeedback(null);
    try {
      await verifyRecoveryCode(email, code);
      onAccepted(code);
    } catch (error) {
      setFeedback({ type: 'error', text: errorText(t, error) });
      setBusy(null);
    }
  });

  const resend = async () => {
    setBusy('resend');
    setFeedback(null);
    try {
      await resendRecoveryCode(email);
      setFeedback({ type: 'success', text: t('messages.codeSent') });
    } catch (error) {
      setFeedback({ type: 'error', text: errorText(t, error) });
    }
    setBusy(null);
  };

  return (
    <>
      <p className="auth-intro" style={{ color: token.colorTextSecondary }}>
        {t('recovery.codeIntro', { email })}
      </p>
      <FeedbackAlert feedback={feedback} />
      <form noValidate onSubmit={onSubmit} onFocus={form.prefetch} aria-labelledby="recovery-title">
        <FormField id="recovery-code" label={t('fields.code')} error={form.errors.code ?? form.errors.email}>
          {(control) => (
            <TextInput
              {...control}
              autoFocus
              autoComplete="one-time-code"
              inputMode="numeric"
              size="large"
              className="auth-code"
              value={form.values.code}
              onChange={(e) => form.setValue('code', otpDigits(e.target.value))}
            />
          )}
        </FormField>
        <Flex vertical gap={token.marginSM}>
          <Button type="primary" htmlType="submit" size="large" block loading={busy === 'verify'}>
            {t('recovery.verifyCode')}
          </Button>
          <Button size="large" block onClick={resend} loading={busy === 'resend'} disabled={busy === 'verify'}>
            {t('recovery.resendCode')}
          </Button>
        </Flex>
      </form>
    </>
  );
}

/** Step 2: the new password, twice. */
function PasswordStep({
  email,
  code,
  onCodeRejected,
}: {
  email: string;
  code: string;
  onCodeRejected: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useZodForm((s) => s.newPasswordFormSchema, ['password', 'confirmPassword'] as const);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setSubmitting(true);
    setFeedback(null);
    try {
      await setRecoveredPassword(email, code, password);
      clearForgotMarker();
      const state: LoginNotice = { notice: 'passwordChanged' };
      navigate('/', { replace: true, state });
    } catch (error) {
      const text = errorText(t, error);
      // The code expired or was used meanwhile: back to step 1 to get a new one.
      if (isApiError(error) && error.errors.code) onCodeRejected(text);
      else setFeedback({ type: 'error', text });
      setSubmitting(false);
    }
  });

  return (
    <>
      <p className="auth-intro" style={{ color: token.colorTextSecondary }}>
        {t('recovery.passwordIntro')}
      </p>
      <FeedbackAlert feedback={feedback} />
      <form noValidate onSubmit={onSubmit} onFocus={form.prefetch} aria-labelledby="recovery-title">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField
          id="recovery-password"
          label={t('fields.newPassword')}
          error={form.errors.password}
          hint={t('recovery.passwordHint')}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoFocus
              autoComplete="new-password"
              size="large"
              value={form.values.password}
              onChange={(e) => form.setValue('password', e.target.value)}
            />
          )}
        </FormField>
        <FormField id="recovery-confirm" label={t('fields.confirmPassword')} error={form.errors.confirmPassword}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              size="large"
              value={form.values.confirmPassword}
              onChange={(e) => form.setValue('confirmPassword', e.target.value)}
            />
          )}
        </FormField>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          {t('recovery.changePassword')}
        </Button>
      </form>
    </>
  );
}

/**
 * /recovery-password: code, then new password (the product brief, section 2, Screens and routes). The route guard has checked
 * the forgotUser marker. The code itself stays in memory only; after a reload the user types
 * it again (it is still valid until used).
 */
export default function RecoveryPasswordPage() {
  const { t } = useTranslation();
  const [marker, setMarker] = useState<ForgotMarker | null>(readForgotMarker);
  const [code, setCode] = useState<string | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  useDocumentTitle(t('recovery.title'));
  if (!marker) return null;

  const update = (next: ForgotMarker) => {
    writeForgotMarker(next);
    setMarker(next);
  };

  return (
    <AuthShell>
      <AuthPanel title={t('recovery.title')} labelledBy="recovery-title">
        {rejection && <FormAlert type="error" message={rejection} />}
        {marker.codeAccepted && code ? (
          <PasswordStep
            email={marker.email}
            code={code}
            onCodeRejected={(text) => {
              setRejection(text);
              setCode(null);
              update({ ...marker, codeAccepted: false });
            }}
          />
        ) : (
          <CodeStep
            email={marker.email}
            onAccepted={(accepted) => {
              setRejection(null);
              setCode(accepted);
              update({ ...marker, codeAccepted: true });
            }}
          />
        )}
        <p className="auth-links">
          <Link to="/forgot-password" replace onClick={clearForgotMarker}>
            {t('recovery.useAnotherEmail')}
          </Link>
          <span aria-hidden> · </span>
          <Link to="/login">{t('forgot.backToSignIn')}</Link>
        </p>
      </AuthPanel>
    </AuthShell>
  );
}
