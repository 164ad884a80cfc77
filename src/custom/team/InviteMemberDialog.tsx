import { useState } from 'react';
import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../domain/schemas/common';
import { addMemberSchema, PRIVILEGE_KEYS, type Privilege } from '../../domain/team';
import { isApiError } from '../../providers/http';
import { errorText, translateFieldErrors } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';

type Values = { email: string; name: string; privileges: Privilege[] };
const BLANK: Values = { email: '', name: '', privileges: ['reservations', 'qrVerification'] };

/** Invites a venue employee: the shared addMemberSchema checks the form as the server does. */
export function InviteMemberDialog(props: {
  open: boolean;
  onClose: () => void;
  onInvite: (v: Values) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setValues(BLANK);
    setErrors({});
    setFailure(null);
    props.onClose();
  };

  const submit = async () => {
    const parsed = addMemberSchema.safeParse(values);
    if (!parsed.success) return setErrors(translateFieldErrors(t, fieldErrors(parsed.error)));
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await props.onInvite(parsed.data as Values);
      showToast({ kind: 'message', type: 'success', content: t('team.invited', { email: parsed.data.email }) });
      close();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.errors).length) {
        const byField = Object.fromEntries(
          Object.entries(error.errors).map(([k, v]) => [k, String(Array.isArray(v) ? v[0] : v)]),
        );
        setErrors(translateFieldErrors(t, byField));
      } else setFailure(errorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: 'email' | 'name') => (
    <Form.Item
      label={t(`team.fields.${name}`)}
      validateStatus={errors[name] ? 'error' : undefined}
      help={errors[name]}
      htmlFor={`invite-${name}`}
    >
      <Input
        id={`invite-${name}`}
        type={name === 'email' ? 'email' : 'text'}
        autoComplete="off"
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      />
    </Form.Item>
  );

  return (
    <Modal
      open={props.open}
      title={t('team.inviteTitle')}
      okText={t('team.send')}
      cancelText={t('resourceEngine.cancel')}
      onOk={submit}
      onCancel={close}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p>{t('team.inviteIntro')}</p>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" component="div">
        {field('email')}
        {field('name')}
        <Form.Item label={t('team.fields.privileges')} help={errors.privileges}>
          <Checkbox.Group
            value={values.privileges}
            onChange={(list) => setValues((v) => ({ ...v, privileges: list as Privilege[] }))}
            options={PRIVILEGE_KEYS.map((key) => ({ value: key, label: t(`team.privileges.${key}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
