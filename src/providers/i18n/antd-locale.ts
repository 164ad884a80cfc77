import type { Locale } from 'antd/es/locale';
// antd's ConfigProvider already bundles en_US as its default, so this import costs nothing.
import enUS from 'antd/es/locale/en_US';
import type { Language } from './i18n';

export { enUS };

let dayjsTouched = false;

/**
 * antd's built-in texts (pagination, empty states, pickers) and dayjs' day and month names for
 * a language. Spanish loads on demand; English is at hand.
 */
export async function loadAntdLocale(language: Language): Promise<Locale> {
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
  return enUS;
}
