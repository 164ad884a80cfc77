import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Form, Space } from 'antd';
import { DeleteOutlined, DownloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WS_TEMPLATES_API, WS_TEMPLATES_RESOURCE, wsTemplatesPath } from '../../domain/ws-templates/api';
import { exportFileName, exportTemplate } from '../../domain/ws-templates/components';
import { wsTemplateSchema, type WsTemplate } from '../../domain/ws-templates/rules';
import { WS_LOCKED_STATUSES, type StatusMove } from '../../domain/ws-templates/status';
import { variableCount } from '../../domain/ws-templates/variables';
import type { wsTemplateAnswer, WsTemplateAnswer } from '../../domain/ws-templates/wire';
import { useApiMutation } from '../../providers/use-api';
import { useSession } from '../../providers/use-session';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { saveBlob } from '../../ui/download';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { PhonePreview } from './PhonePreview';
import { StatusPanel } from './StatusPanel';
import { TemplateFields } from './TemplateFields';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';

/** Only the examples the body's variables use travel (a variable removed takes its example along). */
const toInput = (values: WsTemplate) => ({
  ...values,
  bodyExamples: (values.bodyExamples ?? []).slice(0, variableCount(values.body ?? '')).map((v) => v ?? ''),
  buttons: (values.buttons ?? []).filter(Boolean),
});

/**
 * The template's form beside its phone preview, then its status and history. The shared validator
 * checks each field as it is typed; a submitted or approved template is shown locked.
 */
export function TemplateEditor(props: {
  saved?: WsTemplateAnswer;
  initial: WsTemplate;
  onChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { saved } = props;
  // A template not yet saved is the signed-in person's business's: its name heads the preview, as
  // it will once saved (a platform template, with no business, keeps the generic sender).
  const ownBusiness = useSession()?.userData.business?.companyName;
  const locked = saved ? WS_LOCKED_STATUSES.includes(saved.status) : false;
  const mutation = useApiMutation<typeof wsTemplateAnswer>();
  const url = saved ? wsTemplatesPath(WS_TEMPLATES_API.template, { templateId: saved.id }) : WS_TEMPLATES_API.templates;

  // The version the form's fields were edited from, sent with a change so the server refuses one
  // made over a save from another tab (409). Moved on by this editor's own saves and status moves,
  // never by a reread: another tab's save read back on focus is not what the fields show.
  const seen = useRef(saved?.updatedAt);
  const refreshList = () => invalidate({ resource: WS_TEMPLATES_RESOURCE, invalidates: ['list'] });
  const save = useSaveForm<typeof wsTemplateSchema, WsTemplate, WsTemplateAnswer>({
    schema: wsTemplateSchema,
    toInput,
    initialValues: props.initial,
    save: (data) =>
      mutation.send({
        url,
        method: saved ? 'put' : 'post',
        values: saved ? { ...data, updatedAt: seen.current } : data,
      }),
    success: () => t('wsTemplates.saved'),
    toastKey: 'ws-template-saved',
    onSaved: (result) => {
      seen.current = result.updatedAt;
      void refreshList();
      if (!saved) void navigate(`/ws_template_management/${result.id}`, { replace: true });
      else void props.onChanged();
    },
  });
  const values = Form.useWatch((all: WsTemplate) => all, { form: save.form, preserve: true }) ?? props.initial;

  const move = async (body: StatusMove) => {
    seen.current = (
      await mutation.send({
        url: wsTemplatesPath(WS_TEMPLATES_API.status, { templateId: saved!.id }),
        method: 'post',
        values: body,
      })
    ).updatedAt;
    await Promise.all([props.onChanged(), refreshList()]);
  };
  const remove = async () => {
    try {
      await mutation.send({ url, method: 'delete' });
      await refreshList();
      showToast({ kind: 'message', type: 'success', content: t('wsTemplates.deleted') });
      // In place of the deleted template's page, as the resource engine's show page does: Back
      // went to it again and showed 'This template does not exist' under its old name.
      void navigate('/ws_template_management', { replace: true });
    } catch (error) {
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
    }
  };
  const download = () =>
    saved && saveBlob(new Blob([exportTemplate(saved)], { type: 'application/json' }), exportFileName(saved));

  return (
    <>
      <Space wrap className="ws-toolbar">
        {!locked && (
          <Button type="primary" icon={<SaveOutlined />} loading={save.saving} onClick={() => void save.submit()}>
            {t('wsTemplates.save')}
          </Button>
        )}
        {saved && (
          <Button icon={<DownloadOutlined />} onClick={download}>
            {t('wsTemplates.export')}
          </Button>
        )}
        {saved && (
          <SteadyPopconfirm
            title={t('wsTemplates.deleteConfirm')}
            okText={t('wsTemplates.delete')}
            onConfirm={() => remove()}
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('wsTemplates.delete')}
            </Button>
          </SteadyPopconfirm>
        )}
      </Space>
      {locked && <Alert type="warning" showIcon message={t('wsTemplates.locked')} className="ws-alert" />}
      <div className="ws-editor">
        <div className="ws-editor-form">
          <FormError message={save.formError} />
          <Form {...save.formProps} validateTrigger={['onChange', 'onBlur']} aria-label={t('wsTemplates.formLabel')}>
            <TemplateFields form={save.form} rules={save.rules} disabled={locked} />
          </Form>
        </div>
        <div className="ws-editor-preview">
          <PhonePreview
            template={values}
            sender={(saved ? saved.businessName : ownBusiness) || t('wsTemplates.preview.sender')}
          />
        </div>
      </div>
      {saved && <StatusPanel template={saved} unsaved={save.dirty} onMove={move} />}
    </>
  );
}
