import { Alert, Flex, theme } from 'antd';
import { Navigate } from 'react-router';
import { layoutGuard } from '../../domain/guards';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../providers/use-session';
import { AuthPanel, AuthShell } from '../auth/AuthShell';
import { useDocumentTitle } from '../hooks/use-document-title';
import { LogoutButton } from './LogoutButton';

/**
 * /register: where the layout guard sends venue owners, movers and users whose account is not
 * complete. Details sent but not verified means an administrator has to act.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useSession()?.userData;
  useDocumentTitle(t('register.title'));
  const waiting = Boolean(user?.detailsSubmited && !user.isVerified);
  // Verified meanwhile (AccountVerified reloads the page here): on to the role's home.
  if (user && layoutGuard(user).kind === 'pass') return <Navigate to="/dashboards" replace />;

  return (
    <AuthShell>
      <AuthPanel title={t('register.title')} labelledBy="register-title">
        <Flex vertical gap={token.marginLG}>
          {waiting ? (
            <Alert type="info" showIcon message={t('register.waitingForVerification')} />
          ) : (
            <Alert type="warning" showIcon message={t('register.notBuilt')} description={t('notBuilt.description')} />
          )}
          <LogoutButton size="large" block>
            {t('userMenu.logout')}
          </LogoutButton>
        </Flex>
      </AuthPanel>
    </AuthShell>
  );
}
