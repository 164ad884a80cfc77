import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../providers/i18n/translate-message';

/** A read from the server (the status, the pages) that failed: why, in the owner's language, and Try again. */
export function ReadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      message={errorText(t, error)}
      action={
        <Button size="small" icon={<ReloadOutlined />} onClick={retry}>
          {t('facebook.tryAgain')}
        </Button>
      }
    />
  );
}
