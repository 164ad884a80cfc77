import { lazy, Suspense, useMemo } from 'react';
import { Form, Input, Spin, type FormInstance } from 'antd';
import { Select } from '../../ui/forms/Select';
import type { FieldRules } from '../../ui/forms/use-save-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATE_KINDS, PLATFORM_ONLY_KINDS, type EmailTemplateKind } from '../../domain/email-templates/kinds';
import { useSession } from '../../providers/use-session';
import type { EmailTemplateInput } from '../../domain/email-templates/rules';
import { EditorMode } from './EditorMode';
import { SourceFields } from './SourceFields';

/** The visual mode, in a chunk of its own: a source template never loads it. */
const VisualEditor = lazy(() => import('./visual/VisualEditor'));

/**
 * Name, kind and subject, then the body: the visual mode's blocks (the form's `blocks`) or the
 * MJML source (SourceFields), as the template's mode says (EditorMode switches it). Each field is
 * checked by the shared schema (`rules`) as it changes; whether the source parses is the server's
 * answer (FindingsList).
 */
export function TemplateFields(props: {
  form: FormInstance<EmailTemplateInput>;
  rules: FieldRules;
  /** The mode was switched: unsaved work. */
  onSwitched: () => void;
  /** The server's messages of the last refused save, by path (useSaveForm's `refusal`). */
  refusal?: Record<string, string> | null;
}) {
  const { form, rules, refusal } = props;
  // The server names a block's part under the form's field ('blocks.blocks.3.text'); the editor
  // shows it at that block (on the form's hidden `blocks` item it showed nowhere).
  const refused = useMemo(
    () =>
      refusal
        ? Object.fromEntries(
            Object.entries(refusal)
              .filter(([path]) => path === 'blocks' || path.startsWith('blocks.'))
              .map(([path, message]) => [path === 'blocks' ? 'blocks' : path.slice('blocks.'.length), message]),
          )
        : undefined,
    [refusal],
  );
  const { t } = useTranslation();
  const kind: EmailTemplateKind = Form.useWatch('kind', form) ?? 'general';
  const visual = Boolean(Form.useWatch('blocks', { form, preserve: true }));
  // The platform's own mails' kinds are the administrator's (the server refuses them to a business).
  const admin = useSession()?.userData.roleName === 'ADMIN';
  const kinds = EMAIL_TEMPLATE_KINDS.filter((k) => admin || !PLATFORM_ONLY_KINDS.includes(k));

  return (
    <>
      <div className="et-fields-row">
        <Form.Item name="name" label={t('emailTemplates.fields.name')} htmlFor="et-name" rules={rules('name')}>
          <Input id="et-name" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="kind"
          label={t('emailTemplates.fields.kind')}
          rules={rules('kind')}
          extra={t('emailTemplates.hints.kind')}
        >
          <Select
            aria-label={t('emailTemplates.fields.kind')}
            options={kinds.map((k) => ({ value: k, label: t(`emailTemplates.kinds.${k}`) }))}
          />
        </Form.Item>
      </div>
      <Form.Item
        name="subject"
        label={t('emailTemplates.fields.subject')}
        htmlFor="et-subject"
        rules={rules('subject')}
      >
        <Input id="et-subject" autoComplete="off" />
      </Form.Item>

      <EditorMode form={form} onSwitched={props.onSwitched} />
      {visual ? (
        <Suspense fallback={<Spin aria-busy="true" />}>
          {/* noStyle: the editor shows each message itself, at its block (and the mail's
              background's and the block list's below it); the item only holds the field and its
              rule, which a save still waits on. Styled, it repeated a block's message under
              "Mail background"; and its error status (validateStatus, none here) tinted every
              control inside it without one of its own red, the mail's background among them. */}
          <div className="et-visual-item">
            <Form.Item name="blocks" rules={rules('blocks')} validateTrigger="onChange" noStyle validateStatus="">
              <VisualEditor kind={kind} refused={refused} />
            </Form.Item>
          </div>
        </Suspense>
      ) : (
        <SourceFields form={form} rules={rules} kind={kind} />
      )}
    </>
  );
}
