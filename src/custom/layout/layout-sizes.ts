import type { CSSProperties } from 'react';
import { LAYOUT } from '../../domain/constants';

/**
 * The product brief's layout sizes (LAYOUT, the one source) as CSS variables for layout.css, set
 * on the layout's root element. Its colours are the theme's --app-color-* variables.
 */
export const LAYOUT_SIZES = {
  '--layout-header-height': `${LAYOUT.headerHeight}px`,
  '--layout-sidebar-width': `${LAYOUT.sidebarWidth}px`,
  '--layout-gutter': `${LAYOUT.spacingUnit * 3}px`,
  '--layout-notification-width': `${LAYOUT.notificationItemWidth}px`,
} as CSSProperties;
