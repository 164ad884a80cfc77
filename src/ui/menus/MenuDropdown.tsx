import { Dropdown, type DropdownProps } from 'antd';
import './menu-motion.css';

/**
 * antd's Dropdown with the app's menu motion: a fade in place (menu-motion.css). Every dropdown
 * menu goes through it (eslint.config.js refuses antd's Dropdown elsewhere).
 *
 * antd's own menu motion (slide-up) first lays the menu out at full size for a frame or two,
 * then collapses it and grows it from 80% of its height over a fifth of a second, so every item
 * below the first slides under the pointer while the menu opens. A press on an item in that time
 * was released on the item above it, and the browser fires no click for a press and a release
 * on two different elements: Logout did nothing, a business was not switched (the "lost click"
 * of the browser tests, and of anyone quick with a mouse). Fading, each item is where it stays
 * from the first frame. With reduced motion asked for, antd plays no motion at all.
 */
export function MenuDropdown(props: DropdownProps) {
  return <Dropdown transitionName="app-menu-fade" {...props} />;
}
