import type { Locale } from 'antd/es/locale';
import type { Language } from './i18n';

let dayjsTouched = false;

/**
 * antd's built-in texts (pagination, empty states, pickers) and dayjs' day and month names for
 * a language. English is antd's default, so nothing loads for it unless Spanish was used first.
 */
export async function loadAntdLocale(language: Language): Promise<Locale | undefined> {
  if (language === 'es') {
    const [{ default: esES }, { default: dayjs }] = await Promise.all([
      import('antd/es/locale/es_ES'),
      import('dayjs'),
      import('dayjs/locale/es'),
    ]);
    dayjs.locale('es');
    dayjsTouched = true;
    return esES;
  }
  if (dayjsTouched) {
    const { default: dayjs } = await import('dayjs');
    dayjs.locale('en');
  }
  return undefined;
}
