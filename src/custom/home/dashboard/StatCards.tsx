import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import type { HomeDashboard } from '../../../domain/home/dashboard';
import './home.css';

/**
 * Three statistic cards: today's count, 30-day revenue, upcoming count. Plain elements on antd
 * tokens (home-tokens.ts, home.css), shaped like antd's Statistic: '/' is the first page after sign-in, and antd's Row, Col
 * and Statistic cost 3.7 KB gzip on that load (a user's login + first page was 404.5 KB against
 * the 400 KB budget with them; pro-components' StatisticCard is a 62 KB chunk).
 */
export function StatCards({ dashboard }: { dashboard: HomeDashboard }) {
  const { t } = useTranslation();
  const venue = dashboard.kind === 'venue';
  return (
    <Columns>
      <Stat
        title={venue ? t('homeDashboard.todayReservations') : t('homeDashboard.todayBookings')}
        value={dashboard.todayCount}
      />
      <Stat title={t('homeDashboard.revenue30')} value={formatUsd(dashboard.revenue.totalCents)} />
      <Stat title={t('homeDashboard.upcomingCount')} value={dashboard.upcomingCount} />
    </Columns>
  );
}

function Stat({ title, value }: { title: string; value: ReactNode }) {
  return (
    <StatBox>
      <div role="group" aria-label={title}>
        <div className="home-stat__title">{title}</div>
        <div className="home-stat__value">{value}</div>
      </div>
    </StatBox>
  );
}

/** Equal columns at least 200px wide (`wide`: 320px), as many as fit; one column on a phone. */
export function Columns({ wide, children }: { wide?: boolean; children: ReactNode }) {
  return <div className={wide ? 'home-columns home-columns--wide' : 'home-columns'}>{children}</div>;
}

export function StatBox({ children }: { children: ReactNode }) {
  return <div className="home-box">{children}</div>;
}
