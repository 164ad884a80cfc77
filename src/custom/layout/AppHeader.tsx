import { Suspense } from 'react';
import { Link } from 'react-router';
import { Button, ConfigProvider, Flex, theme } from 'antd';
import { MenuFoldOutlined, MenuOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_BELL_ROLES, NOTIFICATION_CENTER_ROLES } from '../../domain/roles';
import type { UserData } from '../../domain/user';
import { LanguageSwitch } from '../../ui/shell/LanguageSwitch';
import { Logo } from '../../ui/shell/Logo';
import { NotificationBell } from '../notifications';
import { ThemeSwitch } from '../../ui/shell/ThemeSwitch';
import { UserMenu } from './UserMenu';
import { HEADER_WIDGETS } from '../areas';
import './layout.css';

/**
 * The header's menus and popovers open inside the fixed header, not in the page's body. In the
 * body, a popup sits at a page position: when the page scrolled while one was open, it moved
 * with the page for a frame before antd put it back under its trigger, and a click in that
 * frame went down on one item and up on the header (no click at all: Logout did nothing, the
 * business menu switched nothing). Inside the header it stays put however the page scrolls.
 */
const popupInHeader = (trigger?: HTMLElement) => trigger?.closest('header') ?? document.body;

interface AppHeaderProps {
  user: UserData;
  navOpen: boolean;
  onToggleNav: () => void;
}

/** The fixed 80px header: navigation toggle, logo to /dashboards, bell, theme, language, user. */
export function AppHeader({ user, navOpen, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <header className="layout-header">
      <Button
        type="text"
        size="large"
        aria-label={t('layout.toggleNavigation')}
        aria-expanded={navOpen}
        aria-controls="main-navigation"
        icon={navOpen ? <MenuFoldOutlined aria-hidden /> : <MenuOutlined aria-hidden />}
        onClick={onToggleNav}
      />
      <Link to="/dashboards" aria-label={t('layout.homeLink')} className="layout-header__home">
        <Logo compact />
      </Link>
      <ConfigProvider getPopupContainer={popupInHeader}>
        <Flex align="center" gap={token.marginXS} className="layout-header__tools">
          {HEADER_WIDGETS.filter((w) => w.roles.includes(user.roleName)).map(({ key, widget: Widget }) => (
            <Suspense key={key} fallback={null}>
              <Widget />
            </Suspense>
          ))}
          {NOTIFICATION_BELL_ROLES.includes(user.roleName) && (
            <NotificationBell withCenter={NOTIFICATION_CENTER_ROLES.includes(user.roleName)} />
          )}
          <span className="hide-below-sm layout-header__switches">
            <ThemeSwitch />
            <LanguageSwitch />
          </span>
          <UserMenu user={user} />
        </Flex>
      </ConfigProvider>
    </header>
  );
}
