import { lazy, Suspense } from 'react';
import { BellButton } from './BellButton';

/** The bell's popover, list and actions are their own chunk, fetched once the header shows it. */
const BellPopover = lazy(() => import('./BellPopover'));

/**
 * The bell's place in the header (venue owners and users, product brief section 2). Until its chunk
 * arrives it is the same button without a count.
 */
export function NotificationBell() {
  return (
    <Suspense fallback={<BellButton />}>
      <BellPopover />
    </Suspense>
  );
}
