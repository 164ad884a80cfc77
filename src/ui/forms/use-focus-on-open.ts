import { useEffect, useRef } from 'react';
import type { InputRef } from 'antd';

/**
 * A dialog's first field, focused as the dialog opens (its text selected), so a person types at
 * once. Not autoFocus: antd's Modal mounts its content before it is in the page and then focuses
 * its own box, so a field's autoFocus never holds; focused a moment later, the field keeps it
 * (the Modal leaves alone a focus already inside it). Give the ref to the field's Input.
 */
export function useFocusOnOpen(open: boolean) {
  const field = useRef<InputRef>(null);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => field.current?.focus({ cursor: 'all' }));
    return () => clearTimeout(timer);
  }, [open]);
  return field;
}
