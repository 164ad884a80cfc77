import { Alert, Button, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { UPCOMING_DAYS } from '../../../domain/home/dashboard';
import { errorText } from '../../../providers/i18n/translate-message';
import { useHomeDashboard } from './dashboard-api';
import { ItemList } from './ItemList';
import { Columns, StatBox, StatCards } from './StatCards';

// The chart's code is fetched once the figures have arrived, never with the first load.
const RevenueChart = lazy(() => import('./RevenueChart'));

/** The dashboard part of '/': statistic cards, the 30-day revenue chart, today's and upcoming items. */
export function HomeDashboard() {
  const { t } = useTranslation();
  const { dashboard, loading, error, retry } = useHomeDashboard();

  if (error && !dashboard) {
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
  if (loading || !dashboard) {
    return (
      <div aria-busy="true" aria-label={t('homeDashboard.loading')}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }

  const venue = dashboard.kind === 'venue';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <StatCards dashboard={dashboard} />
      <StatBox>
        <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>{t('homeDashboard.revenueChart')}</h2>
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 200 }} />}>
          <RevenueChart days={dashboard.revenue.days} totalCents={dashboard.revenue.totalCents} />
        </Suspense>
      </StatBox>
      <Columns min={320}>
        <StatBox>
          <ItemList
            title={venue ? t('homeDashboard.todayReservations') : t('homeDashboard.todayBookings')}
            items={dashboard.todayItems}
            empty={venue ? t('homeDashboard.noReservationsToday') : t('homeDashboard.noBookingsToday')}
            timeZone={dashboard.timeZone}
            timeOnly
          />
        </StatBox>
        <StatBox>
          <ItemList
            title={t('homeDashboard.upcoming')}
            items={dashboard.upcomingItems}
            empty={t('homeDashboard.nothingUpcoming', { days: UPCOMING_DAYS })}
            timeZone={dashboard.timeZone}
          />
        </StatBox>
      </Columns>
    </div>
  );
}
