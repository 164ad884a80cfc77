import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../domain/schemas/common';
import {
  ATTACHMENT,
  DESCRIPTION_MAX,
  newTicketSchema,
  SUBJECT_MAX,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type NewTicket,
} from '../../domain/support/tickets';
import { isApiError } from '../../providers/http';
import { errorText, translateFieldErrors } from '../../providers/i18n/translate-message';
import { categoryLabel, priorityLabel } from './support-api';

type Values = { subject: string; category: string | undefined; description: string; priority: string };
const BLANK: Values = { subject: '', category: undefined, description: '', priority: 'normal' };

/**
 * Opens a support ticket: the shared newTicketSchema checks the form as the server does. The
 * optional file is sent after the ticket exists (the page does it, `onOpen`); its own refusal
 * (type by bytes, size) is shown on the ticket then.
 */
export function NewTicketDialog(props: {
  open: boolean;
  onClose: () => void;
  onOpen: (v: NewTicket, file: File | null) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(BLANK);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const check = (next: Values, field?: keyof Values) => {
    const parsed = newTicketSchema.safeParse(next);
    const all = parsed.success ? {} : translateFieldErrors(t, fieldErrors(parsed.error));
    if (!field) return all;
    // On leaving a field: show its own verdict only, keep the others as they were.
    setErrors((current) => {
      const rest = { ...current };
      delete rest[field];
      return all[field] ? { ...rest, [field]: all[field] } : rest;
    });
    return all;
  };

  const close = () => {
    setValues(BLANK);
    setFile(null);
    setErrors({});
    setFailure(null);
    props.onClose();
  };

  const submit = async () => {
    const parsed = newTicketSchema.safeParse(values);
    if (!parsed.success) return setErrors(translateFieldErrors(t, fieldErrors(parsed.error)));
    setErrors({});
    setFailure(null);
    setSaving(true);
    try {
      await props.onOpen(parsed.data, file);
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

  const set = (field: keyof Values, value: string | undefined) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) check(next, field);
  };
  const item = (field: keyof Values) => ({
    label: t(`supportDesk.fields.${field}`),
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field],
    htmlFor: `ticket-${field}`,
  });

  return (
    <Modal
      open={props.open}
      title={t('supportDesk.newTitle')}
      okText={t('supportDesk.openTicket')}
      cancelText={t('resourceEngine.cancel')}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={saving}
      destroyOnHidden
    >
      <p>{t('supportDesk.newIntro')}</p>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" component="div">
        <Form.Item {...item('subject')} required>
          <Input
            id="ticket-subject"
            maxLength={SUBJECT_MAX + 1}
            value={values.subject}
            onChange={(e) => set('subject', e.target.value)}
            onBlur={() => check(values, 'subject')}
          />
        </Form.Item>
        <Form.Item {...item('category')} required>
          <Select
            id="ticket-category"
            value={values.category}
            onChange={(v: string) => set('category', v)}
            options={TICKET_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(t, c) }))}
          />
        </Form.Item>
        <Form.Item {...item('priority')}>
          <Select
            id="ticket-priority"
            value={values.priority}
            onChange={(v: string) => set('priority', v)}
            options={TICKET_PRIORITIES.map((p) => ({ value: p, label: priorityLabel(t, p) }))}
          />
        </Form.Item>
        <Form.Item {...item('description')} required>
          <Input.TextArea
            id="ticket-description"
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={DESCRIPTION_MAX + 1}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            onBlur={() => check(values, 'description')}
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
      </Form>
    </Modal>
  );
}
