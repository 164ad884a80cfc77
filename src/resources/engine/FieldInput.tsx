import { lazy, Suspense } from 'react';
import { Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDeclaration, ResourceDeclaration } from '../../domain/resources/types';
import { Select } from '../../ui/forms/Select';
import { NumberField } from '../../ui/forms/NumberField';
import { dollarsText, readDollars, readNumber, type NumberValue } from '../../ui/forms/number-text';
import { MarkdownInput } from './MarkdownInput';
import { ReferenceSelect } from './ReferenceSelect';
import { ReferenceMultiSelect } from './ReferenceMultiSelect';
import { ImageInput } from './ImageInput';
import type { FieldAria } from './field-aria';
import { optionLabel } from './labels';
import './engine.css';

const DateInput = lazy(() => import('./DateInput'));

/** antd's Form.Item supplies id, value, onChange, onBlur, status and the aria props (FieldAria). */
interface Props extends FieldAria {
  resource: ResourceDeclaration;
  fieldKey: string;
  field: FieldDeclaration;
  label: string;
  /** Given by antd's Form.Item. */
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  /** Given by antd's Form.Item: the form checks a field when it is left (validateTrigger onBlur). */
  onBlur?: () => void;
  status?: 'error';
  /** A reference's label from the record (`_labels`); a multi-reference's labels. */
  currentLabel?: string | readonly (string | null)[];
  /** An enum's values this form may choose (a state field's next states); default all options. */
  allowedOptions?: readonly string[];
}

/** The input for one declared field type; antd's Form.Item supplies id, value and onChange. */
export function FieldInput({
  resource,
  fieldKey,
  field,
  label,
  id,
  value,
  onChange,
  onBlur,
  status,
  currentLabel,
  allowedOptions,
  ...aria
}: Props) {
  const { t } = useTranslation();
  const text = (type: string, autoComplete?: string) => (
    <Input
      id={id}
      {...aria}
      aria-label={label}
      type={type}
      autoComplete={autoComplete}
      status={status}
      value={(value as string | undefined) ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
      onBlur={onBlur}
      maxLength={field.max}
    />
  );
  switch (field.type) {
    case 'markdown':
      return (
        <MarkdownInput id={id} aria={aria} status={status} value={value as string | undefined} onChange={onChange} />
      );
    case 'text':
      return (
        <Input.TextArea
          id={id}
          {...aria}
          status={status}
          autoSize={{ minRows: 3, maxRows: 12 }}
          value={(value as string | undefined) ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
          onBlur={onBlur}
        />
      );
    case 'email':
      return text('email', 'email');
    case 'phone':
      return text('tel', 'tel');
    case 'url':
      return text('url', 'url');
    case 'zip':
      return (
        <Input
          id={id}
          {...aria}
          inputMode="numeric"
          autoComplete="postal-code"
          status={status}
          value={(value as string | undefined) ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
          onBlur={onBlur}
          maxLength={10}
          className="engine-input-short"
        />
      );
    case 'password':
      return (
        <Input.Password
          id={id}
          {...aria}
          status={status}
          autoComplete="new-password"
          value={(value as string | undefined) ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
          onBlur={onBlur}
        />
      );
    case 'percent':
    case 'hours':
    case 'quantity':
    case 'integer':
    case 'money':
      // Text that is not a number stays as typed and is refused by the declared rules (NumberField).
      return (
        <NumberField
          id={id}
          {...aria}
          aria-label={label}
          status={status}
          value={value as NumberValue | undefined}
          onChange={(next) => onChange?.(next)}
          onBlur={onBlur}
          read={field.type === 'money' ? readDollars : readNumber}
          show={field.type === 'money' ? dollarsText : undefined}
          inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
          prefix={field.type === 'money' ? '$' : undefined}
          suffix={field.type === 'percent' ? '%' : undefined}
          className={field.type === 'percent' || field.type === 'hours' ? 'engine-input-narrow' : 'engine-input-wide'}
        />
      );
    case 'boolean':
      return (
        <Switch
          id={id}
          checked={value === true}
          onChange={(checked) => onChange?.(checked)}
          checkedChildren={t('resourceEngine.yes')}
          unCheckedChildren={t('resourceEngine.no')}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <Suspense fallback={<Input disabled className="engine-input-wide" />}>
          <DateInput
            id={id}
            aria={aria}
            label={label}
            status={status}
            withTime={field.type === 'datetime'}
            value={value as string | null | undefined}
            onChange={onChange}
            onBlur={onBlur}
          />
        </Suspense>
      );
    case 'enum':
      return (
        <Select
          id={id}
          {...aria}
          status={status}
          allowClear={!field.required}
          // A long list (a product's categories, tax codes) is found by typing, not only scrolled.
          showSearch={(allowedOptions ?? field.options ?? []).length > 8}
          optionFilterProp="label"
          value={(value as string | undefined) ?? undefined}
          onChange={(next) => onChange?.(next ?? null)}
          options={(allowedOptions ?? field.options ?? []).map((option) => ({
            value: option,
            label: optionLabel(t, resource, fieldKey, option),
          }))}
          className="engine-input-wide"
        />
      );
    case 'reference':
      return (
        <ReferenceSelect
          id={id}
          aria={aria}
          field={field}
          label={label}
          status={status}
          value={(value as string | null | undefined) ?? null}
          onChange={onChange}
          currentLabel={typeof currentLabel === 'string' ? currentLabel : undefined}
          width="100%"
        />
      );
    case 'references':
      return (
        <ReferenceMultiSelect
          id={id}
          aria={aria}
          field={field}
          label={label}
          status={status}
          value={(value as string[] | null | undefined) ?? []}
          onChange={onChange}
          onBlur={onBlur}
          currentLabels={Array.isArray(currentLabel) ? currentLabel : undefined}
        />
      );
    case 'image':
      return <ImageInput id={id} aria={aria} label={label} value={value} onChange={onChange} onBlur={onBlur} />;
    case 'time':
      return (
        <Input
          id={id}
          {...aria}
          type="time"
          status={status}
          value={(value as string | undefined) ?? ''}
          onChange={(event) => onChange?.(event.target.value)}
          onBlur={onBlur}
          className="engine-input-short"
        />
      );
    default:
      return text('text');
  }
}
