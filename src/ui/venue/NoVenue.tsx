import { Alert, Button, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../providers/i18n/translate-message';

/**
 * What a venue screen shows while the venues load, when they cannot be read, or when the
 * business has none yet (with the way to add one). Shared by every venue area.
 */
export function NoVenue({ loading, error }: { loading: boolean; error?: unknown }) {
  const { t } = useTranslation();
  if (loading) return <Skeleton active />;
  if (error) return <Alert type="error" showIcon message={errorText(t, error)} />;
  return (
    <Alert
      type="info"
      showIcon
      message={t('venue.none')}
      description={t('venue.noneHelp')}
      action={
        <Link to="/club_management/create">
          <Button type="primary">{t('venue.add')}</Button>
        </Link>
      }
    />
  );
}
