import type { Locale } from 'antd/es/locale';
// antd's ConfigProvider already bundles en_US as its default, so this import costs nothing.
import antdEnUS from 'antd/es/locale/en_US';
import { DATE_FORMAT } from '../../domain/constants';
import type { Language } from './i18n';

/**
 * Dates read MM/DD/YYYY in every language (docs/product-brief.md, section 9). antd's pickers and
 * calendars title each day cell with the locale's field format, YYYY-MM-DD in both en_US and
 * es_ES (the Spanish sweep found it on the events calendar); the app's date fields pass their
 * format themselves.
 */
function withAppDates(locale: Locale): Locale {
  const { DatePicker, Calendar } = locale;
  return {
    ...locale,
    ...(DatePicker && { DatePicker: { ...DatePicker, lang: { ...DatePicker.lang, fieldDateFormat: DATE_FORMAT } } }),
    ...(Calendar && { Calendar: { ...Calendar, lang: { ...Calendar.lang, fieldDateFormat: DATE_FORMAT } } }),
  };
}

const enUS = withAppDates(antdEnUS);
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
    return withAppDates(esES);
  }
  if (dayjsTouched) {
    const { default: dayjs } = await import('dayjs');
    dayjs.locale('en');
  }
  return enUS;
}
