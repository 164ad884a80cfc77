import { Suspense, lazy } from 'react';
import { Input } from 'antd';
import type { FieldAria } from '../../resources/engine/field-aria';

const DateInput = lazy(() => import('../../resources/engine/DateInput'));

/**
 * The lazily loaded date picker as a Form.Item's child. Form.Item hands its value, onChange and
 * onBlur to its direct child: with <Suspense> there, they went to Suspense and the picker never
 * told the form a date, so "Send at a date and time" always answered that the date was missing
 * and the typed date vanished from the box.
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  onBlur,
  ownLabel = false,
  ...aria
}: FieldAria & {
  id?: string;
  label: string;
  /** No <label> names the box (a condition's value): the picker is named by `label` itself. */
  ownLabel?: boolean;
  value?: string | null;
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
}) {
  return (
    <Suspense fallback={<Input id={id} aria-label={ownLabel ? label : undefined} disabled />}>
      <DateInput
        id={ownLabel ? undefined : id}
        label={label}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        aria={aria}
      />
    </Suspense>
  );
}
