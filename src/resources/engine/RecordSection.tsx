import type { ReactNode } from 'react';
import { theme } from 'antd';
import './engine.css';

/**
 * A panel under a record's show page (its related lists, its history): a titled section on the
 * container background, framed like the page panel above it. The spacing is in engine.css; the
 * colours come from antd's tokens so the panel follows the light and dark theme.
 */
export function RecordSection({
  titleId,
  title,
  children,
}: {
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby={titleId}
      className="engine-section"
      style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }}
    >
      <h2 id={titleId} className="engine-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
