/**
 * The sample folders' names in the reader's language, from the screens' translations
 * (`sampleFolders.<key>` in public/locales): the server names what it writes for a person (a
 * copy, a zip, the trash's paths, a taken name) as the screen shows it.
 */
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { isSampleKey } from '../../../src/domain/files/rules';
import { t } from '../../i18n';

/** A sample folder's name in `locale`, or undefined when `key` is none. */
export const sampleName = (key: string | null, locale: PlatformMailLocale): string | undefined =>
  isSampleKey(key) ? t(locale, `sampleFolders.${key}`) : undefined;
