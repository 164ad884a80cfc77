import { useEffect, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATES_API, emailTemplatesPath } from '../../domain/email-templates/api';
import { KIND_VARIABLES, type EmailTemplateKind } from '../../domain/email-templates/kinds';
import { substitute } from '../../domain/email-templates/variables';
import type { emailVersionAnswer, EmailVersionAnswer } from '../../domain/email-templates/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { useApiFetch } from '../../providers/use-api';
import { MailFrame } from '../../ui/mail/MailFrame';

/** One saved version as it was saved: its subject and its HTML (sample data filled in), read-only. */
export function VersionDialog(props: {
  templateId: string;
  version: number;
  kind: EmailTemplateKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fetchApi = useApiFetch();
  const [read, setRead] = useState<{ version?: EmailVersionAnswer; error?: unknown }>({});
  const { templateId, version } = props;
  useEffect(() => {
    let current = true;
    fetchApi<typeof emailVersionAnswer>(
      emailTemplatesPath(EMAIL_TEMPLATES_API.version, { templateId, version: String(version) }),
    )
      .then((answer) => current && setRead({ version: answer }))
      .catch((error: unknown) => current && setRead({ error }));
    return () => {
      current = false;
    };
    // fetchApi is a new function every render; the version to read is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [templateId, version]);
  const values = KIND_VARIABLES[props.kind];

  return (
    <Modal
      open
      title={t('emailTemplates.versions.viewTitle', { n: version })}
      footer={null}
      onCancel={props.onClose}
      width={680}
    >
      {read.error !== undefined && <Alert type="error" showIcon message={errorText(t, read.error)} />}
      {!read.version && read.error === undefined && <Spin aria-busy="true" />}
      {read.version && (
        <>
          <p>
            <strong>{t('emailTemplates.fields.subject')}:</strong> {substitute(read.version.subject, values)}
          </p>
          <MailFrame
            title={t('emailTemplates.versions.frame', { n: version })}
            className="et-frame"
            style={{ width: '100%' }}
            html={substitute(read.version.html, values, true)}
          />
        </>
      )}
    </Modal>
  );
}
