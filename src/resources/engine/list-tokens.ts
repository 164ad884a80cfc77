import type { CSSProperties } from 'react';
import { theme } from 'antd';

/**
 * The antd tokens list.css draws the list's table, pager and select stand-in with, as CSS
 * variables on each of their root elements (light or dark, whatever the ConfigProvider says).
 * Set here rather than on <html> with the app-wide ones (AntdConfig), so the login page does
 * not carry them.
 */
export function useListTokens(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--list-primary': token.colorPrimary,
    '--list-primary-hover': token.colorPrimaryHover,
    '--list-text': token.colorText,
    '--list-text-heading': token.colorTextHeading,
    '--list-text-placeholder': token.colorTextPlaceholder,
    '--list-text-quaternary': token.colorTextQuaternary,
    '--list-text-disabled': token.colorTextDisabled,
    '--list-border': token.colorBorder,
    '--list-border-secondary': token.colorBorderSecondary,
    '--list-bg': token.colorBgContainer,
    '--list-bg-disabled': token.colorBgContainerDisabled,
    '--list-bg-text-hover': token.colorBgTextHover,
    '--list-fill-alter': token.colorFillAlter,
    '--list-fill-secondary': token.colorFillSecondary,
    '--list-fill-content': token.colorFillContent,
    '--list-item-active': token.controlItemBgActive,
    '--list-item-active-hover': token.controlItemBgActiveHover,
    '--list-outline': token.controlOutline,
    '--list-radius': `${token.borderRadius}px`,
    '--list-radius-lg': `${token.borderRadiusLG}px`,
  } as CSSProperties;
}
