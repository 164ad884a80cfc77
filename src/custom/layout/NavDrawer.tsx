import { Drawer, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '../../domain/constants';
import type { UserData } from '../../domain/user';
import { LanguageSwitch } from '../../ui/shell/LanguageSwitch';
import { ThemeSwitch } from '../../ui/shell/ThemeSwitch';
import { SidebarNav } from './SidebarNav';

/**
 * The navigation below the lg breakpoint: the sidebar's menu in a drawer. Its own chunk, loaded
 * only on narrower screens, so a desktop's first load does not fetch antd's Drawer (~5 KB gzip).
 */
export default function NavDrawer({
  user,
  open,
  phone,
  onClose,
}: {
  user: UserData;
  open: boolean;
  phone: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Drawer
      open={open}
      placement="left"
      width={LAYOUT.sidebarWidth}
      title={t('layout.menu')}
      onClose={onClose}
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
      <SidebarNav role={user.roleName} onNavigate={onClose} />
    </Drawer>
  );
}
