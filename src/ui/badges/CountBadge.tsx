import type { ReactNode } from 'react';
import './count-badge.css';

export interface CountBadgeProps {
  count: number;
  /** Above it the badge shows `max+` (antd Badge's overflowCount). */
  max?: number;
  /** Show a 0 rather than nothing. */
  showZero?: boolean;
  /** Red for things waiting on someone, green for a plain tally. */
  tone?: 'alert' | 'tally';
  /** What the number means, for the tooltip and screen readers. */
  label?: string;
  className?: string;
  /** The element the badge sits on (top-right corner); without it the badge stands inline. */
  children?: ReactNode;
}

/**
 * A number in a pill, beside a sidebar link or on a button's corner: what antd's Badge draws for a
 * count, in plain elements styled from the theme's tokens (count-badge.css). antd's Badge, with
 * its scrolling digits, ribbon and status dots, cost the first pages that show a count ~4 KB gzip
 * (docs/architecture.md, "The design card's packages"); screens that use its dots and statuses keep it.
 */
export function CountBadge({
  count,
  max = 99,
  showZero = false,
  tone = 'alert',
  label,
  className,
  children,
}: CountBadgeProps) {
  const shown = count > 0 || showZero;
  const classes = ['count-badge', `count-badge-${tone}`, children ? 'count-badge-corner' : className].filter(Boolean);
  // role="img": the label names the number for screen readers (aria-label is not allowed on a plain element).
  const pill = shown ? (
    <sup className={classes.join(' ')} title={label} aria-label={label} role={label ? 'img' : undefined}>
      {count > max ? `${max}+` : count}
    </sup>
  ) : null;
  if (!children) return pill;
  return (
    <span className={['count-badge-anchor', className].filter(Boolean).join(' ')}>
      {children}
      {pill}
    </span>
  );
}
