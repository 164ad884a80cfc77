import { useEffect, useState } from 'react';
import { EMAIL_TEMPLATES_API } from '../../domain/email-templates/api';
import { emailSourceSchema, type EmailSource } from '../../domain/email-templates/rules';
import type { EmailFinding, emailPreviewAnswer } from '../../domain/email-templates/wire';
import { fieldMessage } from '../../providers/http/api-error';
import { translateMessage } from '../../providers/i18n/translate-message';
import { useApiMutation } from '../../providers/use-api';
import type { TFunction } from 'i18next';

/**
 * The server's checks of the source being edited (the same that run on save), asked a moment
 * after the typing stops: the findings, or the line and message of source that does not parse.
 * Source the form's own schema refuses is not sent.
 */
export function useFindings(source: Partial<EmailSource>, t: TFunction) {
  const preview = useApiMutation<typeof emailPreviewAnswer>();
  const { send } = preview;
  const [state, setState] = useState<{ findings: EmailFinding[] | null; error: string | null }>({
    findings: null,
    error: null,
  });
  const { kind, subject, mjml } = source;
  useEffect(() => {
    const checked = emailSourceSchema.safeParse({ kind, subject, mjml });
    if (!checked.success) return;
    let current = true;
    const timer = setTimeout(() => {
      send({ url: EMAIL_TEMPLATES_API.preview, method: 'post', values: checked.data }).then(
        (answer) => current && setState({ findings: answer.findings, error: null }),
        (error: unknown) => {
          if (!current) return;
          const line = fieldMessage(error, 'mjml');
          const text = line ? translateMessage(t, line) : null;
          setState({ findings: null, error: text ?? translateMessage(t, (error as Error).message) });
        },
      );
    }, 500);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [kind, subject, mjml, send, t]);
  return state;
}
