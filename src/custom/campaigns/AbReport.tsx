import { Table, Tag, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CampaignReport } from '../../domain/campaigns/wire';
import { clockFor } from '../../ui/format';
import { digits } from './campaigns-api';

type Ab = NonNullable<CampaignReport['ab']>;
const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 1000) / 10}%` : '—');

/**
 * An A/B campaign's two subjects side by side: each test group's mails, opens (and their share,
 * what decides) and clicks, the winner once chosen, else when it will be and how many wait for it.
 */
export function AbReport({ ab, timeZone }: { ab: Ab; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('campaigns.ab.reportTitle')} className="cm-box" data-testid="ab-report">
      <Typography.Title level={5}>{t('campaigns.ab.reportTitle')}</Typography.Title>
      <p className="cm-muted" data-testid="ab-state">
        {ab.winner
          ? t('campaigns.ab.decided', { variant: ab.winner.toUpperCase() })
          : ab.decidesAt
            ? t('campaigns.ab.pending', { n: digits(ab.held), at: clockFor(timeZone).dateTime(ab.decidesAt) })
            : t('campaigns.ab.notStarted')}
      </p>
      <Table
        size="small"
        pagination={false}
        rowKey="variant"
        scroll={{ x: true }}
        dataSource={ab.variants}
        columns={[
          {
            title: t('campaigns.ab.variant'),
            dataIndex: 'variant',
            render: (v: string) => (
              <span data-variant={v}>
                {v.toUpperCase()}{' '}
                {ab.winner === v && (
                  <Tag color="gold" icon={<TrophyOutlined />}>
                    {t('campaigns.ab.winner')}
                  </Tag>
                )}
              </span>
            ),
          },
          { title: t('campaigns.fields.subject'), dataIndex: 'subject', className: 'cm-wrap' },
          { title: t('campaigns.report.counts.sent'), dataIndex: 'sent', render: digits },
          {
            title: t('campaigns.report.counts.opened'),
            dataIndex: 'opened',
            render: (n: number, row) => `${digits(n)} (${percent(n, row.sent)})`,
          },
          { title: t('campaigns.report.counts.clicked'), dataIndex: 'clicked', render: digits },
        ]}
      />
    </section>
  );
}
