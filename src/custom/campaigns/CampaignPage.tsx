import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Descriptions, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined, EditOutlined, PauseOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_API } from '../../domain/campaigns/api';
import { allows, passesMidnight, type CampaignAction } from '../../domain/campaigns/rules';
import { clockText, occurrenceOf } from '../../domain/campaigns/wall-clock';
import type { campaignOptions, campaignReport, campaignRow } from '../../domain/campaigns/wire';
import { clockFor } from '../../ui/format';
import { isApiError } from '../../providers/http';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useApiMutation, useApiQuery } from '../../providers/use-api';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { apiPath, CAMPAIGNS_RESOURCE, clockTime, editPath, STATUS_COLOR } from './campaigns-api';
import { CampaignReport } from './CampaignReport';
import { ScheduleBox } from './ScheduleBox';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './campaigns.css';

/** How often the report is read again while the campaign waits or sends. */
const LIVE_MS = 2000;

/** email_campaigns/:campaignId: what the campaign is, its schedule and controls, and its report, live while it sends. */
export default function CampaignPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { campaignId = '' } = useParams();
  const campaign = useApiQuery<typeof campaignRow>({ url: apiPath(CAMPAIGN_API.campaign, campaignId) });
  const options = useApiQuery<typeof campaignOptions>({ url: CAMPAIGN_API.options });
  const live = campaign.data?.status === 'scheduled' || campaign.data?.status === 'sending';
  const c = campaign.data;
  // The report and the campaign are two reads: the report keeps being read while it is behind the
  // campaign (one read as the send finished saw 'sent'; the report's last read was from before),
  // which its own last answer says, so nothing is kept in state.
  const report = useApiQuery<typeof campaignReport>({
    url: apiPath(CAMPAIGN_API.report, campaignId),
    pollEvery: (last) => (live || (c && last && last.status !== c.status) ? LIVE_MS : false),
  });
  const act = useApiMutation<typeof campaignRow>();
  useDocumentTitle(c?.name ?? t('pages.email_campaigns'));
  const differ = Boolean(c && report.data && report.data.status !== c.status);
  // The report saw the send finish: read the campaign's own status again.
  const rereadCampaign = campaign.reread;
  useEffect(() => {
    if (differ) void rereadCampaign();
  }, [differ, rereadCampaign]);

  // A 409: the campaign moved on meanwhile (sent or cancelled from another tab): the page reads it
  // again, so it shows where it stands and offers only what it still allows.
  const movedOn = (error: unknown) => isApiError(error) && error.status === 409;
  const changed = async () => {
    await Promise.all([campaign.reread(), report.reread()]);
    void invalidate({ resource: CAMPAIGNS_RESOURCE, invalidates: ['list'] });
  };
  const run = async (action: Exclude<CampaignAction, 'schedule'>) => {
    try {
      const result = await act.send({ url: apiPath(CAMPAIGN_API[action], campaignId), method: 'post' });
      showToast({
        kind: 'message',
        type: 'success',
        content: t('campaigns.actions.done', { status: t(`campaigns.status.${result.status}`) }),
      });
      await changed();
    } catch (error) {
      showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
      if (movedOn(error)) await changed();
    }
  };

  const body = () => {
    if (campaign.query.error) return <Alert type="error" showIcon message={errorText(t, campaign.query.error)} />;
    if (!c || !options.data) return <Spin aria-busy="true" />;
    const zone = options.data.timeZone;
    const sender = options.data.senders.find((s) => s.id === c.senderId)?.label ?? '—';
    const template = options.data.templates.find((x) => x.id === c.templateId)?.name ?? '—';
    // A time the clocks show twice: which of the two (the schedule takes the first; wall-clock.ts).
    const twiceNote = (at: string) => {
      const o = occurrenceOf(Date.parse(at), zone);
      return o
        ? ` (${t(`campaigns.schedule.${o.which}OfTwice`, { time: clockText(o.minutes), from: clockText(o.from), to: clockText(o.to) })})`
        : '';
    };
    return (
      <>
        <Space wrap className="cm-gap">
          {allows('schedule', c.status) && (
            <Button icon={<EditOutlined />} onClick={() => void navigate(editPath(c.id))}>
              {t('campaigns.edit')}
            </Button>
          )}
          {allows('pause', c.status) && (
            <Button icon={<PauseOutlined />} onClick={() => void run('pause')} loading={act.isPending}>
              {t('campaigns.actions.pause')}
            </Button>
          )}
          {allows('resume', c.status) && (
            <Button icon={<PlayCircleOutlined />} onClick={() => void run('resume')} loading={act.isPending}>
              {t('campaigns.actions.resume')}
            </Button>
          )}
          {allows('cancel', c.status) && (
            <SteadyPopconfirm title={t('campaigns.actions.cancelConfirm')} onConfirm={() => run('cancel')}>
              <Button danger icon={<StopOutlined />}>
                {t('campaigns.actions.cancel')}
              </Button>
            </SteadyPopconfirm>
          )}
        </Space>
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} className="cm-gap cm-facts">
          <Descriptions.Item label={t('campaigns.fields.status')}>
            <Tag color={STATUS_COLOR[c.status]} data-testid="campaign-status">
              {t(`campaigns.status.${c.status}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.subject')}>{c.subject}</Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.sender')}>
            <span className="cm-address">{sender}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.template')}>
            {c.templateVersion ? `${template} (v${c.templateVersion})` : template}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.scheduledAt')}>
            {c.scheduledAt ? clockFor(zone).dateTime(c.scheduledAt) + twiceNote(c.scheduledAt) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('campaigns.fields.hourlyCap')}>{c.hourlyCap ?? '—'}</Descriptions.Item>
          {c.subjectB && (
            <Descriptions.Item label={t('campaigns.fields.subjectB')}>
              {t('campaigns.ab.summary', { subject: c.subjectB, percent: c.abPercent, hours: c.abWaitHours })}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('campaigns.window.title')}>
            {c.windowStart && c.windowEnd
              ? t(
                  passesMidnight(c.windowStart, c.windowEnd)
                    ? 'campaigns.window.summaryOvernight'
                    : 'campaigns.window.summary',
                  {
                    start: clockTime(c.windowStart),
                    end: clockTime(c.windowEnd),
                    zone,
                  },
                )
              : t('campaigns.window.anyTime')}
          </Descriptions.Item>
        </Descriptions>
        {allows('schedule', c.status) && (
          <ScheduleBox
            campaignId={c.id}
            updatedAt={c.updatedAt}
            timeZone={zone}
            onScheduled={changed}
            onMovedOn={changed}
          />
        )}
        {report.data && <CampaignReport report={report.data} live={live} timeZone={zone} />}
      </>
    );
  };

  return (
    <PagePanel title={c?.name ?? t('pages.email_campaigns')} intro={t('campaigns.intro')}>
      <Link to="/email_campaigns" className="cm-back">
        <ArrowLeftOutlined /> {t('campaigns.backToList')}
      </Link>
      {body()}
    </PagePanel>
  );
}
