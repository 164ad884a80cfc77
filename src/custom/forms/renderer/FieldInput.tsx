import { Checkbox, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { FormField } from '../../../domain/forms/definition';
import { NumberField } from '../../../ui/forms/NumberField';
import { DATE_INPUT_FORMATS } from '../../../ui/forms/typed-dates';
import { ZonedDatePicker } from '../../../ui/forms/ZonedDatePicker';

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
  switch (field.type) {
    case 'longText':
      return <Input.TextArea {...common} rows={4} value={text} onChange={(e) => onChange(e.target.value)} />;
    case 'email':
      return (
        <Input {...common} type="email" autoComplete="email" value={text} onChange={(e) => onChange(e.target.value)} />
      );
    case 'phone':
      return (
        <Input {...common} type="tel" autoComplete="tel" value={text} onChange={(e) => onChange(e.target.value)} />
      );
    case 'number':
      return (
        <NumberField
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : null}
          onChange={onChange}
        />
      );
    case 'date':
      return (
        // Today is this device's on the public page (a published form has no business) and the
        // business's in the form editor's preview (PickerZone).
        <ZonedDatePicker
          {...common}
          // Shown MM/DD/YYYY; typed as people type it too ('12/5/2026'), as the app's other date fields.
          format={DATE_INPUT_FORMATS}
          value={text ? dayjs(text) : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : '')}
        />
      );
    case 'select':
      return (
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
      return <Input {...common} value={text} onChange={(e) => onChange(e.target.value)} />;
  }
}
