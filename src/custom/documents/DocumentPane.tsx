import type { ReactNode } from 'react';
import { theme } from 'antd';
import { LAYOUT } from '../../domain/constants';

/** The viewer and the chat fill the screen below the header (and the layout's padding). */
export const FULL_HEIGHT = `calc(100dvh - ${LAYOUT.headerHeight}px - 2 * clamp(12px, 3vw, ${LAYOUT.spacingUnit * 3}px))`;

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
