import Markdown from 'markdown-to-jsx/react';
import { theme } from 'antd';

/** URL schemes a plan description may link to; anything else (javascript:, data:, …) is dropped. */
const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

function SafeLink({ href, children }: { href?: string; children?: React.ReactNode }) {
  if (!href || !SAFE_URL.test(href.trim())) return <span>{children}</span>;
  const external = /^https?:/i.test(href);
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

/**
 * A plan's description, which administrators write in markdown (product brief section 3). It is turned
 * into React elements, never into an HTML string: raw HTML in the text stays visible text, so
 * no <script> or on* attribute can reach the page, and links keep only safe schemes. Lives in
 * the checkout chunk, so the markdown parser is fetched only there.
 */
export function PlanDescription({ markdown, text }: { markdown: boolean; text: string }) {
  const { token } = theme.useToken();
  if (!text.trim()) return null;
  if (!markdown) return <p style={{ margin: 0, whiteSpace: 'pre-line', color: token.colorTextSecondary }}>{text}</p>;
  return (
    <div className="plan-description" style={{ color: token.colorTextSecondary }}>
      <Markdown
        options={{
          disableParsingRawHTML: true,
          forceBlock: true,
          wrapper: 'div',
          overrides: { a: { component: SafeLink }, img: { component: () => null } },
        }}
      >
        {text}
      </Markdown>
    </div>
  );
}
