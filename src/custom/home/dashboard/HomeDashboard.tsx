import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { UPCOMING_DAYS } from '../../../domain/home/dashboard';
import { useHomeDashboard } from './dashboard-api';
import { ItemList } from './ItemList';
import { Columns, StatBox, StatCards } from './StatCards';
import './home.css';

// The chart's code is fetched once the figures have arrived, never with the first load.
const RevenueChart = lazy(() => import('./RevenueChart'));
const DashboardError = lazy(() => import('./DashboardError'));

/**
 * Grey bars where the figures will be, drawn by home.css: antd's Skeleton (~3 KB gzip) would be
 * in every home page's first load for the moment before the figures arrive.
 */
function Placeholder({ className, rows }: { className?: string; rows: number }) {
  return (
    <div className={['home-placeholder', className].filter(Boolean).join(' ')}>
      {Array.from({ length: rows }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
}

/** The dashboard part of '/': statistic cards, the 30-day revenue chart, today's and upcoming items. */
export function HomeDashboard() {
  const { t } = useTranslation();
  const { dashboard, loading, error, retry } = useHomeDashboard();

  if (error && !dashboard) {
    return (
      <Suspense fallback={null}>
        <DashboardError error={error} retry={retry} />
      </Suspense>
    );
  }
  if (loading || !dashboard) {
    return (
      <div aria-busy="true" aria-label={t('homeDashboard.loading')}>
        <Placeholder rows={7} />
      </div>
    );
  }

  const venue = dashboard.kind === 'venue';
  return (
    <div className="home-dashboard">
      <StatCards dashboard={dashboard} />
      <StatBox>
        <h2 className="home-box-title">{t('homeDashboard.revenueChart')}</h2>
        <Suspense fallback={<Placeholder className="home-chart-loading" rows={1} />}>
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
