import { Link, useParams } from 'react-router';
import { Alert, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_API } from '../../domain/campaigns/api';
import { EVERYONE, type CampaignInput } from '../../domain/campaigns/rules';
import type { campaignOptions, campaignRow } from '../../domain/campaigns/wire';
import { MESSAGES } from '../../domain/messages';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { useApiQuery } from '../../providers/use-api';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { apiPath } from './campaigns-api';
import { CampaignForm } from './CampaignForm';
import './campaigns.css';

const BLANK: CampaignInput = {
  name: '',
  senderId: '',
  templateId: '',
  subject: '',
  segment: EVERYONE,
  hourlyCap: null,
  subjectB: '',
  abPercent: null,
  abWaitHours: null,
  windowStart: '',
  windowEnd: '',
};

/** email_campaigns/new and email_campaigns/:campaignId/edit (a draft only; the server refuses others). */
export default function CampaignFormPage() {
  const { t } = useTranslation();
  const { campaignId } = useParams();
  const options = useApiQuery<typeof campaignOptions>({ url: CAMPAIGN_API.options });
  const saved = useApiQuery<typeof campaignRow>({
    url: campaignId ? apiPath(CAMPAIGN_API.campaign, campaignId) : '',
    // Read afresh on opening: the form starts from, and saves against, the draft as stored now, not
    // as the campaign's page last held it (another tab may have saved since).
    queryOptions: { enabled: Boolean(campaignId), refetchOnMount: 'always' },
  });
  const title = campaignId ? t('campaigns.editTitle', { name: saved.data?.name ?? '' }) : t('campaigns.newTitle');
  useDocumentTitle(title);

  const body = () => {
    const error = options.query.error ?? saved.query.error;
    if (error) return <Alert type="error" showIcon message={errorText(t, error)} />;
    if (!options.data || (campaignId && !(saved.data && saved.query.isFetchedAfterMount)))
      return <Spin aria-busy="true" />;
    // Opened from a bookmark, the back button or a tab left open while it was sent: a campaign that
    // is no longer a draft cannot change, so no form is offered whose every Save the server refuses
    // (with its message at the top of a long form, out of sight of the button pressed).
    if (campaignId && saved.data && saved.data.status !== 'draft')
      return (
        <Alert
          type="info"
          showIcon
          message={translateMessage(t, MESSAGES.campaignNotEditable)}
          description={
            <Link to={`/email_campaigns/${campaignId}`}>{t('campaigns.openNamed', { name: saved.data.name })}</Link>
          }
        />
      );
    // A draft keeps the ids it was saved with; its template may have been deleted since, its sender
    // deleted or no longer verified. Such an id is no choice: the box starts empty and Save asks
    // for one, where it showed the bare id and the preview asked the server about it.
    const offered = (id: string, choices: { id: string }[]) => (choices.some((c) => c.id === id) ? id : '');
    const initial: CampaignInput = saved.data
      ? {
          name: saved.data.name,
          senderId: offered(saved.data.senderId, options.data.senders),
          templateId: offered(saved.data.templateId, options.data.templates),
          subject: saved.data.subject,
          segment: saved.data.segment,
          hourlyCap: saved.data.hourlyCap,
          subjectB: saved.data.subjectB ?? '',
          abPercent: saved.data.abPercent,
          abWaitHours: saved.data.abWaitHours,
          windowStart: saved.data.windowStart ?? '',
          windowEnd: saved.data.windowEnd ?? '',
        }
      : BLANK;
    return (
      <CampaignForm
        key={campaignId ?? 'new'}
        id={campaignId}
        updatedAt={saved.data?.updatedAt}
        initial={initial}
        options={options.data}
      />
    );
  };

  return (
    <PagePanel title={title} intro={t('campaigns.intro')}>
      <Link to="/email_campaigns" className="cm-back">
        <ArrowLeftOutlined /> {t('campaigns.backToList')}
      </Link>
      {body()}
    </PagePanel>
  );
}
