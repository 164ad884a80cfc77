import { Alert, Button, Flex, Input, theme } from 'antd';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { API } from '../../domain/api-paths';
import { layoutGuard } from '../../domain/guards';
import { formatPhone } from '../../domain/phone';
import { submitDetailsSchema } from '../../domain/schemas/profile';
import type { UserData } from '../../domain/user';
import { http } from '../../providers/http';
import { updateSession } from '../../providers/session';
import { useSession } from '../../providers/use-session';
import { AuthPanel, AuthShell } from '../../ui/shell/AuthShell';
import { FormAlert } from '../../ui/forms/FormAlert';
import { FormField } from '../../ui/forms/FormField';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useZodForm } from '../../ui/forms/use-zod-form';
import { LogoutButton } from './LogoutButton';

const FIELDS = ['firstName', 'lastName', 'phone', 'companyName', 'companyWebSite'] as const;

/**
 * /register: where the layout guard sends venue owners, movers and users whose account is not
 * complete. They complete their profile and submit their business details in one form
 * (POST submit-details); then the account waits until an administrator verifies it, which
 * the live channel announces (AccountVerified) and lets them in.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useSession()?.userData;
  useDocumentTitle(t('register.title'));
  const form = useZodForm(submitDetailsSchema, FIELDS, {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phone: formatPhone(user?.phone),
    companyName: user?.business?.companyName ?? '',
    companyWebSite: user?.business?.companyWebSite ?? '',
  });
  const waiting = Boolean(user?.isProfileCompleted && user.detailsSubmited && !user.isVerified);
  // Verified meanwhile (AccountVerified reloads the page here): on to the role's home.
  if (user && layoutGuard(user).kind === 'pass') return <Navigate to="/dashboards" replace />;

  const submit = form.handleSubmit(async (data) => {
    const { data: answer } = await http.post<{ message: string; user: UserData }>(API.submitDetails, data);
    updateSession({ userData: answer.user });
  });

  const labels: Record<(typeof FIELDS)[number], string> = {
    firstName: t('profileEdit.firstName'),
    lastName: t('profileEdit.lastName'),
    phone: t('profile.phone'),
    companyName: t('register.companyName'),
    companyWebSite: t('register.companyWebSite'),
  };
  const autoComplete: Record<(typeof FIELDS)[number], string> = {
    firstName: 'given-name',
    lastName: 'family-name',
    phone: 'tel',
    companyName: 'organization',
    companyWebSite: 'url',
  };

  return (
    <AuthShell>
      <AuthPanel title={t('register.title')} labelledBy="register-title">
        <Flex vertical gap={token.marginLG}>
          {waiting ? (
            <Alert type="info" showIcon message={t('register.waitingForVerification')} />
          ) : (
            <form onSubmit={submit} onFocus={form.prefetch} noValidate aria-label={t('register.formLabel')}>
              <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{t('register.intro')}</p>
              {FIELDS.map((field) => (
                <FormField
                  key={field}
                  id={`register-${field}`}
                  label={labels[field]}
                  error={form.errors[field]}
                  hint={
                    field === 'phone'
                      ? t('profileEdit.phoneHint')
                      : field === 'companyWebSite'
                        ? t('register.optional')
                        : undefined
                  }
                >
                  {(control) => (
                    <Input
                      {...control}
                      size="large"
                      type={field === 'phone' ? 'tel' : field === 'companyWebSite' ? 'url' : 'text'}
                      autoComplete={autoComplete[field]}
                      value={form.values[field]}
                      onChange={(e) => form.setValue(field, e.target.value)}
                    />
                  )}
                </FormField>
              ))}
              {form.formError && (
                <FormAlert type="error" message={form.formError} style={{ marginBottom: token.margin }} />
              )}
              <Button type="primary" htmlType="submit" size="large" block loading={form.submitting}>
                {t('register.submit')}
              </Button>
            </form>
          )}
          <LogoutButton size="large" block>
            {t('userMenu.logout')}
          </LogoutButton>
        </Flex>
      </AuthPanel>
    </AuthShell>
  );
}
