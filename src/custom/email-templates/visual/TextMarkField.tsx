import { useRef } from 'react';
import { Button, Input, Space, Tooltip } from 'antd';
import { Select } from '../../../ui/forms/Select';
import { BoldOutlined, ItalicOutlined, LinkOutlined } from '@ant-design/icons';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { variablesOfKind, type EmailTemplateKind } from '../../../domain/email-templates/kinds';
import { insertAt } from '../blocks';

/**
 * A text block's text: a plain text area with buttons that put the marks around the selection
 * (**bold**, *italic*, [a link](https://…)) and a list of the kind's variables to put at the
 * cursor. What the marks make is seen in the preview beside.
 */
export function TextMarkField(props: {
  id: string;
  value: string;
  kind: EmailTemplateKind;
  invalid: boolean;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation();
  const area = useRef<TextAreaRef>(null);

  /** `before` and `after` around the selection (or `empty` when none); `replace`: `empty` in its place. */
  const put = (before: string, after: string, empty: string, replace = false) => {
    const el = area.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? props.value.length;
    const end = el?.selectionEnd ?? start;
    const inner = (!replace && props.value.slice(start, end)) || empty;
    const { value } = insertAt(props.value, before + inner + after, start, end);
    props.onChange(value);
    // After React writes the value: the wrapped words stay selected, to type over or keep.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + before.length, start + before.length + inner.length);
    });
  };

  return (
    <>
      <Space wrap size={4} className="et-text-tools">
        <Tooltip title={t('emailTemplates.visual.marks.bold')}>
          <Button
            size="small"
            icon={<BoldOutlined />}
            aria-label={t('emailTemplates.visual.marks.bold')}
            onClick={() => put('**', '**', t('emailTemplates.visual.marks.boldSample'))}
          />
        </Tooltip>
        <Tooltip title={t('emailTemplates.visual.marks.italic')}>
          <Button
            size="small"
            icon={<ItalicOutlined />}
            aria-label={t('emailTemplates.visual.marks.italic')}
            onClick={() => put('*', '*', t('emailTemplates.visual.marks.italicSample'))}
          />
        </Tooltip>
        <Tooltip title={t('emailTemplates.visual.marks.link')}>
          <Button
            size="small"
            icon={<LinkOutlined />}
            aria-label={t('emailTemplates.visual.marks.link')}
            onClick={() => put('[', '](https://)', t('emailTemplates.visual.marks.linkSample'))}
          />
        </Tooltip>
        <Select<string>
          size="small"
          className="et-variable-pick"
          value={null}
          placeholder={t('emailTemplates.visual.marks.variable')}
          aria-label={t('emailTemplates.visual.marks.variable')}
          options={variablesOfKind(props.kind).map((name) => ({ value: name, label: name }))}
          onChange={(name) => put('', '', `{{${name}}}`, true)}
        />
      </Space>
      <Input.TextArea
        id={props.id}
        ref={area}
        rows={5}
        value={props.value}
        status={props.invalid ? 'error' : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </>
  );
}
