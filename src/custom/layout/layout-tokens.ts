import type { CSSProperties } from 'react';
import { theme } from 'antd';
import { LAYOUT } from '../../domain/constants';

/**
 * What layout.css draws the main layout with: antd's tokens (light or dark, whatever the
 * ConfigProvider says) and the product brief's sizes (LAYOUT), as CSS variables on the layout's
 * root element, with the page's background.
 */
export function useLayoutTokens(): CSSProperties {
  const { token } = theme.useToken();
  return {
    background: token.colorBgLayout,
    '--layout-bg': token.colorBgContainer,
    '--layout-border': token.colorBorderSecondary,
    '--layout-text': token.colorText,
    '--layout-text-secondary': token.colorTextSecondary,
    '--layout-primary': token.colorPrimary,
    '--layout-header-height': `${LAYOUT.headerHeight}px`,
    '--layout-sidebar-width': `${LAYOUT.sidebarWidth}px`,
    '--layout-gutter': `${LAYOUT.spacingUnit * 3}px`,
  } as CSSProperties;
}
