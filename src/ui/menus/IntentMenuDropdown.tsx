import type { DropdownProps } from 'antd';
import { onIntent } from '../on-intent';

/**
 * MenuDropdown for a trigger on every page (the header's user menu and business and venue
 * pickers, a list's column picker): the trigger is drawn at once and antd's Dropdown and Menu
 * (~30 KB gzip with the trigger machinery) are fetched on the first pointer over it, focus or
 * press (src/ui/on-intent.tsx). Click triggers only, uncontrolled: it keeps its own open state.
 * `preload` fetches what the menu itself draws (a lazy part of its own) on the same intent, and
 * the menu is drawn once both have arrived (the list's column picker: its check boxes).
 */
export const IntentMenuDropdown = onIntent<Omit<DropdownProps, 'children' | 'open'>>(
  () => import('./OpenedMenuDropdown'),
);
