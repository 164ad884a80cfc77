import { Button, type MenuProps } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { MenuDropdown } from './MenuDropdown';

/**
 * A table row's actions on a phone: one "Actions" button opening a menu, so every action is in
 * reach without scrolling the row sideways (a wide screen's button per action does not fit beside
 * the row's other columns). A screen keeps its own buttons for wide screens and its own dialogs:
 * an item's key comes back in `onAction`. Where the support chat's launcher floats at the row's
 * end, the button keeps clear of its column (layout.css).
 */
export function RowActionsMenu({
  label,
  'aria-label': ariaLabel,
  items,
  onAction,
}: {
  /** What the button shows ("Actions"). */
  label: string;
  /** What it says it is, naming the row ("Actions for Ada Lovelace"): a list has one per row. */
  'aria-label': string;
  items: NonNullable<MenuProps['items']>;
  onAction(key: string): void;
}) {
  return (
    <MenuDropdown trigger={['click']} menu={{ items, onClick: ({ key }) => onAction(key) }}>
      <Button icon={<MoreOutlined />} aria-label={ariaLabel} title={label} className="row-actions-menu">
        <span className="row-actions-menu__label">{label}</span>
      </Button>
    </MenuDropdown>
  );
}
