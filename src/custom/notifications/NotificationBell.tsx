import { lazy, Suspense, useState } from 'react';
import { BellButton } from './BellButton';

/** The bell's popover, list and actions are their own chunk, fetched once the header shows it. */
const BellPopover = lazy(() => import('./BellPopover'));

/**
 * The bell's place in the header (venue owners and users, product brief section 2; IT, without the
 * way to the Notifications Center: NOTIFICATION_BELL_ROLES). Until its chunk arrives it is the same
 * button without a count; a press on it then is kept, and the popover opens the moment it arrives
 * (a click right after a page load used to do nothing).
 */
export function NotificationBell({ withCenter = true }: { withCenter?: boolean }) {
  const [pressedEarly, setPressedEarly] = useState(false);
  return (
    <Suspense fallback={<BellButton onClick={() => setPressedEarly(true)} />}>
      <BellPopover openAtFirst={pressedEarly} withCenter={withCenter} />
    </Suspense>
  );
}
