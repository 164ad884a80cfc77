import { theme } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The honest state of a route whose screen arrives in a later release: never blank. */
export default function NotBuiltYet({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section
      aria-labelledby="page-title"
      style={{
        display: 'grid',
        justifyItems: 'center',
        gap: token.marginSM,
        padding: `${token.paddingXL * 2}px ${token.padding}px`,
        textAlign: 'center',
      }}
    >
      <InfoCircleOutlined aria-hidden style={{ fontSize: 56, color: token.colorPrimary }} />
      <h1 id="page-title" style={{ margin: 0, fontSize: token.fontSizeHeading3, fontWeight: 600 }}>
        {t('notBuilt.title', { page: title })}
      </h1>
      <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('notBuilt.description')}</p>
    </section>
  );
}
