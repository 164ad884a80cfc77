import { Button, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema } from '../../domain/schemas/profile';
import { showToast } from '../../providers/notification/toast-bus';
import { FormAlert } from '../../ui/forms/FormAlert';
import { FormField } from '../../ui/forms/FormField';
import { changePassword } from './profile-api';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import './profile.css';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Change password: the current one is required; the server signs out every other session. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useSchemaForm(changePasswordFormSchema, FIELDS);

  const submit = form.handleSubmit(async (data) => {
    await changePassword(data.currentPassword, data.newPassword);
    form.reset();
    showToast({ kind: 'message', type: 'success', content: t('messages.passwordUpdated'), key: 'password-changed' });
  });

  const labels: Record<(typeof FIELDS)[number], string> = {
    currentPassword: t('profileEdit.currentPassword'),
    newPassword: t('fields.newPassword'),
    confirmPassword: t('fields.confirmPassword'),
  };

  return (
    <section aria-labelledby="change-password-title" className="profile-password">
      <Typography.Title level={4} id="change-password-title" className="profile-section-title">
        {t('profileEdit.changePassword')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('profileEdit.changePasswordIntro')}</Typography.Paragraph>
      <form onSubmit={submit} noValidate className="profile-alerts" aria-label={t('profileEdit.changePassword')}>
        {FIELDS.map((field) => (
          <FormField key={field} id={`pw-${field}`} label={labels[field]} error={form.errors[field]}>
            {(control) => (
              <Input.Password
                {...control}
                autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
                value={form.values[field]}
                onChange={(e) => form.setValue(field, e.target.value)}
              />
            )}
          </FormField>
        ))}
        {form.formError && <FormAlert type="error" message={form.formError} />}
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={form.submitting}>
            {t('profileEdit.changePassword')}
          </Button>
        </Flex>
      </form>
    </section>
  );
}
