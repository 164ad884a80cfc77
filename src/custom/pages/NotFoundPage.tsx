import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The 404 page (product brief section 2). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('errors.notFound.title'));
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status="404"
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t('errors.notFound.title')}</h1>}
        subTitle={t('errors.notFound.description')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('errors.goHome')}
          </Button>
        }
      />
    </main>
  );
}
