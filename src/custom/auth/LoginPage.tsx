import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { login } from '../../providers/auth/auth-api';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AuthPanel, AuthShell } from '../../ui/shell/AuthShell';
import { FormAlert } from '../../ui/forms/FormAlert';
import { FormField } from '../../ui/forms/FormField';
import { PasswordInput, TextInput } from '../../ui/forms/inputs';
import { usePasskeySignIn } from './passkey-sign-in';
import { signInPausedText } from './sign-in-paused';
import { useServerCheckedForm } from '../../ui/forms/use-zod-form';
import { isApiError } from '../../providers/http';
import './auth.css';

const FEATURES = ['venues', 'payments', 'crm', 'roles'] as const;

/** What /recovery-password passes here after a successful change. */
export interface LoginNotice {
  notice?: 'passwordChanged';
}

function Hero() {
  const { t } = useTranslation();
  return (
    <div className="login-hero">
      <p className="login-hero__eyebrow">{t('login.eyebrow')}</p>
      <h1 className="login-hero__title">{t('app.name')}</h1>
      <p className="login-hero__pitch">{t('login.pitch')}</p>
      <ul className="login-hero__list">
        {FEATURES.map((feature) => (
          <li key={feature}>{t(`login.features.${feature}`)}</li>
        ))}
      </ul>
    </div>
  );
}

/** / and /login: the landing hero beside the sign-in form (the product brief, section 2, Screens and routes). */
export default function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const notice = (location.state as LoginNotice | null)?.notice;
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The server's login schema checks the values: its field messages come back under the fields.
  const form = useServerCheckedForm(['email', 'password'] as const);
  const passkey = usePasskeySignIn(setFailure);
  useDocumentTitle(t('login.title'));

  // On success the session watcher in App takes the user to /dashboards.
  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setSubmitting(true);
    setFailure(null);
    try {
      await login(email, password);
    } catch (error) {
      setSubmitting(false);
      // A mistaken value: the form puts the server's messages under their fields.
      if (isApiError(error) && Object.keys(error.errors).length) throw error;
      // The translator was fetched on the form's first focus, so this import is at hand.
      const { errorText } = await import('../../providers/i18n/translate-message');
      setFailure(signInPausedText(t, error) ?? errorText(t, error));
    }
  });

  return (
    <AuthShell>
      <div className="login-layout">
        <Hero />
        <AuthPanel title={t('login.title')} labelledBy="login-title" headingLevel={2}>
          {failure && <FormAlert type="error" message={failure} />}
          {!failure && notice === 'passwordChanged' && (
            <FormAlert type="success" message={t('messages.passwordChanged')} />
          )}
          <form
            noValidate
            onSubmit={onSubmit}
            // The email field is focused as the page loads, so what a submit needs is fetched on the
            // person's first key or press instead of on focus: the page's first load stays as it was.
            onKeyDown={form.prefetch}
            onPointerDown={form.prefetch}
            aria-labelledby="login-title"
          >
            <FormField id="login-email" label={t('fields.email')} error={form.errors.email}>
              {(control) => (
                <TextInput
                  {...control}
                  autoFocus
                  type="email"
                  // "webauthn" lets the browser list this site's passkeys here (autofill sign-in).
                  autoComplete="username webauthn"
                  inputMode="email"
                  size="large"
                  value={form.values.email}
                  onChange={(e) => form.setValue('email', e.target.value)}
                />
              )}
            </FormField>
            <FormField id="login-password" label={t('fields.password')} error={form.errors.password}>
              {(control) => (
                <PasswordInput
                  {...control}
                  autoComplete="current-password"
                  size="large"
                  value={form.values.password}
                  onChange={(e) => form.setValue('password', e.target.value)}
                />
              )}
            </FormField>
            <div className="login-forgot">
              <Link to="/forgot-password">{t('login.forgotPassword')}</Link>
            </div>
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('login.submit')}
            </Button>
          </form>
          {/* Plain elements in the theme's secondary text colour (auth.css): antd Typography would
              bring Tooltip and TextArea (~18 KB gzip) to this page. */}
          <div className="login-passkey">
            <span>{t('passkeys.or')}</span>
            <Button
              size="large"
              block
              className="login-passkey__button"
              loading={passkey.pending}
              disabled={passkey.support === 'unsupported'}
              onClick={passkey.signInWithButton}
            >
              {t('passkeys.signIn')}
            </Button>
            {passkey.support === 'unsupported' && (
              <p role="status" className="login-passkey__note">
                {t('messages.mediationNotSupported')}
              </p>
            )}
          </div>
        </AuthPanel>
      </div>
    </AuthShell>
  );
}
