import { lazy, Suspense } from 'react';
import { Alert, Spin, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_COUNTS, type CampaignReport as Report } from '../../domain/campaigns/wire';
import type { CampaignStatus } from '../../domain/campaigns/rules';
import { clockFor } from '../../ui/format';
import { AbReport } from './AbReport';
import { digits } from './campaigns-api';

/** The chart over time, in a chunk of its own: no first load carries it, only a report with sends. */
const ReportChart = lazy(() => import('./ReportChart'));

const percent = (part: number, whole: number) => (whole ? `${Math.round((part / whole) * 1000) / 10}%` : '—');

/** The statuses a campaign can be in without having sent a mail: what its page says instead of a report. */
type NotSent = Extract<CampaignStatus, 'draft' | 'scheduled' | 'paused' | 'cancelled'>;
const NOT_SENT: readonly CampaignStatus[] = ['draft', 'scheduled', 'paused', 'cancelled'];

/**
 * Why a campaign has no report yet (its status), or null when it has one: nothing queued, skipped,
 * counted or held, in a status that sends nothing by itself. A draft showed a report of zeros and
 * an empty table, as though it had gone out to no one. A campaign sending (or sent) shows its
 * report, even of zeros: it is live, or the send really reached no one.
 */
export function notSentYet(report: Report): NotSent | null {
  if (!NOT_SENT.includes(report.status)) return null;
  const happened =
    report.queued > 0 ||
    report.skipped > 0 ||
    report.series.length > 0 ||
    Object.values(report.counts).some((n) => n > 0) ||
    Boolean(report.ab && (report.ab.held > 0 || report.ab.variants.some((v) => v.sent > 0)));
  return happened ? null : (report.status as NotSent);
}

/**
 * A campaign's report: each count with its share of the mails sent, then sent, opened and clicked
 * per hour as a chart (our own small SVG, no chart library) and as a table, which is also the
 * chart's text alternative. The page reads the report again while it sends, so both follow live.
 */
export function CampaignReport({ report, live, timeZone }: { report: Report; live: boolean; timeZone: string }) {
  const { t } = useTranslation();
  const sent = report.counts.sent;
  const notSent = notSentYet(report);
  if (notSent)
    return (
      <section aria-label={t('campaigns.report.title')} className="cm-box">
        <Typography.Title level={5}>{t('campaigns.report.title')}</Typography.Title>
        <Alert
          type="info"
          showIcon
          data-testid="campaign-not-sent"
          message={t(`campaigns.report.notSent.${notSent === 'cancelled' ? 'nothingTitle' : 'title'}`)}
          description={t(`campaigns.report.notSent.${notSent}`)}
        />
      </section>
    );
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
        {t('campaigns.report.queued', { n: digits(report.queued) })} ·{' '}
        {t('campaigns.report.skipped', { n: digits(report.skipped) })}
      </p>
      {report.ab && <AbReport ab={report.ab} timeZone={timeZone} />}
      <Typography.Title level={5}>{t('campaigns.report.byHour')}</Typography.Title>
      {report.series.length > 0 && (
        <Suspense fallback={<Spin aria-busy="true" />}>
          <ReportChart series={report.series} timeZone={timeZone} />
        </Suspense>
      )}
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
            render: (v: string) => clockFor(timeZone).dateTime(v),
          },
          { title: t('campaigns.report.counts.sent'), dataIndex: 'sent', render: digits },
          { title: t('campaigns.report.counts.opened'), dataIndex: 'opened', render: digits },
          { title: t('campaigns.report.counts.clicked'), dataIndex: 'clicked', render: digits },
        ]}
      />
    </section>
  );
}
