import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * A page's main card with its h1. Plain elements on antd tokens: antd's Card pulls in Tabs and
 * Typography pulls in TextArea and Tooltip (~22 KB gzip together) on the first page after login.
 */
export function PagePanel({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  const { token } = theme.useToken();
  // Plain text is a paragraph; anything else may hold blocks (FormEditorPage passes antd's Space, a
  // div), which a <p> may not contain. Both carry the same margin and colour, so nothing moves.
  const Intro = typeof intro === 'string' || typeof intro === 'number' ? 'p' : 'div';
  return (
    <section
      aria-labelledby="page-title"
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        padding: `clamp(16px, 3vw, ${token.paddingXL}px)`,
      }}
    >
      <h1
        id="page-title"
        // overflowWrap: a long unbroken title (a user's email on user_details) must wrap on phones.
        style={{
          margin: 0,
          fontSize: token.fontSizeHeading2,
          lineHeight: token.lineHeightHeading2,
          fontWeight: 600,
          overflowWrap: 'anywhere',
        }}
      >
        {title}
      </h1>
      {intro && (
        // overflowWrap: an intro the user typed (an event's description holding a link) wraps too.
        <Intro style={{ margin: `${token.marginXS}px 0 0`, color: token.colorTextSecondary, overflowWrap: 'anywhere' }}>
          {intro}
        </Intro>
      )}
      {children && <div style={{ marginTop: token.marginLG }}>{children}</div>}
    </section>
  );
}
