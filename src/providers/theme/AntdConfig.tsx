import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';
import { enUS, loadAntdLocale } from '../i18n/antd-locale';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/i18n';
import { antdTheme } from './antd-theme';
import { useThemeMode } from './theme-mode';
import { useMediaQuery } from './use-media-query';

/**
 * Publishes antd tokens as CSS variables on <html>, so plain elements styled in CSS files
 * (router links, the shells' backgrounds, the login hero, the main layout, the dashboard, the
 * generated lists' table, pager and select stand-in) follow the theme like antd's own. An area's
 * CSS reads these; it does not set variables of its own from the tokens.
 */
function TokenVariables() {
  const { token } = theme.useToken();
  // Before the browser paints: a dark page never shows one frame in the light fallbacks.
  useLayoutEffect(() => {
    const vars: Record<string, string> = {
      '--app-color-primary': token.colorPrimary,
      '--app-color-primary-hover': token.colorPrimaryHover,
      '--app-color-primary-border': token.colorPrimaryBorder,
      '--app-color-primary-text': token.colorPrimaryText,
      '--app-color-primary-text-hover': token.colorPrimaryTextHover,
      '--app-color-link': token.colorLink,
      '--app-color-link-hover': token.colorLinkHover,
      '--app-color-text': token.colorText,
      '--app-color-text-heading': token.colorTextHeading,
      '--app-color-text-secondary': token.colorTextSecondary,
      '--app-color-text-placeholder': token.colorTextPlaceholder,
      '--app-color-text-quaternary': token.colorTextQuaternary,
      '--app-color-text-disabled': token.colorTextDisabled,
      '--app-color-border': token.colorBorderSecondary,
      '--app-color-border-strong': token.colorBorder,
      '--app-color-bg-layout': token.colorBgLayout,
      '--app-color-bg-container': token.colorBgContainer,
      '--app-color-bg-disabled': token.colorBgContainerDisabled,
      '--app-color-bg-text-hover': token.colorBgTextHover,
      '--app-color-fill-alter': token.colorFillAlter,
      '--app-color-fill-secondary': token.colorFillSecondary,
      '--app-color-fill-content': token.colorFillContent,
      '--app-color-item-active': token.controlItemBgActive,
      '--app-color-item-active-hover': token.controlItemBgActiveHover,
      '--app-color-outline': token.controlOutline,
      '--app-color-error': token.colorError,
      '--app-color-success': token.colorSuccess,
      '--app-radius': `${token.borderRadius}px`,
      '--app-radius-lg': `${token.borderRadiusLG}px`,
      '--app-font-family': token.fontFamily,
    };
    for (const [name, value] of Object.entries(vars)) document.documentElement.style.setProperty(name, value);
  }, [token]);
  return null;
}

/** antd's ConfigProvider following the theme mode and the UI language. */
export function AntdConfig({ children }: { children: ReactNode }) {
  const { resolved } = useThemeMode();
  // A user who asked their system for less motion gets no sliding menus, zooming dialogs or
  // fading messages: things appear in their final place at once. Through antd's own switch, not
  // the common global `* { transition-duration: 0.01ms !important }` rule: with that rule antd
  // placed its menus and select lists thousands of pixels off screen.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  // Always a locale object: antd's ConfigProvider adds a provider only when one is given, and that
  // change of tree would remount the whole app when the language first switches.
  const [locale, setLocale] = useState<Locale>(enUS);

  useEffect(() => {
    let current = true;
    loadAntdLocale(language).then(
      (next) => current && setLocale(next),
      () => current && setLocale(enUS),
    );
    return () => {
      current = false;
    };
  }, [language]);

  return (
    <ConfigProvider locale={locale} theme={antdTheme(resolved, { motion: !reducedMotion })}>
      <TokenVariables />
      {children}
    </ConfigProvider>
  );
}
