import { Select } from 'antd';
import { useReferenceSelectProps, type ReferenceSelectProps } from './use-reference-options';

/** Picks a record of another resource in a form; the form's <label for=id> names it. */
export function ReferenceSelect(props: ReferenceSelectProps & { id?: string; status?: 'error' }) {
  const select = useReferenceSelectProps(props);
  return <Select {...select} id={props.id} aria-label={props.id ? undefined : props.label} status={props.status} />;
}
