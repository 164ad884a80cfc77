import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import '../payments.css';

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
    <section aria-labelledby={id} className="payments-settings-section">
      <Flex wrap gap={token.marginSM} align="center" justify="space-between" className="payments-settings-head">
        <div>
          <h2 id={id}>{title}</h2>
          {description && <p style={{ color: token.colorTextSecondary }}>{description}</p>}
        </div>
        {actions}
      </Flex>
      {children}
    </section>
  );
}
