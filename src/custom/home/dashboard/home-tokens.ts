import type { CSSProperties } from 'react';
import { theme } from 'antd';

/**
 * The antd tokens home.css draws the dashboard's plain elements with (its cards, lists and
 * chart), as CSS variables on the dashboard's root element, so light and dark follow the theme.
 * Plain elements rather than antd's Card, List and Statistic: '/' is the first page after
 * sign-in (see StatCards).
 */
export function useHomeTokens(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--home-text': token.colorText,
    '--home-text-secondary': token.colorTextSecondary,
    '--home-border': token.colorBorder,
    '--home-border-secondary': token.colorBorderSecondary,
    '--home-bg': token.colorBgContainer,
  } as CSSProperties;
}
