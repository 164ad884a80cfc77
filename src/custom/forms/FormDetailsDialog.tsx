import { useRef } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { createFormSchema, slugFromName, type CreateFormInput } from '../../domain/forms/requests';
import { EnterSubmits } from '../../ui/forms/EnterSubmits';
import { FormError } from '../../ui/forms/FormError';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../ui/forms/use-save-form';

type Values = { name: string; slug: string };

/**
 * A form's name and slug: a new form, or a rename (an old slug stays an alias of the form, so
 * its printed links keep working; the server refuses a slug in use or retired, on the field).
 */
export function FormDetailsDialog({
  open,
  initial,
  onClose,
  onSave,
}: {
  open: boolean;
  /** The form's name and slug when renaming; absent for a new form. */
  initial?: Values;
  onClose: () => void;
  onSave: (values: CreateFormInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const save = useSaveForm<typeof createFormSchema, Values>({
    open,
    // A rename sends both too (PATCH takes either); the same rules as a new form's.
    schema: createFormSchema,
    initialValues: initial ?? { name: '', slug: '' },
    save: (data) => onSave(data),
    onSaved: () => close(),
  });
  const nameField = useFocusOnOpen(open);
  // A new form's address follows its name until the person types an address of their own.
  const slugTyped = useRef(false);
  const onValuesChange: typeof save.formProps.onValuesChange = (changed, all) => {
    save.formProps.onValuesChange?.(changed, all);
    if ('slug' in changed) slugTyped.current = true;
    if (initial || slugTyped.current || typeof changed.name !== 'string') return;
    save.form.setFieldValue('slug', slugFromName(changed.name));
    // A message the empty address showed goes once the suggestion fills it.
    if (save.form.getFieldError('slug').length) save.form.validateFields(['slug']).catch(() => undefined);
  };
  const close = () => {
    save.reset();
    slugTyped.current = false;
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t(initial ? 'forms.details.renameTitle' : 'forms.details.createTitle')}
      okText={t(initial ? 'forms.details.save' : 'forms.details.create')}
      cancelText={t('resourceEngine.cancel')}
      onOk={() => void save.submit()}
      onCancel={() => save.closeAsking(close)}
      confirmLoading={save.saving}
      destroyOnHidden
    >
      <FormError message={save.formError} />
      <Form {...save.formProps} onValuesChange={onValuesChange} name="form-details">
        <Form.Item name="name" label={t('forms.details.name')} rules={save.rules('name')}>
          <Input ref={nameField} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="slug"
          label={t('forms.details.slug')}
          rules={save.rules('slug')}
          extra={t(initial ? 'forms.details.slugAlias' : 'forms.details.slugHelp')}
        >
          <Input autoComplete="off" addonBefore="/f/" />
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
