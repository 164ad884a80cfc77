import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Flex, Spin } from 'antd';
import { BREAKPOINTS } from '../../domain/constants';
import type { UserData } from '../../domain/user';
import { useMediaQuery } from '../../providers/theme/use-media-query';
import { BusinessPickerZone } from '../../ui/forms/BusinessPickerZone';
import { ErrorBoundary } from '../errors';
import { hasSupportChat } from '../../domain/chat/support-roles';
import { SupportChatLauncher } from '../support-chat';
import { AppHeader } from './AppHeader';
import { SidebarNav } from './SidebarNav';
import { LAYOUT_SIZES } from './layout-sizes';
import './layout.css';

const NavDrawer = lazy(() => import('./NavDrawer'));

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
        <Suspense fallback={null}>
          <NavDrawer user={user} open={drawerOpen} phone={phone} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}

      <main
        className={[
          'layout-main',
          showSidebar && 'layout-main--beside-sidebar',
          // The support chat's launcher floats bottom right: the page keeps room under its end.
          hasSupportChat(user) && 'layout-main--with-launcher',
        ]
          .filter(Boolean)
          .join(' ')}
      >
        <div className="layout-page">
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageLoading />}>
              {/* The date pickers' today and Now: the business's for its people. */}
              <BusinessPickerZone>
                <Outlet />
              </BusinessPickerZone>
            </Suspense>
          </ErrorBoundary>
        </div>
      </main>
      <SupportChatLauncher user={user} />
    </div>
  );
}
