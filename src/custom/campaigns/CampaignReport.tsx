import { Alert, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_COUNTS, type CampaignReport as Report } from '../../domain/campaigns/wire';
import { formatZonedDateTime } from '../../domain/venue/zoned-format';
import { AbReport } from './AbReport';

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 1000) / 10}%` : '—');

/**
 * A campaign's report: each count with its share of the mails sent, and the same by hour as a
 * table (no chart library is in the app; a table reads as well for a few hours and costs no chunk).
 */
export function CampaignReport({ report, live, timeZone }: { report: Report; live: boolean; timeZone: string }) {
  const { t } = useTranslation();
  const sent = report.counts.sent;
  return (
    <section aria-label={t('campaigns.report.title')} className="cm-box">
      <Typography.Title level={5}>{t('campaigns.report.title')}</Typography.Title>
      {live && <p className="cm-muted">{t('campaigns.report.live')}</p>}
      {live && report.outsideWindow && (
        <Alert type="info" showIcon className="cm-gap" message={t('campaigns.window.waiting')} />
      )}
      <div className="cm-stats" data-testid="campaign-report">
        {REPORT_COUNTS.map((key) => (
          <div key={key} className="cm-stat" data-count={key}>
            <Statistic title={t(`campaigns.report.counts.${key}`)} value={report.counts[key]} />
            {key !== 'sent' && (
              <span className="cm-muted">
                {t('campaigns.report.rate', { rate: percent(report.counts[key], sent) })}
              </span>
            )}
          </div>
        ))}
      </div>
      <p className="cm-muted">
        {t('campaigns.report.queued', { n: report.queued })} · {t('campaigns.report.skipped', { n: report.skipped })}
      </p>
      {report.ab && <AbReport ab={report.ab} timeZone={timeZone} />}
      <Typography.Title level={5}>{t('campaigns.report.byHour')}</Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="hour"
        scroll={{ x: true }}
        locale={{ emptyText: t('campaigns.report.noneYet') }}
        dataSource={report.series}
        columns={[
          {
            title: t('campaigns.report.hour'),
            dataIndex: 'hour',
            render: (v: string) => formatZonedDateTime(v, timeZone),
          },
          { title: t('campaigns.report.counts.sent'), dataIndex: 'sent' },
          { title: t('campaigns.report.counts.opened'), dataIndex: 'opened' },
          { title: t('campaigns.report.counts.clicked'), dataIndex: 'clicked' },
        ]}
      />
    </section>
  );
}
