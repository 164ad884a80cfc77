import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Drawer, Flex, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS, LAYOUT } from '../../domain/constants';
import type { UserData } from '../../domain/user';
import { useMediaQuery } from '../../providers/theme/use-media-query';
import { ErrorBoundary } from '../errors';
import { AppHeader } from './AppHeader';
import { LanguageSwitch } from '../../ui/shell/LanguageSwitch';
import { SidebarNav } from './SidebarNav';
import { LAYOUT_SIZES } from './layout-sizes';
import { ThemeSwitch } from '../../ui/shell/ThemeSwitch';
import './layout.css';

function PageLoading() {
  return (
    <Flex justify="center" className="layout-loading">
      <Spin size="large" />
    </Flex>
  );
}

/**
 * The main layout of product brief section 2: fixed 80px header; 290px sidebar fixed from the lg
 * breakpoint (1280px) and a drawer below it; both toggled by the header's navigation button.
 */
export function MainLayout({ user }: { user: UserData }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const large = useMediaQuery(`(min-width: ${BREAKPOINTS.lg}px)`);
  const phone = !useMediaQuery(`(min-width: ${BREAKPOINTS.sm}px)`);
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // A page change closes the drawer; the fixed sidebar stays as the user left it.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const navOpen = large ? sidebarOpen : drawerOpen;
  const toggleNav = () => (large ? setSidebarOpen((open) => !open) : setDrawerOpen((open) => !open));
  const showSidebar = large && sidebarOpen;

  return (
    <div className="layout" style={LAYOUT_SIZES}>
      <AppHeader user={user} navOpen={navOpen} onToggleNav={toggleNav} />

      {showSidebar && (
        <aside className="layout-sidebar">
          <SidebarNav role={user.roleName} />
        </aside>
      )}

      {!large && (
        <Drawer
          open={drawerOpen}
          placement="left"
          width={LAYOUT.sidebarWidth}
          title={t('layout.menu')}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0 } }}
          // On phones the header has no room for these, so they sit under the menu.
          footer={
            phone ? (
              <Flex gap={token.marginXS} wrap>
                <ThemeSwitch />
                <LanguageSwitch />
              </Flex>
            ) : null
          }
        >
          <SidebarNav role={user.roleName} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}

      <main className={showSidebar ? 'layout-main layout-main--beside-sidebar' : 'layout-main'}>
        <div className="layout-page">
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </div>
      </main>
    </div>
  );
}
