import { Checkbox, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CHOICE_TYPES,
  FIELD_TEXT_MAX,
  FORM_FILE,
  FORM_FILE_TYPE_NAMES,
  RANGE_TYPES,
  TEXT_TYPES,
  type FormField,
} from '../../../domain/forms/definition';
import { translateMessage } from '../../../providers/i18n/translate-message';
import { NumberField } from '../../../ui/forms/NumberField';
import type { NumberValue } from '../../../ui/forms/number-text';
import { ConditionEditor } from './ConditionEditor';

/**
 * A bound as typed: a number, or the text that is not one yet ('-' on the way to '-3', '1O'),
 * kept in the draft so the box keeps it and the definition says "Enter a number" under it (the
 * draft is not saved meanwhile); the renderer's preview reads such a bound as none.
 */
const typedBound = (v: NumberValue) => v as number | null;

/**
 * The selected field's properties, edited in place: each change is one step of the editor's
 * undo. `errors` are the definition's messages for this field (the schema the server runs),
 * by property.
 */
export function FieldPanel({
  field,
  above,
  errors,
  onChange,
}: {
  field: FormField;
  above: readonly FormField[];
  errors: Record<string, string>;
  onChange: (patch: Partial<FormField>) => void;
}) {
  const { t } = useTranslation();
  const item = (prop: string, children: React.ReactNode, extra?: string) => (
    <Form.Item
      label={t(`forms.props.${prop}`)}
      htmlFor={`forms-prop-${prop}`}
      validateStatus={errors[prop] ? 'error' : undefined}
      help={errors[prop] ? translateMessage(t, errors[prop]) : undefined}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
  const number = (prop: 'min' | 'max') =>
    item(
      prop,
      <NumberField
        id={`forms-prop-${prop}`}
        value={field[prop] ?? null}
        onChange={(v) => onChange({ [prop]: typedBound(v) })}
      />,
      t(
        `forms.props.${prop}Help.${field.type === 'number' ? 'value' : field.type === 'multiSelect' ? 'count' : 'length'}`,
      ),
    );
  return (
    <Form layout="vertical" component="div" className="forms-panel">
      {item(
        'label',
        <Input
          id="forms-prop-label"
          maxLength={FIELD_TEXT_MAX.label}
          value={field.label}
          onChange={(e) => onChange({ label: e.target.value })}
        />,
      )}
      {item(
        'key',
        <Input id="forms-prop-key" value={field.key} onChange={(e) => onChange({ key: e.target.value.trim() })} />,
        t('forms.props.keyHelp'),
      )}
      {field.type === 'hidden'
        ? item(
            'param',
            <Input
              id="forms-prop-param"
              value={field.param ?? ''}
              onChange={(e) => onChange({ param: e.target.value })}
            />,
            t('forms.props.paramHelp'),
          )
        : item(
            'help',
            <Input
              id="forms-prop-help"
              maxLength={FIELD_TEXT_MAX.help}
              value={field.help}
              onChange={(e) => onChange({ help: e.target.value })}
            />,
          )}
      {field.type !== 'hidden' &&
        item(
          'required',
          <Switch id="forms-prop-required" checked={field.required} onChange={(required) => onChange({ required })} />,
        )}
      {CHOICE_TYPES.includes(field.type) &&
        item(
          'options',
          <Input.TextArea
            id="forms-prop-options"
            rows={4}
            value={field.options.join('\n')}
            onChange={(e) => onChange({ options: e.target.value.split('\n') })}
          />,
          t('forms.props.optionsHelp'),
        )}
      {RANGE_TYPES.includes(field.type) && (
        <div className="forms-panel-pair">
          {number('min')}
          {number('max')}
        </div>
      )}
      {field.type === 'file' && (
        <>
          {item(
            'accept',
            <div id="forms-prop-accept" role="group" aria-label={t('forms.props.accept')}>
              <Checkbox.Group
                value={field.accept}
                options={FORM_FILE.types.map((type) => ({ value: type, label: FORM_FILE_TYPE_NAMES[type] }))}
                onChange={(accept) => onChange({ accept })}
              />
            </div>,
          )}
          {item(
            'max',
            <NumberField
              id="forms-prop-max"
              value={field.max ?? null}
              onChange={(v) => onChange({ max: typedBound(v) })}
            />,
            t('forms.props.maxHelp.file', { max: FORM_FILE.maxMb }),
          )}
        </>
      )}
      {TEXT_TYPES.includes(field.type) &&
        item(
          'pattern',
          <Input
            id="forms-prop-pattern"
            maxLength={FIELD_TEXT_MAX.pattern}
            value={field.pattern ?? ''}
            onChange={(e) => onChange({ pattern: e.target.value || null })}
          />,
          t('forms.props.patternHelp'),
        )}
      {item(
        'showIf',
        <ConditionEditor
          id="forms-prop-showIf"
          value={field.showIf}
          above={above}
          onChange={(showIf) => onChange({ showIf })}
        />,
      )}
      {field.type !== 'hidden' &&
        item(
          'requiredIf',
          <ConditionEditor
            id="forms-prop-requiredIf"
            value={field.requiredIf}
            above={above}
            onChange={(requiredIf) => onChange({ requiredIf })}
          />,
        )}
    </Form>
  );
}
