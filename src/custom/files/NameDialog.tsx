import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FILES, nameFormSchema } from '../../domain/files/rules';
import { FormError } from '../../ui/forms/FormError';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../ui/forms/use-save-form';

/** New folder or rename: one name field, checked by the server's own rule (nameRefusal). */
export function NameDialog(props: {
  open: boolean;
  title: string;
  okText: string;
  initial: string;
  onClose: () => void;
  /** Once it has gone (focus goes back to the tree). */
  afterClose?: () => void;
  onSave: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const save = useSaveForm<typeof nameFormSchema, { name: string }>({
    open: props.open,
    schema: nameFormSchema,
    initialValues: { name: props.initial },
    save: (data) => props.onSave(data.name),
    onSaved: () => close(),
  });
  const { form } = save;
  // F2 or New folder, then typing: the name (selected) is replaced by what is typed.
  const input = useFocusOnOpen(props.open);
  useEffect(() => {
    if (props.open) form.setFieldsValue({ name: props.initial });
  }, [props.open, props.initial, form]);

  const close = () => {
    save.reset();
    props.onClose();
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('resourceEngine.cancel')}
      onOk={() => void save.submit()}
      // Cancel, Esc, ✕ or the mask with a name typed asks first, as the app's other dialogs do.
      onCancel={() => save.closeAsking(close)}
      afterClose={props.afterClose}
      confirmLoading={save.saving}
      destroyOnHidden
    >
      <FormError message={save.formError} />
      <Form {...save.formProps} name="file-name">
        <Form.Item name="name" label={t('files.name')} rules={save.rules('name')}>
          <Input ref={input} maxLength={FILES.nameMax + 20} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
