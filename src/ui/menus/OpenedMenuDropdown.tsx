import type { DropdownProps } from 'antd';
import { useOpenAtFirst, type IntentPopupProps } from '../on-intent';
import { MenuDropdown } from './MenuDropdown';

/**
 * The code IntentMenuDropdown fetches on intent: MenuDropdown, opened at once when its trigger
 * was pressed before this arrived. It keeps the open state itself so it can start open.
 */
export default function OpenedMenuDropdown({
  openAtFirst,
  onOpenChange,
  ...props
}: Omit<DropdownProps, 'children'> & IntentPopupProps) {
  const [open, setOpen] = useOpenAtFirst(openAtFirst);
  return (
    <MenuDropdown
      {...props}
      open={open}
      onOpenChange={(next, info) => {
        setOpen(next);
        onOpenChange?.(next, info);
      }}
    />
  );
}
