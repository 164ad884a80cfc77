import { Alert, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthPanel, AuthShell } from '../auth/AuthShell';
import { useDocumentTitle } from '../hooks/use-document-title';
import { LogoutButton } from './LogoutButton';

/** /verify: the two-factor screen (spec section 2). Cancel signs out. */
export default function VerifyPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  useDocumentTitle(t('verify.title'));
  return (
    <AuthShell>
      <AuthPanel title={t('verify.title')} labelledBy="verify-title">
        <Flex vertical gap={token.marginLG}>
          <Alert type="info" showIcon message={t('verify.notBuilt')} description={t('notBuilt.description')} />
          <LogoutButton size="large" block>
            {t('verify.cancel')}
          </LogoutButton>
        </Flex>
      </AuthPanel>
    </AuthShell>
  );
}
