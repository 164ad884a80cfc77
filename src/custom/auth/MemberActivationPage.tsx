import { useState, type ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { activateMember, resendMemberCode } from '../../providers/auth/member-api';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AuthPanel, AuthShell } from '../../ui/shell/AuthShell';
import { FormAlert } from '../../ui/forms/FormAlert';
import { codeText } from '../../ui/forms/code-text';
import { FormField } from '../../ui/forms/FormField';
import { PasswordInput, TextInput } from '../../ui/forms/inputs';
import { useZodForm } from '../../ui/forms/use-zod-form';
import './auth.css';

const FIELDS = ['email', 'code', 'password', 'confirmPassword'] as const;

/**
 * /member-activation: the page an invitation email links to. The invited venue employee
 * enters the emailed code and chooses a password; success signs them in.
 */
export default function MemberActivationPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useZodForm((s) => s.memberActivationFormSchema, FIELDS, { email: params.get('email') ?? '' });
  useDocumentTitle(t('member.title'));

  const fail = (error: unknown) => setFailure(errorText(t, error));

  // On success the session watcher in App opens the signed-in app.
  const onSubmit = form.handleSubmit(async ({ email, code, password }) => {
    setSubmitting(true);
    setFailure(null);
    setNotice(null);
    try {
      await activateMember(email, code, password);
    } catch (error) {
      fail(error);
      form.setValue('code', '');
      setSubmitting(false);
    }
  });

  const resend = async () => {
    setFailure(null);
    if (!form.values.email.trim()) return setFailure(t('messages.emailRequired'));
    try {
      setNotice(translateMessage(t, await resendMemberCode(form.values.email.trim())));
    } catch (error) {
      fail(error);
    }
  };

  const input = (field: (typeof FIELDS)[number], type: string, autoComplete: string, extra: object = {}) => (
    <FormField id={`member-${field}`} label={t(`member.fields.${field}`)} error={form.errors[field]}>
      {(control) => {
        const props = {
          ...control,
          ...extra,
          autoComplete,
          size: 'large' as const,
          value: form.values[field],
          onChange: (e: ChangeEvent<HTMLInputElement>) =>
            form.setValue(field, field === 'code' ? codeText(e.target.value) : e.target.value),
        };
        // A new password with the show/hide eye, as on the sign-up and reset pages.
        return type === 'password' ? <PasswordInput {...props} /> : <TextInput {...props} type={type} />;
      }}
    </FormField>
  );

  return (
    <AuthShell>
      <AuthPanel title={t('member.title')} labelledBy="member-title">
        <p className="auth-intro" style={{ color: token.colorTextSecondary }}>
          {t('member.intro')}
        </p>
        {failure && <FormAlert type="error" message={failure} />}
        {notice && <FormAlert type="success" message={notice} />}
        <form noValidate onSubmit={onSubmit} onFocus={form.prefetch} aria-labelledby="member-title">
          {input('email', 'email', 'email', { inputMode: 'email' })}
          {input('code', 'text', 'one-time-code', { inputMode: 'numeric' })}
          {input('password', 'password', 'new-password')}
          {input('confirmPassword', 'password', 'new-password')}
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('member.submit')}
          </Button>
        </form>
        <p className="member-links">
          <Button type="link" className="member-resend" onClick={resend}>
            {t('member.resend')}
          </Button>
          <Link to="/login">{t('forgot.backToSignIn')}</Link>
        </p>
      </AuthPanel>
    </AuthShell>
  );
}
