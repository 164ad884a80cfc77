import { useEffect, useState } from 'react';
import type { FormDetail } from '../../domain/forms/wire';

export interface FormVersion {
  /** The form's `updatedAt` as this tab last had it, sent with a draft save. */
  seen: string | undefined;
  /** A write made from this tab (save, rename, publish) answered the form: go on from its version. */
  moved: (answer: FormDetail) => void;
}

/**
 * The version a builder tab's draft was made from: the form as first read, then as each of this
 * tab's own writes answered it — never a reread. Another tab's save read back on focus is not
 * what this tab's fields show, so the server must still refuse this tab's save over it (409)
 * instead of letting it silently undo the other's. Another form opened in the same page starts
 * again from that form.
 */
export function useFormVersion(form: FormDetail | undefined): FormVersion {
  const [own, setOwn] = useState<{ id: string; at: string } | null>(null);
  useEffect(() => {
    if (form && own?.id !== form.id) setOwn({ id: form.id, at: form.updatedAt });
  }, [form, own]);
  return {
    seen: own && own.id === form?.id ? own.at : form?.updatedAt,
    moved: (answer) => setOwn({ id: answer.id, at: answer.updatedAt }),
  };
}
