import type { TFunction } from 'i18next';
import type { FormDetail } from '../../domain/forms/wire';
import { translateMessage } from '../../providers/i18n/translate-message';

/**
 * Why "Not spam" saved no contact, one line a refused answer: the form field's label as it read
 * in the answer's version (the server names it `answers.<key>`) and the contact's message in the
 * admin's language. An answer to a field the version no longer has is named by its key.
 */
export function contactRefusalLines(
  t: TFunction,
  versions: FormDetail['versions'],
  version: number,
  refused: Record<string, string>,
): string[] {
  const fields = versions.find((v) => v.version === version)?.fields ?? [];
  return Object.entries(refused).map(([name, message]) => {
    const key = name.replace(/^answers\./, '');
    const field = fields.find((f) => f.key === key)?.label ?? key;
    return t('forms.spam.contactRefused', { field, message: translateMessage(t, message) });
  });
}
