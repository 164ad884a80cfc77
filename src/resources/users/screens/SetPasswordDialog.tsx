import { Button, Flex, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { newPasswordFormSchema } from '../../../domain/schemas/auth';
import { FormError } from '../../../ui/forms/FormError';
import { PasswordInput } from '../../../ui/forms/inputs';
import { useFocusOnOpen } from '../../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../../ui/forms/use-save-form';
import { setUserPassword } from './admin-users-api';

/**
 * An administrator sets a user's password: the new one twice, checked by the shared
 * newPasswordField rule (same messages as the server). The server signs the user out everywhere.
 */
export function SetPasswordDialog({
  userId,
  email,
  onClose,
  onDone,
}: {
  userId: string;
  email: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveForm({
    schema: newPasswordFormSchema,
    initialValues: { password: '', confirmPassword: '' },
    save: ({ password }) => setUserPassword(userId, password),
    onSaved: onDone,
  });
  // Shown only while open (UserActions mounts it for the one user).
  const passwordField = useFocusOnOpen(true);

  return (
    <Modal
      open
      title={t('admin.setPassword.title')}
      onCancel={() => save.closeAsking(onClose)}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('admin.setPassword.intro', { email })}</Typography.Paragraph>
      <FormError message={save.formError} />
      <Form {...save.formProps}>
        <Form.Item
          name="password"
          label={t('fields.newPassword')}
          htmlFor="set-password-new"
          extra={t('admin.setPassword.hint')}
          rules={save.rules('password')}
        >
          <PasswordInput ref={passwordField} id="set-password-new" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('fields.confirmPassword')}
          htmlFor="set-password-confirm"
          rules={save.rules('confirmPassword')}
        >
          <PasswordInput id="set-password-confirm" autoComplete="new-password" />
        </Form.Item>
        <Flex gap={8} justify="end" wrap>
          <Button onClick={() => save.closeAsking(onClose)}>{t('admin.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.saving}>
            {t('admin.setPassword.submit')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
