import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema } from '../../domain/schemas/profile';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { changePassword } from './profile-api';
import './profile.css';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const BLANK = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one is required; the server signs out every other session. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const save = useSaveForm({
    schema: changePasswordFormSchema,
    initialValues: BLANK,
    save: (data) => changePassword(data.currentPassword, data.newPassword),
    success: t('messages.passwordUpdated'),
    toastKey: 'password-changed',
    resetAfterSave: true,
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
      <Form {...save.formProps} aria-label={t('profileEdit.changePassword')}>
        {FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={labels[field]} htmlFor={`pw-${field}`} rules={save.rules(field)}>
            <Input.Password
              id={`pw-${field}`}
              autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
            />
          </Form.Item>
        ))}
        <FormError message={save.formError} />
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={save.saving}>
            {t('profileEdit.changePassword')}
          </Button>
        </Flex>
      </Form>
    </section>
  );
}
