import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
import type { Locale } from 'antd/es/locale';
import { useTranslation } from 'react-i18next';
import { enUS, loadAntdLocale } from '../i18n/antd-locale';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/i18n';
import { useThemeMode } from './theme-mode';
import { useMediaQuery } from './use-media-query';

/** The brand colour of the logo; everything else comes from antd's light and dark algorithms. */
export const BRAND_COLOR = '#3559e0';
/** Links on a dark background need a lighter blue to stay readable (contrast above 4.5:1). */
const DARK_LINK_COLOR = '#8aa2ff';
/**
 * Hover colours that keep WCAG's 4.5:1 (found by the axe-core scans, tests/e2e/helpers/axe.ts).
 * antd's light hover #5f82ed is 3.55:1 with white (a hovered default button's or link's text, the
 * white text of a hovered primary button); a darker blue is 6.96:1 both ways. On the dark
 * background no one blue serves both: a hovered default button's text takes the dark link blue
 * (7.63:1 on #141414) and a hovered primary button a blue under white text at 5.07:1 (antd's
 * #5877d7 is 4.42:1 and 4.17:1).
 */
const HOVER = {
  light: { token: { colorPrimaryHover: '#2a4bd0', colorLinkHover: '#2a4bd0' }, button: {} },
  dark: {
    token: { colorPrimaryHover: '#4465dc' },
    button: { defaultHoverColor: DARK_LINK_COLOR, defaultHoverBorderColor: DARK_LINK_COLOR },
  },
};
/**
 * Hints and descriptions (a form field's `extra`, a list item's description) in the secondary text
 * colour: antd's default, 45% of the text colour, is 3.36:1 on white and under 4.5:1 on the dark
 * background too (the same scans).
 */
const DESCRIPTION_COLOR = { light: 'rgba(0, 0, 0, 0.65)', dark: 'rgba(255, 255, 255, 0.65)' };

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
    <ConfigProvider
      locale={locale}
      theme={{
        algorithm: resolved === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: {
          colorPrimary: BRAND_COLOR,
          colorLink: resolved === 'dark' ? DARK_LINK_COLOR : BRAND_COLOR,
          colorTextDescription: DESCRIPTION_COLOR[resolved],
          ...HOVER[resolved].token,
          motion: !reducedMotion,
        },
        components: { Button: HOVER[resolved].button },
      }}
    >
      <TokenVariables />
      {children}
    </ConfigProvider>
  );
}
