import { useEffect, useRef, useState } from 'react';
import { Alert, Typography } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_API } from '../../domain/campaigns/api';
import type { AudienceAnswer, previewAnswer, PreviewAnswer } from '../../domain/campaigns/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { useApiMutation } from '../../providers/use-api';
import { MailFrame } from '../../ui/mail/MailFrame';

/**
 * The mail one contact of the audience would get: the server merges it exactly as the send will
 * (values, fallbacks, the unsubscribe part) and names any variable left without a value, which
 * would make the schedule be refused. Shown in a sandboxed frame: no script, no form, no link
 * navigates the app.
 */
export function ContactPreview(props: { templateId?: string; subject?: string; contacts: AudienceAnswer['sample'] }) {
  const { t } = useTranslation();
  const [contactId, setContactId] = useState<string | null>(null);
  const [shown, setShown] = useState<PreviewAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = useApiMutation<typeof previewAnswer>();
  const sendRef = useRef(preview.send);
  sendRef.current = preview.send;
  const chosen = props.contacts.some((c) => c.id === contactId) ? contactId : (props.contacts[0]?.id ?? null);
  const { templateId, subject } = props;

  useEffect(() => {
    if (!chosen || !templateId || !subject?.trim()) return void setShown(null);
    let live = true;
    sendRef
      .current({ url: CAMPAIGN_API.preview, method: 'post', values: { templateId, subject, contactId: chosen } })
      .then((answer) => live && (setShown(answer), setError(null)))
      .catch((e: unknown) => live && setError(errorText(t, e)));
    return () => {
      live = false;
    };
  }, [chosen, templateId, subject, t]);

  return (
    <section aria-label={t('campaigns.preview.title')} className="cm-preview">
      <Typography.Title level={5}>{t('campaigns.preview.title')}</Typography.Title>
      <Select
        aria-label={t('campaigns.preview.contact')}
        className="cm-preview-pick"
        value={chosen}
        onChange={setContactId}
        options={props.contacts.map((c) => ({ value: c.id, label: `${c.fullName} <${c.email}>` }))}
      />
      {error && <Alert type="error" showIcon message={error} />}
      {shown && (
        <>
          {shown.unresolved.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="cm-gap"
              message={t('campaigns.preview.unresolved', { names: shown.unresolved.join(', ') })}
            />
          )}
          <p className="cm-subject" data-testid="preview-subject">
            {shown.subject}
          </p>
          <MailFrame className="cm-frame" title={t('campaigns.preview.frame', { to: shown.to })} html={shown.html} />
        </>
      )}
    </section>
  );
}
