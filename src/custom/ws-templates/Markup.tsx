import type { ReactNode } from 'react';
import { parseMarkup, type MarkupNode } from './markup';

const TAGS = { bold: 'strong', italic: 'em', strike: 's', mono: 'code' } as const;

function draw(nodes: MarkupNode[], key = ''): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    const Tag = TAGS[node.style];
    return (
      <Tag key={`${key}${i}`} className={`ws-markup-${node.style}`}>
        {draw(node.children, `${key}${i}.`)}
      </Tag>
    );
  });
}

/** A text with WhatsApp's markup drawn as React elements (never as HTML). */
export function Markup({ text }: { text: string }) {
  return <>{draw(parseMarkup(text))}</>;
}
