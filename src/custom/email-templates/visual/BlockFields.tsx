import type { ReactNode } from 'react';
import { ColorPicker, Form, Input, Segmented, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AnyBlock } from '../../../domain/email-templates/blocks';
import type { EmailTemplateKind } from '../../../domain/email-templates/kinds';
import { translateMessage } from '../../../providers/i18n/translate-message';
import { NumberField } from '../../../ui/forms/NumberField';
import { VARIABLE_FORMS } from '../variable-forms';
import { ImageUpload } from './ImageUpload';
import { TextMarkField } from './TextMarkField';

export interface FieldKit {
  /** A labelled field with the schema's message for `path` under it. */
  field: (
    path: string,
    label: string,
    control: (id: string, invalid: boolean) => ReactNode,
    extra?: string,
  ) => ReactNode;
  colour: (path: string, label: string, value: string, set: (hex: string) => void) => ReactNode;
  /** A whole number of pixels (a cleared box is null, which the schema refuses with its message). */
  pixels: (path: string, label: string, value: number, set: (n: number) => void) => ReactNode;
}

/** The fields' kit: antd controls, each with its block's message from the shared schema. */
export function useFieldKit(errors: Record<string, string>, idPrefix: string): FieldKit {
  const { t } = useTranslation();
  const field: FieldKit['field'] = (path, label, control, extra) => {
    const message = errors[path];
    const id = `${idPrefix}-${path.replace(/\./g, '-')}`;
    return (
      <Form.Item
        key={path}
        label={label}
        htmlFor={id}
        extra={extra}
        validateStatus={message ? 'error' : undefined}
        help={message ? translateMessage(t, message) : undefined}
      >
        {control(id, Boolean(message))}
      </Form.Item>
    );
  };
  return {
    field,
    colour: (path, label, value, set) =>
      field(path, label, () => (
        <ColorPicker
          disabledAlpha
          showText
          format="hex"
          value={value}
          aria-label={label}
          onChange={(colour) => set(colour.toHexString())}
        />
      )),
    pixels: (path, label, value, set) =>
      field(path, label, (id, invalid) => (
        <NumberField
          id={id}
          className="et-number"
          value={value}
          status={invalid ? 'error' : undefined}
          // Text that is not a number goes to the block as typed, for the schema to refuse.
          onChange={(n) => set(n as number)}
        />
      )),
  };
}

/** The fields of one block of any type; `set` gives the block back changed. */
export function BlockFields(props: {
  block: AnyBlock;
  kit: FieldKit;
  kind: EmailTemplateKind;
  set: (block: AnyBlock) => void;
}) {
  const { t } = useTranslation();
  const { block, kit, set } = props;
  const label = (name: string) => t(`emailTemplates.visual.fields.${name}`);
  const align = (value: 'left' | 'center' | 'right', change: (v: 'left' | 'center' | 'right') => void) =>
    kit.field('align', label('align'), () => (
      <Segmented<'left' | 'center' | 'right'>
        aria-label={label('align')}
        value={value}
        onChange={change}
        options={(['left', 'center', 'right'] as const).map((v) => ({
          value: v,
          label: t(`emailTemplates.visual.align.${v}`),
        }))}
      />
    ));
  const text = (path: string, name: string, value: string, change: (v: string) => void, extra?: string) =>
    kit.field(
      path,
      label(name),
      (id, invalid) => (
        <Input id={id} value={value} status={invalid ? 'error' : undefined} onChange={(e) => change(e.target.value)} />
      ),
      extra,
    );

  switch (block.type) {
    case 'text':
      return (
        <>
          {kit.field(
            'text',
            label('text'),
            (id, invalid) => (
              <TextMarkField
                id={id}
                value={block.text}
                kind={props.kind}
                invalid={invalid}
                onChange={(v) => set({ ...block, text: v })}
              />
            ),
            t('emailTemplates.visual.textHint', VARIABLE_FORMS),
          )}
          <div className="et-fields-row">
            {kit.pixels('fontSize', label('fontSize'), block.fontSize, (v) => set({ ...block, fontSize: v }))}
            {kit.field('bold', label('bold'), (id) => (
              <Switch id={id} checked={block.bold} onChange={(v) => set({ ...block, bold: v })} />
            ))}
            {kit.colour('color', label('color'), block.color, (v) => set({ ...block, color: v }))}
          </div>
          {align(block.align, (v) => set({ ...block, align: v }))}
        </>
      );
    case 'image':
      return (
        <>
          {text('src', 'src', block.src, (v) => set({ ...block, src: v }), t('emailTemplates.visual.srcHint'))}
          <ImageUpload onUploaded={(path) => set({ ...block, src: path })} />
          {text('alt', 'alt', block.alt, (v) => set({ ...block, alt: v }))}
          {text('href', 'href', block.href ?? '', (v) => set({ ...block, href: v }))}
          <div className="et-fields-row">
            {kit.pixels('width', label('width'), block.width, (v) => set({ ...block, width: v }))}
          </div>
          {align(block.align, (v) => set({ ...block, align: v }))}
        </>
      );
    case 'button':
      return (
        <>
          {text('label', 'label', block.label, (v) => set({ ...block, label: v }))}
          {text('href', 'buttonHref', block.href, (v) => set({ ...block, href: v }))}
          <div className="et-fields-row">
            {kit.colour('background', label('buttonColour'), block.background, (v) => set({ ...block, background: v }))}
            {kit.colour('color', label('labelColour'), block.color, (v) => set({ ...block, color: v }))}
          </div>
          {align(block.align, (v) => set({ ...block, align: v }))}
        </>
      );
    case 'divider':
      return (
        <div className="et-fields-row">
          {kit.colour('color', label('color'), block.color, (v) => set({ ...block, color: v }))}
          {kit.pixels('thickness', label('thickness'), block.thickness, (v) => set({ ...block, thickness: v }))}
        </div>
      );
    case 'columns':
      return null;
  }
}
