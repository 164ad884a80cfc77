import type { ReactNode } from 'react';
import { theme } from 'antd';

/** A titled section of the ticket's page, framed like the engine's related lists and history. */
export function NotesSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby={id}
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        padding: `clamp(16px, 3vw, ${token.paddingLG}px)`,
      }}
    >
      <h2 id={id} style={{ margin: '0 0 12px', fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
        {title}
      </h2>
      {children}
    </section>
  );
}
