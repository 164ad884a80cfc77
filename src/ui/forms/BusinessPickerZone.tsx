import type { ReactNode } from 'react';
import { useClock } from '../venue/use-clock';
import { PickerZone } from './picker-zone';

/**
 * The signed-in screens' date pickers mark today, and pick with Today / Now, on the clock their
 * moments are written on (useClock picks it by role): the business's for its people, this
 * device's for the admin and IT, and this device's until the business's zone has answered.
 */
export function BusinessPickerZone({ children }: { children: ReactNode }) {
  return <PickerZone.Provider value={useClock().timeZone}>{children}</PickerZone.Provider>;
}
