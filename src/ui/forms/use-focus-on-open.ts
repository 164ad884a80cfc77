import { useEffect, useRef } from 'react';
import type { InputRef } from 'antd';

/** What antd's Input, Input.Password and Input.TextArea refs share: focus, with the text selected on ask. */
interface Focusable {
  focus(options?: { cursor?: 'start' | 'end' | 'all' }): void;
}

/**
 * A dialog's first field, focused as the dialog opens (its text selected), so a person types at
 * once. Not autoFocus: antd's Modal mounts its content before it is in the page and then focuses
 * its own box, so a field's autoFocus never holds; focused a moment later, the field keeps it
 * (the Modal leaves alone a focus already inside it). Give the ref to the field's Input (or
 * TextArea: `useFocusOnOpen<TextAreaRef>`). `open` may be any moment the field appears: a
 * dialog's second step, or a field shown once a choice is made.
 */
export function useFocusOnOpen<T extends Focusable = InputRef>(open: boolean) {
  const field = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => {
      try {
        field.current?.focus({ cursor: 'all' });
      } catch {
        // Focused, then nothing to select: an email field has no selection (setSelectionRange throws).
      }
    });
    return () => clearTimeout(timer);
  }, [open]);
  return field;
}
