import { Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { addMemberSchema, PRIVILEGE_KEYS, type AddMemberInput, type Privilege } from '../../domain/team';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';

type Values = { email: string; name: string; privileges: Privilege[] };
const BLANK: Values = { email: '', name: '', privileges: ['reservations', 'qrVerification'] };

/** Invites a venue employee: the shared addMemberSchema checks the form as the server does. */
export function InviteMemberDialog(props: {
  open: boolean;
  onClose: () => void;
  onInvite: (v: AddMemberInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const save = useSaveForm<typeof addMemberSchema, Values>({
    open: props.open,
    schema: addMemberSchema,
    initialValues: BLANK,
    save: (data) => props.onInvite(data),
    onSaved: () => close(),
    success: (data) => t('team.invited', { email: data.email }),
  });

  const close = () => {
    save.reset();
    props.onClose();
  };

  const field = (name: 'email' | 'name') => (
    <Form.Item name={name} label={t(`team.fields.${name}`)} rules={save.rules(name)}>
      <Input type={name === 'email' ? 'email' : 'text'} autoComplete="off" />
    </Form.Item>
  );

  return (
    <Modal
      open={props.open}
      title={t('team.inviteTitle')}
      okText={t('team.send')}
      cancelText={t('resourceEngine.cancel')}
      onOk={() => void save.submit()}
      onCancel={() => save.closeAsking(close)}
      confirmLoading={save.saving}
      destroyOnHidden
    >
      <p>{t('team.inviteIntro')}</p>
      <FormError message={save.formError} />
      <Form {...save.formProps} name="invite">
        {field('email')}
        {field('name')}
        <Form.Item name="privileges" label={t('team.fields.privileges')} rules={save.rules('privileges')}>
          <Checkbox.Group options={PRIVILEGE_KEYS.map((key) => ({ value: key, label: t(`team.privileges.${key}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
