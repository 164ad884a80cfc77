import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '../../domain/messages';
import { announcementSchema, type AnnouncementInput, type NotificationAudience } from '../../domain/notifications';
import { ROLE_LABEL_KEYS, ROLES } from '../../domain/roles';
import { fieldErrors } from '../../domain/schemas/common';
import { isApiError } from '../../providers/http/api-error';
import { translateFieldErrors, translateMessage } from '../../providers/i18n/translate-message';
import { sendAnnouncement } from '../../providers/live/notifications-api';
import { showToast } from '../../providers/notification/toast-bus';
import { FormField } from '../../ui/forms/FormField';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import './notifications.css';

type Field = 'title' | 'message' | 'audience' | 'role' | 'userId';
type Values = { title: string; message: string; audience: NotificationAudience; role: string; userId: string };
const BLANK: Values = { title: '', message: '', audience: 'all', role: '', userId: '' };

/** Only the fields the chosen audience uses are sent (and validated). */
export function toAnnouncementInput(values: Values): AnnouncementInput {
  return {
    title: values.title,
    message: values.message,
    type: 'announcement',
    audience: values.audience,
    ...(values.audience === 'role' && values.role ? { role: values.role as AnnouncementInput['role'] } : {}),
    ...(values.audience === 'user' && values.userId.trim() ? { userId: values.userId.trim() } : {}),
  };
}

/** The server's `errors` (field → text or texts) as one text per field. */
function serverFieldErrors(errors: Record<string, string | string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors)) {
    const text = Array.isArray(value) ? value[0] : value;
    if (text) out[field] = text;
  }
  return out;
}

/**
 * /announcements (administrators): a title and message for everyone, every user of a role or
 * one user, checked with the shared announcementSchema (the server applies the same rules).
 * Reached from the user menu.
 */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.announcements'));
  const [values, setValues] = useState<Values>(BLANK);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submitted = useRef(false);

  const validate = (next: Values): AnnouncementInput | null => {
    const result = announcementSchema.safeParse(toAnnouncementInput(next));
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(translateFieldErrors(t, fieldErrors(result.error)));
    return null;
  };

  const set = (field: Field, value: string) => {
    const next = { ...values, [field]: value } as Values;
    setValues(next);
    if (submitted.current) validate(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    setFormError(null);
    const input = validate(values);
    if (!input) return;
    setSending(true);
    try {
      await sendAnnouncement(input);
      showToast({ kind: 'message', type: 'success', content: t('announcement.sent') });
      setValues(BLANK);
      setErrors({});
      submitted.current = false;
    } catch (error) {
      const message = error instanceof Error ? error.message : MESSAGES.genericError;
      setFormError(translateMessage(t, message));
      if (isApiError(error)) setErrors(translateFieldErrors(t, serverFieldErrors(error.errors)));
    } finally {
      setSending(false);
    }
  };

  return (
    <PagePanel title={t('pages.announcements')} intro={t('announcement.intro')}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="announcement-form">
        {formError && (
          <Alert
            type="error"
            showIcon
            message={t('announcement.failed')}
            description={formError}
            className="announcement-alert"
          />
        )}
        <FormField id="announcement-title" label={t('announcement.title')} error={errors.title}>
          {(control) => (
            <Input {...control} value={values.title} maxLength={120} onChange={(e) => set('title', e.target.value)} />
          )}
        </FormField>
        <FormField id="announcement-message" label={t('announcement.message')} error={errors.message}>
          {(control) => (
            <Input.TextArea
              {...control}
              value={values.message}
              rows={5}
              maxLength={2000}
              showCount
              onChange={(e) => set('message', e.target.value)}
            />
          )}
        </FormField>
        <fieldset className="announcement-audience">
          <legend>{t('announcement.audience')}</legend>
          <Radio.Group
            value={values.audience}
            onChange={(e) => set('audience', e.target.value as string)}
            options={(['all', 'role', 'user'] as const).map((value) => ({
              value,
              label: t(`announcement.audiences.${value}`),
            }))}
          />
          {errors.audience && (
            <Typography.Text type="danger" className="announcement-error">
              {errors.audience}
            </Typography.Text>
          )}
        </fieldset>
        {values.audience === 'role' && (
          <FormField id="announcement-role" label={t('announcement.role')} error={errors.role}>
            {({ status, ...control }) => (
              <Select
                {...control}
                status={status}
                value={values.role || undefined}
                placeholder={t('announcement.rolePlaceholder')}
                onChange={(value: string) => set('role', value)}
                options={ROLES.map((role) => ({ value: role, label: t(ROLE_LABEL_KEYS[role]) }))}
                className="announcement-role"
              />
            )}
          </FormField>
        )}
        {values.audience === 'user' && (
          <FormField
            id="announcement-user"
            label={t('announcement.userId')}
            error={errors.userId}
            hint={t('announcement.userIdHint')}
          >
            {(control) => <Input {...control} value={values.userId} onChange={(e) => set('userId', e.target.value)} />}
          </FormField>
        )}
        <Button type="primary" htmlType="submit" loading={sending}>
          {t('announcement.send')}
        </Button>
      </form>
    </PagePanel>
  );
}
