import { useState } from 'react';
import { Alert, Button, Flex, Modal, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../ui/forms/FormField';
import { PasswordInput } from '../../../ui/forms/inputs';
import { useZodForm } from '../../../ui/forms/use-zod-form';
import { isApiError } from '../../../providers/http';
import { errorText, translateMessage } from '../../../providers/i18n/translate-message';
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
  const { token } = theme.useToken();
  const form = useZodForm((s) => s.newPasswordFormSchema, ['password', 'confirmPassword'] as const);
  const [saving, setSaving] = useState(false);
  const [serverField, setServerField] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setSaving(true);
    setError(null);
    setServerField(null);
    try {
      await setUserPassword(userId, password);
      onDone();
    } catch (err) {
      const text = errorText(t, err);
      const field = isApiError(err) ? err.errors.password : undefined;
      if (field) setServerField(translateMessage(t, Array.isArray(field) ? String(field[0]) : field));
      else setError(text);
      setSaving(false);
    }
  });

  return (
    <Modal open title={t('admin.setPassword.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <p style={{ marginTop: 0, color: token.colorTextSecondary }}>{t('admin.setPassword.intro', { email })}</p>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: token.margin }} role="alert" />}
      <form noValidate onSubmit={onSubmit} onFocus={form.prefetch}>
        <FormField
          id="set-password-new"
          label={t('fields.newPassword')}
          error={form.errors.password ?? serverField ?? undefined}
          hint={t('admin.setPassword.hint')}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              autoFocus
              value={form.values.password}
              onChange={(e) => {
                setServerField(null);
                form.setValue('password', e.target.value);
              }}
            />
          )}
        </FormField>
        <FormField id="set-password-confirm" label={t('fields.confirmPassword')} error={form.errors.confirmPassword}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              value={form.values.confirmPassword}
              onChange={(e) => form.setValue('confirmPassword', e.target.value)}
            />
          )}
        </FormField>
        <Flex gap={8} justify="end" wrap>
          <Button onClick={onClose}>{t('admin.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('admin.setPassword.submit')}
          </Button>
        </Flex>
      </form>
    </Modal>
  );
}
