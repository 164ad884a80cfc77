import type { ReactNode } from 'react';
import { theme } from 'antd';
import { AuthShell } from './AuthShell';

/**
 * A signed-out page's one card under the product's header: the public pay page and the customer's
 * quote page. `titleId` names the section for screen readers.
 */
export function PublicCard({
  titleId,
  title,
  maxWidth,
  children,
}: {
  titleId: string;
  title: ReactNode;
  maxWidth: number;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <AuthShell>
      <section
        aria-labelledby={titleId}
        style={{
          width: '100%',
          maxWidth,
          boxSizing: 'border-box',
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
          padding: `clamp(18px, 4vw, ${token.paddingXL}px)`,
        }}
      >
        <h1
          id={titleId}
          style={{ margin: `0 0 ${token.marginMD}px`, fontSize: token.fontSizeHeading3, fontWeight: 600 }}
        >
          {title}
        </h1>
        {children}
      </section>
    </AuthShell>
  );
}
