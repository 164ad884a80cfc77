import { useCallback, useLayoutEffect, useRef, type MouseEvent, type PropsWithChildren, type Ref } from 'react';
import { Select as AntdSelect, type RefSelectProps, type SelectProps } from 'antd';
import type { BaseOptionType, DefaultOptionType } from 'antd/es/select';

/**
 * After a press in a select's list, rc-select hands the focus back to the select in a zero-delay
 * timer (for list content that cannot hold the focus), unless the focus is inside the list. When
 * that timer runs late (a busy main thread may handle the next click before it), the user may
 * already be in the next field, and it took the focus from there: what they typed next went into
 * the select's search and the field stayed empty (the service ticket form's Address after its
 * Customer was picked; tests/unit/form-select-focus.test.tsx). Until that timer has run, the
 * select's input takes the focus only when no other field holds it.
 */
function keepFocusWhereTheUserPutIt(box: HTMLElement, list: Element | null) {
  const input = box.querySelector('input');
  if (!input) return;
  input.focus = (options?: FocusOptions) => {
    const now = document.activeElement;
    const elsewhere = !!now && now !== document.body && !box.contains(now) && !list?.contains(now);
    if (!elsewhere) HTMLElement.prototype.focus.call(input, options);
  };
  // Scheduled after rc-select's own timer (set in the same press, same delay), so it runs after it.
  setTimeout(() => Reflect.deleteProperty(input, 'focus'));
}

/**
 * The app's one select: antd's Select, with its props, types and behaviour (showSearch, options,
 * mode="multiple", a ref), less two faults. Every screen uses this one, never antd's own (the lint
 * rule in eslint.config.js refuses `import { Select } from 'antd'` outside src/ui/forms).
 *
 * A required Form.Item hands its control aria-required="true", and
 * antd 5's Select writes it on its combobox, where it belongs, and on its outer div as well, where
 * the attribute is not allowed (ant-design#46030, fixed in antd 6; axe aria-allowed-attr, which
 * rates it critical). This Select takes it off the outer div after each render; the combobox keeps
 * it. A ref given (Form.Item's, to scroll to the field) still reaches antd's Select. A press in
 * its list never takes the focus back from the field the user went on to (above).
 */
// `any` as antd's own default, so a select's value and onChange are typed as with antd's Select.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function Select<V = any, O extends BaseOptionType | DefaultOptionType = DefaultOptionType>({
  ref,
  onMouseDown,
  ...props
}: PropsWithChildren<SelectProps<V, O>> & { ref?: Ref<RefSelectProps> }) {
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
  const pressed = (event: MouseEvent<HTMLDivElement>) => {
    onMouseDown?.(event);
    const box = own.current?.nativeElement;
    const target = event.target as Element;
    // A press on the select's own box focuses it rightly; only one in its list (a portal) is guarded.
    if (box && !box.contains(target)) keepFocusWhereTheUserPutIt(box, target.closest('.ant-select-dropdown'));
  };
  return <AntdSelect<V, O> {...props} ref={both} onMouseDown={pressed} />;
}
