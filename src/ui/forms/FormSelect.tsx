import { useCallback, useLayoutEffect, useRef, type Ref } from 'react';
import { Select, type RefSelectProps, type SelectProps } from 'antd';

/**
 * antd's Select for a required Form.Item. The item hands its control aria-required="true", and
 * antd 5's Select writes it on its combobox, where it belongs, and on its outer div as well, where
 * the attribute is not allowed (ant-design#46030, fixed in antd 6; axe aria-allowed-attr, which
 * rates it critical). This Select takes it off the outer div after each render; the combobox keeps
 * it. A ref given (Form.Item's, to scroll to the field) still reaches antd's Select.
 */
export function FormSelect<V = unknown>({ ref, ...props }: SelectProps<V> & { ref?: Ref<RefSelectProps> }) {
  const own = useRef<RefSelectProps | null>(null);
  useLayoutEffect(() => {
    own.current?.nativeElement?.removeAttribute('aria-required');
  });
  const both = useCallback(
    (select: RefSelectProps | null) => {
      own.current = select;
      if (typeof ref === 'function') ref(select);
      else if (ref) ref.current = select;
    },
    [ref],
  );
  return <Select<V> {...props} ref={both} />;
}
