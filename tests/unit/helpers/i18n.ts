import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../public/locales/en/translation.json';
import es from '../../../public/locales/es/translation.json';

/** Each area's English strings by namespace (src/custom/<area>/locales/en.json; docs/architecture.md, "An area's strings"). */
export const AREA_BUNDLES_EN: Readonly<Record<string, Record<string, unknown>>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>('../../../src/custom/*/locales/en.json', {
      eager: true,
      import: 'default',
    }),
  ).map(([path, bundle]) => [path.split('/').at(-3)!, bundle]),
);

/**
 * English translations loaded in memory, set up as the app sets up i18next (no escaping: React does it): the
 * central file and every area's namespace, which lookups with the default namespace fall back to.
 */
export function initEnglish() {
  return i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: en, ...AREA_BUNDLES_EN } },
    fallbackNS: Object.keys(AREA_BUNDLES_EN),
    interpolation: { escapeValue: false },
  });
}

/** Each area's Spanish strings by namespace, as AREA_BUNDLES_EN. */
const AREA_BUNDLES_ES: Readonly<Record<string, Record<string, unknown>>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>('../../../src/custom/*/locales/es.json', {
      eager: true,
      import: 'default',
    }),
  ).map(([path, bundle]) => [path.split('/').at(-3)!, bundle]),
);

/**
 * Switches the English set-up of initEnglish to `language`, its strings loaded first: a test of
 * what a screen says in both of the app's languages (a name that must hold the words shown).
 */
export async function switchLanguage(language: 'en' | 'es') {
  if (language === 'es' && !i18n.hasResourceBundle('es', 'translation')) {
    i18n.addResourceBundle('es', 'translation', es);
    for (const [namespace, bundle] of Object.entries(AREA_BUNDLES_ES)) i18n.addResourceBundle('es', namespace, bundle);
  }
  await i18n.changeLanguage(language);
}
