import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Upload } from 'antd';
import { Select } from '../../ui/forms/Select';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ATTACHMENT,
  DESCRIPTION_MAX,
  newTicketSchema,
  SUBJECT_MAX,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type NewTicket,
} from '../../domain/support/tickets';
import { EnterSubmits } from '../../ui/forms/EnterSubmits';
import { FormError } from '../../ui/forms/FormError';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { categoryLabel, priorityLabel } from './support-api';

type Values = { subject: string; category: string | undefined; description: string; priority: string };
const BLANK: Values = { subject: '', category: undefined, description: '', priority: 'normal' };

/**
 * Opens a support ticket: the shared newTicketSchema checks the form as the server does. The
 * optional file is sent after the ticket exists (the page does it, `onOpen`); its own refusal
 * (type by bytes, size) is shown on the ticket then. The subject has the focus as it opens, and
 * Enter in it opens the ticket (once: useSaveForm ignores a second press while the first is
 * saved); Enter in a list opens the list, and in the description starts a new line.
 */
export function NewTicketDialog(props: {
  open: boolean;
  onClose: () => void;
  onOpen: (v: NewTicket, file: File | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const save = useSaveForm<typeof newTicketSchema, Values>({
    open: props.open,
    schema: newTicketSchema,
    initialValues: BLANK,
    save: (data) => props.onOpen(data, file),
    onSaved: () => close(),
  });
  const subjectField = useFocusOnOpen(props.open);

  const close = () => {
    save.reset();
    setFile(null);
    props.onClose();
  };

  const item = (field: keyof Values) => ({
    name: field,
    label: t(`supportDesk.fields.${field}`),
    rules: save.rules(field),
    htmlFor: `ticket-${field}`,
  });

  return (
    <Modal
      open={props.open}
      title={t('supportDesk.newTitle')}
      okText={t('supportDesk.openTicket')}
      cancelText={t('resourceEngine.cancel')}
      onOk={() => void save.submit()}
      onCancel={() => save.closeAsking(close)}
      confirmLoading={save.saving}
      destroyOnHidden
    >
      <p>{t('supportDesk.newIntro')}</p>
      <FormError message={save.formError} />
      <Form {...save.formProps}>
        <Form.Item {...item('subject')} required>
          <Input ref={subjectField} id="ticket-subject" maxLength={SUBJECT_MAX + 1} />
        </Form.Item>
        <Form.Item {...item('category')} required>
          <Select
            id="ticket-category"
            options={TICKET_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(t, c) }))}
          />
        </Form.Item>
        <Form.Item {...item('priority')}>
          <Select
            id="ticket-priority"
            options={TICKET_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(t, p) }))}
          />
        </Form.Item>
        <Form.Item {...item('description')} required>
          <Input.TextArea
            id="ticket-description"
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={DESCRIPTION_MAX + 1}
          />
        </Form.Item>
        <Form.Item label={t('supportDesk.fields.attachment')} extra={t('supportDesk.attachmentHint')}>
          <Space wrap>
            <Upload
              accept={ATTACHMENT.types.join(',')}
              showUploadList={false}
              beforeUpload={(chosen) => {
                setFile(chosen);
                return false;
              }}
            >
              <Button icon={<PaperClipOutlined />}>{t('supportDesk.chooseFile')}</Button>
            </Upload>
            {file && (
              <span data-testid="chosen-file">
                {file.name}{' '}
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('supportDesk.removeFile', { name: file.name })}
                  onClick={() => setFile(null)}
                />
              </span>
            )}
          </Space>
        </Form.Item>
        <EnterSubmits />
      </Form>
    </Modal>
  );
}
