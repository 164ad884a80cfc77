import type { ReactNode } from 'react';
import { theme } from 'antd';
import { LAYOUT } from '../../domain/constants';

const PAGE_PADDING = `clamp(12px, 3vw, ${LAYOUT.spacingUnit * 3}px)`;

/**
 * The viewer and the chat fill the screen below the header, inside the layout's padding; where
 * the support chat's launcher floats, the bottom padding is the room the layout keeps for it
 * (--layout-launcher-room, layout.css), so the question box is never under the launcher.
 */
export const FULL_HEIGHT = `calc(100dvh - ${LAYOUT.headerHeight}px - ${PAGE_PADDING} - var(--layout-launcher-room, ${PAGE_PADDING}))`;

/** One of the two framed panes (the viewer, the chat), on the theme's container colours. */
export function Pane({ className, children }: { className: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className={`documents-pane ${className}`}
      style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }}
    >
      {children}
    </div>
  );
}
