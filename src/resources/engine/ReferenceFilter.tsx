import { DeferredSelect } from './DeferredSelect';
import { useReferenceSelectProps, type ReferenceSelectProps } from './use-reference-options';

/** A reference field as a list filter: ReferenceSelect's choices, antd's Select loaded on first touch. */
export function ReferenceFilter(props: ReferenceSelectProps) {
  const select = useReferenceSelectProps(props);
  return <DeferredSelect {...select} aria-label={props.label} />;
}
