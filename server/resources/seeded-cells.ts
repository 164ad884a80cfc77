/**
 * A seeded value in the reader's language for the CSV export: the text the screens show
 * (src/domain/resources/seeded.ts, the `seeded` field option), so a Spanish reader's file says
 * what their list says — a built-in role's description, the Free plan's name — and not the English
 * the row holds. A value someone typed is written as stored. The reader's language is the one
 * their page sends (Accept-Language, src/providers/http/client.ts); without one, English.
 */
import type { FieldDeclaration } from '../../src/domain/resources/types';
import type { PlatformMailLocale } from '../../src/domain/email-templates/kinds';
import { seededKey } from '../../src/domain/resources/seeded';
import { t } from '../i18n';

export function seededCell(
  locale: PlatformMailLocale,
  field: FieldDeclaration,
  value: unknown,
  row: Record<string, unknown>,
): unknown {
  const seeded = seededKey(field.seeded, value, row);
  return seeded ? (t(locale, seeded.key) ?? value) : value;
}
