import type { ReactNode } from 'react';
import { theme } from 'antd';

/** A settings section: an h2 with its actions on the right, then the content. */
export function SettingsSection({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby={id} style={{ marginBottom: token.marginXL }}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: token.marginSM,
          alignItems: 'center',
          justifyContent: 'space-between',
          marginBottom: token.marginSM,
        }}
      >
        <div>
          <h2 id={id} style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
            {title}
          </h2>
          {description && (
            <p style={{ margin: `${token.marginXXS}px 0 0`, color: token.colorTextSecondary }}>{description}</p>
          )}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
