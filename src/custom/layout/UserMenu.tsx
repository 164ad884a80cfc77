import { Link } from 'react-router';
import { Button, type MenuProps } from 'antd';
import { IntentMenuDropdown } from '../../ui/menus/IntentMenuDropdown';
import {
  BellOutlined,
  DownOutlined,
  LogoutOutlined,
  NotificationOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '../../domain/constants';
import { NOTIFICATION_CENTER_ROLES, ROLE_LABEL_KEYS, SETTINGS_ROLES } from '../../domain/roles';
import { displayName, type UserData } from '../../domain/user';
import { useMediaQuery } from '../../providers/theme/use-media-query';
import './layout.css';

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * Avatar, name and role label, opening Profile, Settings (not for venue employees),
 * Notifications Center (venue owners and users), Send announcement (administrators) and Logout
 * (product brief section 2).
 */
export function UserMenu({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const { mutate: logout } = useLogout();
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
  const name = displayName(user);
  const roleLabel = t(ROLE_LABEL_KEYS[user.roleName]);

  const identity = (
    <span className="layout-identity">
      <span className="layout-identity__name">{name}</span>
      {/* Two words to a reader and to axe, which joins the spans' text as it finds it; a space
          between flex items is not drawn. */}{' '}
      <span className="layout-identity__role">{roleLabel}</span>
    </span>
  );

  const items: MenuProps['items'] = [
    // On phones the trigger shows only the avatar, so name and role head the menu.
    ...(wide ? [] : [{ key: 'identity', type: 'group' as const, label: identity }, { type: 'divider' as const }]),
    { key: 'profile', icon: <UserOutlined aria-hidden />, label: <Link to="/profile">{t('userMenu.profile')}</Link> },
    ...(SETTINGS_ROLES.includes(user.roleName)
      ? [
          {
            key: 'settings',
            icon: <SettingOutlined aria-hidden />,
            label: <Link to="/settings">{t('userMenu.settings')}</Link>,
          },
        ]
      : []),
    ...(NOTIFICATION_CENTER_ROLES.includes(user.roleName)
      ? [
          {
            key: 'notifications',
            icon: <BellOutlined aria-hidden />,
            label: <Link to="/notifications">{t('userMenu.notificationsCenter')}</Link>,
          },
        ]
      : []),
    ...(user.roleName === 'ADMIN'
      ? [
          {
            key: 'announcements',
            icon: <NotificationOutlined aria-hidden />,
            label: <Link to="/announcements">{t('userMenu.sendAnnouncement')}</Link>,
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('userMenu.logout') },
  ];

  // The button's name holds the words it shows (name and role: WCAG 2.5.3, axe's
  // label-content-name-mismatch), so a person who says what they see can press it.
  return (
    <IntentMenuDropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{ items, onClick: ({ key }) => key === 'logout' && logout() }}
    >
      <Button type="text" aria-label={t('userMenu.label', { name, role: roleLabel })} className="layout-user">
        {/* A circle of CSS (layout.css) rather than antd's Avatar: its Avatar.Group brings Popover along. */}
        {/* The initials are drawn from data-initials by layout.css, not written as text: they
            only repeat the name, and axe's label-content-name-mismatch (WCAG 2.5.3) counts all
            shown text, hidden from assistive technology or not. */}
        <span className="layout-user__avatar" aria-hidden data-initials={initials(name)} />
        {wide && identity}
        <DownOutlined aria-hidden className="layout-user__caret" />
      </Button>
    </IntentMenuDropdown>
  );
}
