import { Select } from '../../ui/forms/Select';
import type { FieldAria } from './field-aria';
import { useReferenceSelectProps, type ReferenceSelectProps } from './use-reference-options';

/** Picks a record of another resource in a form; the form's <label for=id> names it. */
export function ReferenceSelect(props: ReferenceSelectProps & { id?: string; status?: 'error'; aria?: FieldAria }) {
  const select = useReferenceSelectProps(props);
  return (
    <Select
      {...select}
      {...props.aria}
      id={props.id}
      aria-label={props.id ? undefined : props.label}
      status={props.status}
    />
  );
}
