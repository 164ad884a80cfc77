import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../public/locales/en/translation.json';

/** English translations loaded in memory, set up as the app sets up i18next (no escaping: React does it). */
export function initEnglish() {
  return i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
}
