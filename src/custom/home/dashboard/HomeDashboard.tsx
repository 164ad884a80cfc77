import { Alert, Button, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { UPCOMING_DAYS } from '../../../domain/home/dashboard';
import { errorText } from '../../../providers/i18n/translate-message';
import { useHomeDashboard } from './dashboard-api';
import { ItemList } from './ItemList';
import { Columns, StatBox, StatCards } from './StatCards';
import './home.css';

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
    <div className="home-dashboard">
      <StatCards dashboard={dashboard} />
      <StatBox>
        <h2 className="home-box-title">{t('homeDashboard.revenueChart')}</h2>
        <Suspense fallback={<Skeleton.Node active className="home-chart-loading" />}>
          <RevenueChart days={dashboard.revenue.days} totalCents={dashboard.revenue.totalCents} />
        </Suspense>
      </StatBox>
      <Columns wide>
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
