import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { requestRecoveryCode } from '../../providers/auth/auth-api';
import { errorText } from '../../providers/i18n/translate-message';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AuthPanel, AuthShell } from '../../ui/shell/AuthShell';
import { writeForgotMarker } from './forgot-marker';
import { FormAlert } from '../../ui/forms/FormAlert';
import { FormField } from '../../ui/forms/FormField';
import { TextInput } from '../../ui/forms/inputs';
import { useZodForm } from '../../ui/forms/use-zod-form';
import './auth.css';

/** /forgot-password: asks for the email the 6-digit recovery code goes to. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useZodForm((s) => s.forgotPasswordSchema, ['email'] as const);
  useDocumentTitle(t('forgot.title'));

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await requestRecoveryCode(email);
      writeForgotMarker({ email, checked: true, codeAccepted: false });
      navigate('/recovery-password');
    } catch (error) {
      setFailure(errorText(t, error));
      setSubmitting(false);
    }
  });

  return (
    <AuthShell>
      <AuthPanel title={t('forgot.title')} labelledBy="forgot-title">
        <p className="auth-intro" style={{ color: token.colorTextSecondary }}>
          {t('forgot.intro')}
        </p>
        {failure && <FormAlert type="error" message={failure} />}
        <form
          noValidate
          onSubmit={onSubmit}
          // The email field is focused as the page loads, so what a submit needs is fetched on the
          // person's first key or press instead of on focus: the page's first load stays as it was.
          onKeyDown={form.prefetch}
          onPointerDown={form.prefetch}
          aria-labelledby="forgot-title"
        >
          <FormField id="forgot-email" label={t('fields.email')} error={form.errors.email}>
            {(control) => (
              <TextInput
                {...control}
                autoFocus
                type="email"
                autoComplete="email"
                inputMode="email"
                size="large"
                value={form.values.email}
                onChange={(e) => form.setValue('email', e.target.value)}
              />
            )}
          </FormField>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('forgot.submit')}
          </Button>
        </form>
        <p className="auth-links">
          <Link to="/login">{t('forgot.backToSignIn')}</Link>
        </p>
      </AuthPanel>
    </AuthShell>
  );
}
