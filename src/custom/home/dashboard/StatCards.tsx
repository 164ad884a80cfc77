import { Col, Row, Statistic, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../domain/constants';
import type { HomeDashboard } from '../../../domain/home/dashboard';

/**
 * Three statistic cards: today's count, 30-day revenue, upcoming count. Plain boxes on antd
 * tokens around antd's Statistic: antd's Card would bring Tabs into the home page's chunk, and
 * pro-components' StatisticCard is a 62 KB chunk against ~17 KB (docs/architecture.md).
 */
export function StatCards({ dashboard }: { dashboard: HomeDashboard }) {
  const { t } = useTranslation();
  const venue = dashboard.kind === 'venue';
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={8} style={{ display: 'flex' }}>
        <StatBox>
          <Statistic
            title={venue ? t('homeDashboard.todayReservations') : t('homeDashboard.todayBookings')}
            value={dashboard.todayCount}
          />
        </StatBox>
      </Col>
      <Col xs={24} md={8} style={{ display: 'flex' }}>
        <StatBox>
          <Statistic title={t('homeDashboard.revenue30')} value={formatCents(dashboard.revenue.totalCents)} />
        </StatBox>
      </Col>
      <Col xs={24} md={8} style={{ display: 'flex' }}>
        <StatBox>
          <Statistic title={t('homeDashboard.upcomingCount')} value={dashboard.upcomingCount} />
        </StatBox>
      </Col>
    </Row>
  );
}

export function StatBox({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        // Fills its column (a flex one), so cards side by side share one height.
        flex: 1,
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
