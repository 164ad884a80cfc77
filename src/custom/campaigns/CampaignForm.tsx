import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_API } from '../../domain/campaigns/api';
import { campaignSchema, type CampaignInput } from '../../domain/campaigns/rules';
import type { CampaignOptions, campaignRow, CampaignRow } from '../../domain/campaigns/wire';
import { useApiMutation } from '../../providers/use-api';
import { FormError } from '../../ui/forms/FormError';
import { Select } from '../../ui/forms/Select';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { apiPath, CAMPAIGNS_RESOURCE, pagePath } from './campaigns-api';
import { ContactPreview } from './ContactPreview';
import { SegmentBuilder } from './SegmentBuilder';
import { SendOptions } from './SendOptions';
import { useAudience } from './use-audience';

/**
 * A campaign's draft: sender and template from what the business has (verified senders only),
 * the subject (the template's, to start with), the audience segment with its live count and a
 * preview for one of its contacts, an optional A/B subject, the hourly cap and the daily send
 * window. Every field is checked by the schema the server applies.
 */
export function CampaignForm(props: {
  id?: string;
  /** An edit's draft `updatedAt` as read: saved since from another tab, the server answers 409. */
  updatedAt?: string;
  initial: CampaignInput;
  options: CampaignOptions;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const mutation = useApiMutation<typeof campaignRow>();
  const { options } = props;
  // The version these fields started from, kept as the page rereads the campaign (another tab's
  // save read back on focus must not become this form's: its fields still show the older draft).
  const [seen] = useState(props.updatedAt);
  const save = useSaveForm<typeof campaignSchema, CampaignInput, CampaignRow>({
    schema: campaignSchema,
    initialValues: props.initial,
    save: (data) =>
      mutation.send({
        url: props.id ? apiPath(CAMPAIGN_API.campaign, props.id) : CAMPAIGN_API.campaigns,
        method: props.id ? 'put' : 'post',
        values: props.id ? { ...data, updatedAt: seen } : data,
      }),
    success: t('campaigns.saved'),
    toastKey: 'campaign-saved',
    onSaved: (result) => {
      void invalidate({ resource: CAMPAIGNS_RESOURCE, invalidates: ['list'] });
      // A new campaign's page replaces the create form in history: Back goes to the list, not to a
      // blank form (an edit's save pushes, so Back returns to the edit form, as RecordForm does).
      void navigate(pagePath(result.id), { replace: !props.id });
    },
  });
  const values = Form.useWatch((all: CampaignInput) => all, { form: save.form, preserve: true }) ?? props.initial;
  const audience = useAudience(values.segment);
  // A template picked while the subject is empty lends its own subject.
  const pickTemplate = (id: string) => {
    const template = options.templates.find((x) => x.id === id);
    if (template && !save.form.getFieldValue('subject')) save.form.setFieldValue('subject', template.subject);
  };

  return (
    <div className="cm-editor">
      <div>
        {!options.senders.length && (
          <Alert type="warning" showIcon className="cm-gap" message={t('campaigns.noSenders')} />
        )}
        {!options.templates.length && (
          <Alert type="warning" showIcon className="cm-gap" message={t('campaigns.noTemplates')} />
        )}
        <FormError message={save.formError} />
        <Form {...save.formProps} aria-label={t('campaigns.formLabel')}>
          <Form.Item name="name" label={t('campaigns.fields.name')} htmlFor="cm-name" rules={save.rules('name')}>
            <Input id="cm-name" autoComplete="off" />
          </Form.Item>
          <div className="cm-row">
            {/* Named by their label alone (its `for` is the combobox's id): an aria-label as well
                named antd's outer box too, two "Sender" controls for a screen reader. */}
            <Form.Item
              name="senderId"
              label={t('campaigns.fields.sender')}
              htmlFor="cm-sender"
              rules={save.rules('senderId')}
              extra={t('campaigns.hints.sender')}
            >
              <Select id="cm-sender" options={options.senders.map((s) => ({ value: s.id, label: s.label }))} />
            </Form.Item>
            <Form.Item
              name="templateId"
              label={t('campaigns.fields.template')}
              htmlFor="cm-template"
              rules={save.rules('templateId')}
            >
              <Select
                id="cm-template"
                onChange={pickTemplate}
                options={options.templates.map((x) => ({ value: x.id, label: x.name }))}
              />
            </Form.Item>
          </div>
          <Form.Item
            name="subject"
            label={t('campaigns.fields.subject')}
            htmlFor="cm-subject"
            rules={save.rules('subject')}
            extra={t('campaigns.hints.subject')}
          >
            <Input id="cm-subject" autoComplete="off" />
          </Form.Item>
          <SegmentBuilder form={save.form} rules={save.rules} audience={audience} campaigns={options.campaigns} />
          <SendOptions form={save.form} rules={save.rules} timeZone={options.timeZone} />
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.saving}>
            {t('campaigns.saveDraft')}
          </Button>
        </Form>
      </div>
      <ContactPreview templateId={values.templateId} subject={values.subject} contacts={audience.data?.sample ?? []} />
    </div>
  );
}
