import type { I18nProvider } from '@refinedev/core';
import { changeLanguage, currentLanguage, i18n, isLanguage } from './i18n';

/** Refine's i18n hooks (useTranslate, useSetLocale, useGetLocale) backed by the same i18next. */
export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: Record<string, unknown>, defaultMessage?: string) =>
    i18n.t(key, { defaultValue: defaultMessage, ...options }),
  changeLocale: (language: string) => (isLanguage(language) ? changeLanguage(language) : Promise.resolve()),
  getLocale: currentLanguage,
};
