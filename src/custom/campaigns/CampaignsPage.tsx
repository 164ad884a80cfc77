import { Link, useNavigate } from 'react-router';
import { Alert, Button, Space, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CampaignRow } from '../../domain/campaigns/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { PagePanel } from '../../ui/PagePanel';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useClock } from '../../ui/venue/use-clock';
import { counted } from '../../ui/counted';
import { digits, LIST, pagePath, STATUS_COLOR } from './campaigns-api';
import './campaigns.css';

/** email_campaigns (CLUBOWNER): the business's campaigns, newest first, with how far each got. */
export default function CampaignsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.email_campaigns'));
  const navigate = useNavigate();
  const list = usePagedRows<CampaignRow>(LIST);
  // Times on the business's clock, as the campaign's page and its schedule show them.
  const clock = useClock();

  const columns: TableColumnsType<CampaignRow> = [
    {
      title: t('campaigns.fields.name'),
      dataIndex: 'name',
      render: (name: string, row) => <Link to={pagePath(row.id)}>{name}</Link>,
    },
    {
      title: t('campaigns.fields.status'),
      dataIndex: 'status',
      render: (status: CampaignRow['status']) => (
        <Tag color={STATUS_COLOR[status]}>{t(`campaigns.status.${status}`)}</Tag>
      ),
    },
    {
      title: t('campaigns.fields.sent'),
      key: 'sent',
      // Not on a phone (the campaign's page shows it): with it the Spanish table ran 11 px past
      // its card, "Programada para" cut at the edge.
      responsive: ['sm'],
      render: (_: unknown, row) =>
        row.audienceSize === null ? '—' : `${digits(row.sent)} / ${digits(row.audienceSize)}`,
    },
    {
      title: t('campaigns.fields.scheduledAt'),
      dataIndex: 'scheduledAt',
      render: (v: string | null) => (v ? clock.dateTime(v) : '—'),
    },
  ];

  return (
    <PagePanel title={t('pages.email_campaigns')} intro={t('campaigns.intro')}>
      {list.error && <Alert type="error" showIcon message={errorText(t, list.error)} className="cm-gap" />}
      <Space wrap className="cm-gap">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/email_campaigns/new')}>
          {t('campaigns.new')}
        </Button>
      </Space>
      <PagedTable<CampaignRow>
        columns={columns}
        emptyText={t('campaigns.empty')}
        aria-label={t('pages.email_campaigns')}
        pager={{ showTotal: (total) => t('campaigns.total', counted(total)) }}
        {...list.table}
      />
    </PagePanel>
  );
}
