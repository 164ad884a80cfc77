import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/use-document-title';

/**
 * The fallback for unexpected rendering errors (product brief section 8) and the /error_500 route. It is
 * part of the first load on purpose, without lazy parts, so it still shows when a chunk fails.
 */
export default function ErrorPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  useDocumentTitle(t('errors.serverError.title'));
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={token.marginMD}
      role="alert"
      style={{ minHeight: '60vh', padding: token.paddingLG, textAlign: 'center', color: token.colorText }}
    >
      <div aria-hidden style={{ fontSize: 56, fontWeight: 700, color: token.colorError, lineHeight: 1 }}>
        500
      </div>
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600 }}>{t('errors.serverError.title')}</h1>
      <p style={{ margin: 0, color: token.colorTextSecondary, maxWidth: 480 }}>{t('errors.serverError.description')}</p>
      <Flex gap={token.marginSM} wrap justify="center">
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.serverError.retry')}
        </Button>
        <Button href="/">{t('errors.goHome')}</Button>
      </Flex>
    </Flex>
  );
}
