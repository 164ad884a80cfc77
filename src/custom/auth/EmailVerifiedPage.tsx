import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AuthShell } from '../../ui/shell/AuthShell';
import './auth.css';

/** /email-verified: where the verification email's link lands. */
export default function EmailVerifiedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('emailVerified.title'));
  return (
    <AuthShell>
      <Result
        status="success"
        title={<h1 className="email-verified-title">{t('emailVerified.title')}</h1>}
        subTitle={t('emailVerified.description')}
        extra={
          <Button type="primary" size="large" onClick={() => navigate('/login')}>
            {t('emailVerified.signIn')}
          </Button>
        }
      />
    </AuthShell>
  );
}
