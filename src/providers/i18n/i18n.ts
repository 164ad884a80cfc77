import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '../../domain/constants';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Loads /locales/{lng}/{ns}.json (the product brief, section 7, The calls it makes). Ten lines instead of an extra package.
 * `translation` is the central file (public/locales); each area's own strings are a namespace named as the area,
 * loaded with the area's code (src/custom/area-strings.tsx, docs/architecture.md "An area's strings").
 */
const localesBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    // Whether i18next should ask again (up to 5 times, 350 ms then doubling): yes for a dropped
    // connection or a server error, no for a file the server says is not there. A load that
    // fails for good counts as loaded for i18next (hasLoadedNamespace), so one lost request left
    // an area's page showing its raw keys until the next reload.
    let retry = true;
    fetch(`${import.meta.env.BASE_URL}locales/${language}/${namespace}.json`)
      .then((res) => {
        retry = res.ok || res.status >= 500;
        return res.ok ? res.json() : Promise.reject(new Error(`${res.status} loading ${language}/${namespace}`));
      })
      .then(
        (data: Record<string, unknown>) => callback(null, data),
        (error: Error) => callback(error, retry),
      );
  },
};

function storedLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  localStorage.setItem(STORAGE_KEYS.language, language);
}

export function initI18n(): Promise<unknown> {
  if (i18n.isInitialized) return Promise.resolve();
  // Here rather than on import: code that only reads the instance (the areas' strings) runs in node tests too.
  i18n.on('languageChanged', applyLanguage);
  return i18n
    .use(localesBackend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage(),
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
    });
}

/**
 * Loads the other language before switching, so the page never falls back to a blank Suspense nor shows a raw key:
 * i18next loads it for every namespace loaded so far (`loadNamespaces` adds each to `options.ns`), the areas'
 * included, and only then switches.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await i18n.loadLanguages(language);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { i18n };
