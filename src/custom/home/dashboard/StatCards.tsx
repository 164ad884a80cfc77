import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../domain/money';
import type { HomeDashboard } from '../../../domain/home/dashboard';

/**
 * Three statistic cards: today's count, 30-day revenue, upcoming count. Plain elements on antd
 * tokens, shaped like antd's Statistic: '/' is the first page after sign-in, and antd's Row, Col
 * and Statistic cost 3.7 KB gzip on that load (a user's login + first page was 404.5 KB against
 * the 400 KB budget with them; pro-components' StatisticCard is a 62 KB chunk).
 */
export function StatCards({ dashboard }: { dashboard: HomeDashboard }) {
  const { t } = useTranslation();
  const venue = dashboard.kind === 'venue';
  return (
    <Columns min={200}>
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
  const { token } = theme.useToken();
  return (
    <StatBox>
      <div role="group" aria-label={title}>
        <div style={{ color: token.colorTextSecondary, marginBottom: token.marginXXS }}>{title}</div>
        <div style={{ color: token.colorText, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3 }}>
          {value}
        </div>
      </div>
    </StatBox>
  );
}

/** Equal columns at least `min` px wide, as many as fit; one column on a phone. */
export function Columns({ min, children }: { min: number; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, ${min}px), 1fr))`,
        gap: token.margin,
      }}
    >
      {children}
    </div>
  );
}

export function StatBox({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minWidth: 0,
        padding: token.paddingLG,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
      }}
    >
      {children}
    </div>
  );
}
