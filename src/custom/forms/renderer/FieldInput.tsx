import { Checkbox, Input } from 'antd';
import dayjs from 'dayjs';
import type { FormField } from '../../../domain/forms/definition';
import { answerMaxLength } from '../../../domain/forms/evaluate';
import { Select } from '../../../ui/forms/Select';
import { NumberField } from '../../../ui/forms/NumberField';
import { DATE_INPUT_FORMATS } from '../../../ui/forms/typed-dates';
import { useTypedDateText } from '../../../ui/forms/use-typed-date-text';
import { ZonedDatePicker } from '../../../ui/forms/ZonedDatePicker';

/**
 * A date answer: today is this device's on the public page (a published form has no business) and
 * the business's in the form editor's preview (PickerZone). Text typed that no format reads stays
 * in the box and is the answer, which the form refuses under the field ('Enter a valid date',
 * evaluate.ts) until it is corrected (useTypedDateText).
 */
function DateAnswer({
  id,
  onBlur,
  invalid,
  value,
  onChange,
}: {
  id: string;
  onBlur: () => void;
  invalid: boolean;
  value: string;
  onChange: (value: unknown) => void;
}) {
  const typed = useTypedDateText({
    value,
    read: value ? dayjs(value) : null,
    withTime: false,
    written: (d) => d.format('YYYY-MM-DD'),
    onChange: (v) => onChange(v ?? ''),
  });
  return (
    <ZonedDatePicker
      id={id}
      aria-invalid={invalid || typed.unreadable !== null || undefined}
      // Shown MM/DD/YYYY; typed as people type it too ('12/5/2026'), as the app's other date fields.
      format={DATE_INPUT_FORMATS}
      preserveInvalidOnBlur
      onBlur={(event) => {
        typed.onBlur(event);
        onBlur();
      }}
      value={typed.shown}
      onChange={typed.onPicked}
    />
  );
}

/** One field's control by its type; the value is the answer as the evaluator reads it. */
export function FieldInput({
  field,
  value,
  onChange,
  onBlur,
  id,
  invalid,
}: {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  id: string;
  invalid: boolean;
}) {
  const common = { id, onBlur, 'aria-invalid': invalid || undefined };
  const text = typeof value === 'string' ? value : '';
  // A text answer's box: typing stops at the longest answer the check takes (as the generated forms' inputs do).
  const typed = {
    ...common,
    maxLength: answerMaxLength(field),
    value: text,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  switch (field.type) {
    case 'longText':
      return <Input.TextArea {...typed} rows={4} />;
    case 'email':
      return <Input {...typed} type="email" autoComplete="email" />;
    case 'phone':
      return <Input {...typed} type="tel" autoComplete="tel" />;
    case 'number':
      return (
        <NumberField
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : null}
          onChange={onChange}
        />
      );
    case 'date':
      return <DateAnswer id={id} onBlur={onBlur} invalid={invalid} value={text} onChange={onChange} />;
    case 'select':
      return (
        // The app's Select: a pick never takes the focus back from the next field (src/ui/forms/Select.tsx).
        <Select
          {...common}
          allowClear
          value={text || undefined}
          options={field.options.map((o) => ({ value: o, label: o }))}
          onChange={(v?: string) => onChange(v ?? '')}
        />
      );
    case 'multiSelect':
      return (
        <div id={id} role="group" aria-label={field.label} onBlur={onBlur}>
          <Checkbox.Group
            options={field.options}
            value={Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []}
            onChange={(v) => onChange(v)}
          />
        </div>
      );
    case 'checkbox':
      return (
        <Checkbox id={id} checked={value === true} onChange={(e) => onChange(e.target.checked)} onBlur={onBlur}>
          {field.label}
        </Checkbox>
      );
    default:
      return <Input {...typed} />;
  }
}
