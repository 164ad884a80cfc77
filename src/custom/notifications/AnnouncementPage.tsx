import { Button, Form, Input, Radio } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { announcementSchema, type AnnouncementInput, type NotificationAudience } from '../../domain/notifications';
import type { FieldDeclaration } from '../../domain/resources/types';
import { ROLE_LABEL_KEYS, ROLES } from '../../domain/roles';
import { sendAnnouncement } from '../../providers/live/notifications-api';
import { ReferenceSelect } from '../../resources/engine/ReferenceSelect';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import './notifications.css';

type Values = { title: string; message: string; audience: NotificationAudience; role?: string; userId?: string | null };
const BLANK: Values = { title: '', message: '', audience: 'all' };

/**
 * The one user an announcement goes to, searched by email as User Management lists them. A typed
 * id was asked for before, which no screen shows (only a user_details address holds it).
 */
const USER_FIELD: FieldDeclaration = { type: 'reference', references: { resource: 'users', labelField: 'email' } };

/** Only the fields the chosen audience uses are sent (and validated). */
export function toAnnouncementInput(values: Values): AnnouncementInput {
  return {
    title: values.title,
    message: values.message,
    type: 'announcement',
    audience: values.audience,
    ...(values.audience === 'role' && values.role ? { role: values.role as AnnouncementInput['role'] } : {}),
    ...(values.audience === 'user' && values.userId?.trim() ? { userId: values.userId.trim() } : {}),
  };
}

/**
 * /announcements (administrators): a title and message for everyone, every user of a role or
 * one user, checked with the shared announcementSchema (the server applies the same rules).
 * Reached from the user menu.
 */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.announcements'));
  const save = useSaveForm<typeof announcementSchema, Values>({
    schema: announcementSchema,
    toInput: toAnnouncementInput,
    initialValues: BLANK,
    save: sendAnnouncement,
    success: t('announcement.sent'),
    resetAfterSave: true,
  });
  const audience = Form.useWatch('audience', save.form) ?? BLANK.audience;

  return (
    <PagePanel title={t('pages.announcements')} intro={t('announcement.intro')}>
      <Form {...save.formProps} name="announcement" noValidate className="announcement-form">
        <FormError message={save.formError} />
        <Form.Item name="title" label={t('announcement.title')} rules={save.rules('title')}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="message" label={t('announcement.message')} rules={save.rules('message')}>
          <Input.TextArea rows={5} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="audience" label={t('announcement.audience')} rules={save.rules('audience')}>
          <Radio.Group
            options={(['all', 'role', 'user'] as const).map((value) => ({
              value,
              label: t(`announcement.audiences.${value}`),
            }))}
          />
        </Form.Item>
        {audience === 'role' && (
          <Form.Item name="role" label={t('announcement.role')} rules={save.rules('role')}>
            <Select
              placeholder={t('announcement.rolePlaceholder')}
              options={ROLES.map((role) => ({ value: role, label: t(ROLE_LABEL_KEYS[role]) }))}
              className="announcement-role"
            />
          </Form.Item>
        )}
        {audience === 'user' && (
          <Form.Item
            name="userId"
            label={t('announcement.user')}
            extra={t('announcement.userHint')}
            rules={save.rules('userId')}
          >
            <ReferenceSelect field={USER_FIELD} label={t('announcement.userPlaceholder')} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={save.saving}>
          {t('announcement.send')}
        </Button>
      </Form>
    </PagePanel>
  );
}
