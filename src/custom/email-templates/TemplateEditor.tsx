import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Form, Space } from 'antd';
import { DeleteOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATES_API, EMAIL_TEMPLATES_RESOURCE, emailTemplatesPath } from '../../domain/email-templates/api';
import { resolvedSource } from '../../domain/email-templates/blocks-mjml';
import { emailSourceSchema, emailTemplateSchema, type EmailTemplateInput } from '../../domain/email-templates/rules';
import type {
  emailTemplateAnswer,
  EmailTemplateAnswer,
  emailTestSendAnswer,
  EmailTestSendAnswer,
} from '../../domain/email-templates/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useApiMutation } from '../../providers/use-api';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { FindingsList } from './FindingsList';
import { LivePreview } from './LivePreview';
import { TemplateFields } from './TemplateFields';
import { useFindings } from './use-findings';
import { VersionsList } from './VersionsList';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';

const setupPath = (id: string) => `/email_templates_management/${id}/email_template_setup`;

/**
 * The template's form beside its live preview, then the checks' findings and, once saved, its
 * versions. Save writes a new version; Send test mails what is on screen (saved or not) to the
 * signed-in user.
 */
export function TemplateEditor(props: {
  saved?: EmailTemplateAnswer;
  initial: EmailTemplateInput;
  /** The version a save just made, when the page was opened by that save (a new template's first). */
  justSaved?: number;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { saved } = props;
  const mutation = useApiMutation<typeof emailTemplateAnswer>();
  const testSend = useApiMutation<typeof emailTestSendAnswer>();
  const [sent, setSent] = useState<EmailTestSendAnswer | null>(null);
  const [savedVersion, setSavedVersion] = useState<number | null>(props.justSaved ?? null);
  const url = saved
    ? emailTemplatesPath(EMAIL_TEMPLATES_API.template, { templateId: saved.id })
    : EMAIL_TEMPLATES_API.templates;
  const refreshList = () => invalidate({ resource: EMAIL_TEMPLATES_RESOURCE, invalidates: ['list'] });

  const save = useSaveForm<typeof emailTemplateSchema, EmailTemplateInput, EmailTemplateAnswer>({
    schema: emailTemplateSchema,
    // A visual template's MJML is made from its blocks (the server makes it again, from them).
    toInput: resolvedSource,
    initialValues: props.initial,
    save: (data) => mutation.send({ url, method: saved ? 'put' : 'post', values: data }),
    success: (_data, result) => t('emailTemplates.versionSaved', { n: result.currentVersion }),
    toastKey: 'email-template-saved',
    onSaved: (result) => {
      setSavedVersion(result.currentVersion);
      void refreshList();
      if (!saved) void navigate(setupPath(result.id), { replace: true, state: { justSaved: result.currentVersion } });
      else void props.onChanged();
    },
  });
  const values = Form.useWatch((all: EmailTemplateInput) => all, { form: save.form, preserve: true }) ?? props.initial;
  // What renders: a visual template's MJML made from its blocks (an uploaded picture named by this
  // app's address, as the server names it), the preview and the checks' too.
  const source = useMemo(
    () => resolvedSource({ ...values, mjml: values.mjml ?? '' }, window.location.origin),
    [values],
  );
  const checks = useFindings(source, t);

  // One test at a time, held in a ref: a double-click's second press arrives before the button
  // is drawn loading, and each press mailed the test again.
  const testing = useRef(false);
  const sendTest = async () => {
    if (testing.current) return;
    setSent(null);
    const checked = emailSourceSchema.safeParse(source);
    if (!checked.success) return void save.submit();
    testing.current = true;
    try {
      setSent(await testSend.send({ url: EMAIL_TEMPLATES_API.testSend, method: 'post', values: checked.data }));
    } catch (error) {
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
    } finally {
      testing.current = false;
    }
  };
  const remove = async () => {
    try {
      await mutation.send({ url, method: 'delete' });
      await refreshList();
      showToast({ kind: 'message', type: 'success', content: t('emailTemplates.deleted') });
      // In place of the deleted template's page, as the resource engine's show page does: Back
      // went to it again and showed 'This template does not exist' under its old name.
      void navigate('/email_templates_management', { replace: true });
    } catch (error) {
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
    }
  };

  return (
    <>
      <Space wrap className="et-toolbar">
        <Button type="primary" icon={<SaveOutlined />} loading={save.saving} onClick={() => void save.submit()}>
          {t('emailTemplates.save')}
        </Button>
        <Button icon={<SendOutlined />} loading={testSend.isPending} onClick={() => void sendTest()}>
          {t('emailTemplates.sendTest')}
        </Button>
        {saved && (
          <SteadyPopconfirm
            title={t('emailTemplates.deleteConfirm')}
            okText={t('emailTemplates.delete')}
            onConfirm={remove}
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('emailTemplates.delete')}
            </Button>
          </SteadyPopconfirm>
        )}
      </Space>
      {saved && (
        <p className="et-muted" data-testid="et-current-version">
          {t('emailTemplates.currentVersion', { n: saved.currentVersion })}
        </p>
      )}
      {savedVersion !== null && (
        <Alert
          type="success"
          showIcon
          className="et-alert"
          role="status"
          message={t('emailTemplates.versionSaved', { n: savedVersion })}
        />
      )}
      {sent && (
        <Alert
          type="success"
          showIcon
          className="et-alert"
          role="status"
          message={t('emailTemplates.testSent', { to: sent.to })}
          description={t(`emailTemplates.transport.${sent.transport}`)}
        />
      )}
      <div className="et-editor">
        <div className="et-editor-form">
          <FormError message={save.formError} />
          <Form {...save.formProps} validateTrigger={['onChange', 'onBlur']} aria-label={t('emailTemplates.formLabel')}>
            <TemplateFields form={save.form} rules={save.rules} onSwitched={save.markDirty} refusal={save.refusal} />
          </Form>
          <FindingsList findings={checks.findings} error={checks.error} />
        </div>
        <div className="et-editor-preview">
          <LivePreview mjml={source.mjml} kind={values.kind ?? 'general'} />
        </div>
      </div>
      {saved && <VersionsList templateId={saved.id} current={saved.currentVersion} kind={saved.kind} />}
    </>
  );
}
