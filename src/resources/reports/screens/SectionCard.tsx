import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';

/** A titled section of the details page, framed like the engine's show-page sections. */
export function SectionCard({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby={`${id}-title`}
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        padding: `clamp(16px, 3vw, ${token.paddingLG}px)`,
        minWidth: 0,
      }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <h2 id={`${id}-title`} style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
          {title}
        </h2>
        {actions}
      </Flex>
      {children}
    </section>
  );
}
