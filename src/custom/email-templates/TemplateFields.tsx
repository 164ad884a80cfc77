import { useRef } from 'react';
import { Button, Form, Input, Select, Space, Tooltip, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_TEMPLATE_KINDS,
  PLATFORM_ONLY_KINDS,
  variablesOfKind,
  type EmailTemplateKind,
} from '../../domain/email-templates/kinds';
import { useSession } from '../../providers/use-session';
import type { EmailTemplateInput } from '../../domain/email-templates/rules';
import { BLOCK_KINDS, BLOCKS, insertAt } from './blocks';
import { VARIABLE_FORMS } from './variable-forms';

type Rules = (name: string) => Rule[];

/**
 * Name, kind, subject and the MJML source, with buttons that put a block's MJML at the cursor
 * and the kind's variables, a click putting `{{name}}` there. Each field is checked by the shared
 * schema (`rules`) as it is typed; whether the source parses is the server's answer (FindingsList).
 */
export function TemplateFields({ form, rules }: { form: FormInstance<EmailTemplateInput>; rules: Rules }) {
  const { t } = useTranslation();
  const source = useRef<TextAreaRef>(null);
  const kind: EmailTemplateKind = Form.useWatch('kind', form) ?? 'general';
  // The platform's own mails' kinds are the administrator's (the server refuses them to a business).
  const admin = useSession()?.userData.roleName === 'ADMIN';
  const kinds = EMAIL_TEMPLATE_KINDS.filter((k) => admin || !PLATFORM_ONLY_KINDS.includes(k));

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

      <div className="et-insert" role="group" aria-label={t('emailTemplates.blocks.title')}>
        <span className="et-muted">{t('emailTemplates.blocks.title')}</span>
        <Space wrap size={4}>
          {BLOCK_KINDS.map((block) => (
            <Button key={block} size="small" onClick={() => insert(BLOCKS[block])}>
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
