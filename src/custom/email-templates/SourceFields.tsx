import { useRef } from 'react';
import { Button, Form, Input, Space, Tooltip, type FormInstance } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { variablesOfKind, type EmailTemplateKind } from '../../domain/email-templates/kinds';
import type { EmailTemplateInput } from '../../domain/email-templates/rules';
import { BLOCK_KINDS, blockSnippets, insertAt } from './blocks';
import type { FieldRules } from '../../ui/forms/use-save-form';
import { VARIABLE_FORMS } from './variable-forms';

/**
 * The MJML source, with buttons that put a block's MJML at the cursor and the kind's variables,
 * a click putting `{{name}}` there.
 */
export function SourceFields({
  form,
  rules,
  kind,
}: {
  form: FormInstance<EmailTemplateInput>;
  rules: FieldRules;
  kind: EmailTemplateKind;
}) {
  const { t } = useTranslation();
  const source = useRef<TextAreaRef>(null);

  const insert = (text: string) => {
    const area = source.current?.resizableTextArea?.textArea;
    const current: string = form.getFieldValue('mjml') ?? '';
    const start = area?.selectionStart ?? current.length;
    const { value, cursor } = insertAt(current, text, start, area?.selectionEnd ?? start);
    form.setFieldValue('mjml', value);
    void form.validateFields(['mjml']).catch(() => undefined);
    // After React writes the value: the cursor goes after what was put in.
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(cursor, cursor);
    });
  };

  return (
    <>
      <div className="et-insert" role="group" aria-label={t('emailTemplates.blocks.title')}>
        <span className="et-muted">{t('emailTemplates.blocks.title')}</span>
        <Space wrap size={4}>
          {BLOCK_KINDS.map((block) => (
            <Button key={block} size="small" onClick={() => insert(blockSnippets(t)[block])}>
              {t(`emailTemplates.blocks.${block}`)}
            </Button>
          ))}
        </Space>
      </div>
      <div className="et-insert" role="group" aria-label={t('emailTemplates.variables.title')}>
        <span className="et-muted">{t('emailTemplates.variables.title')}</span>
        <Space wrap size={4}>
          {variablesOfKind(kind).map((name) => (
            <Tooltip key={name} title={t('emailTemplates.variables.insert', { name })}>
              <Button size="small" type="dashed" onClick={() => insert(`{{${name}}}`)}>
                {name}
              </Button>
            </Tooltip>
          ))}
        </Space>
      </div>
      <Form.Item
        name="mjml"
        label={t('emailTemplates.fields.mjml')}
        htmlFor="et-mjml"
        rules={rules('mjml')}
        extra={t('emailTemplates.hints.mjml', VARIABLE_FORMS)}
      >
        <Input.TextArea id="et-mjml" ref={source} className="et-code" rows={22} spellCheck={false} />
      </Form.Item>
    </>
  );
}
