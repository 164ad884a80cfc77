import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../providers/i18n/translate-message';

/** The dashboard's failed read, with a retry: its own chunk, as antd's Alert is seen only then. */
export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      message={t('homeDashboard.loadFailed')}
      description={errorText(t, error)}
      action={<Button onClick={retry}>{t('homeDashboard.retry')}</Button>}
    />
  );
}
