import { expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CountBadge } from '../../src/ui/badges/CountBadge';

it('shows the number, named by its label, and nothing at zero unless asked', () => {
  const { container, rerender } = render(<CountBadge count={3} label="3 open tickets" className="sidebar-count" />);
  const badge = screen.getByRole('img', { name: '3 open tickets' });
  expect(badge.textContent).toBe('3');
  expect(badge.className).toContain('sidebar-count');
  expect(badge.className).toContain('count-badge-alert');
  rerender(<CountBadge count={0} label="none" />);
  expect(container.textContent).toBe('');
  rerender(<CountBadge count={0} showZero tone="tally" />);
  expect(container.querySelector('.count-badge-tally')!.textContent).toBe('0');
});

it('caps the number at max with a plus, on the corner of what it wraps', () => {
  render(
    <CountBadge count={1200} max={999} tone="tally">
      <button type="button">Online users</button>
    </CountBadge>,
  );
  const corner = document.querySelector('.count-badge-corner')!;
  expect(corner.textContent).toBe('999+');
  expect(corner.parentElement!.contains(screen.getByRole('button', { name: 'Online users' }))).toBe(true);
});
