import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Space, Tag, type TableColumnsType } from 'antd';
import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WS_TEMPLATES_API, WS_TEMPLATES_RESOURCE } from '../../domain/ws-templates/api';
import type { WsTemplate } from '../../domain/ws-templates/rules';
import type { WsTemplateRow } from '../../domain/ws-templates/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { useSession } from '../../providers/use-session';
import { useClock } from '../../ui/venue/use-clock';
import { PagePanel } from '../../ui/PagePanel';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ImportDialog } from './ImportDialog';
import { STATUS_COLOR } from './StatusPanel';
import './ws-templates.css';

const LIST = { resource: WS_TEMPLATES_RESOURCE, path: WS_TEMPLATES_API.templates };

/**
 * ws_template_management (ADMIN, CLUBOWNER): the templates, a new one, and one brought in from the
 * Cloud API's JSON. An administrator's list holds the platform's own and every business's, with
 * the owner's name.
 */
export default function TemplatesPage() {
  const { t } = useTranslation();
  const clock = useClock();
  useDocumentTitle(t('pages.ws_template_management'));
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  const list = usePagedRows<WsTemplateRow>(LIST);
  const admin = useSession()?.userData.roleName === 'ADMIN';

  const columns: TableColumnsType<WsTemplateRow> = [
    {
      title: t('wsTemplates.fields.name'),
      dataIndex: 'name',
      // One long word (lower case and underscores, as WhatsApp names them): it wraps anywhere, or
      // the table scrolled sideways on a phone.
      render: (name: string, row) => (
        <Link to={`/ws_template_management/${row.id}`} className="ws-name-link">
          {name}
        </Link>
      ),
    },
    // On a phone the name and its review status stay: with every column the table scrolled
    // sideways and the status, what a person comes to the list for, was out of view.
    {
      title: t('wsTemplates.fields.category'),
      dataIndex: 'category',
      responsive: ['md'],
      render: (v: string) => t(`wsTemplates.categories.${v}`),
    },
    { title: t('wsTemplates.fields.language'), dataIndex: 'language', responsive: ['md'] },
    {
      title: t('wsTemplates.fields.status'),
      dataIndex: 'status',
      render: (s: WsTemplateRow['status']) => <Tag color={STATUS_COLOR[s]}>{t(`wsTemplates.statuses.${s}`)}</Tag>,
    },
    ...(admin
      ? [
          {
            title: t('wsTemplates.fields.owner'),
            dataIndex: 'businessName',
            responsive: ['md' as const],
            render: (v: string | null) => v ?? t('wsTemplates.platform'),
          },
        ]
      : []),
    {
      title: t('wsTemplates.fields.updatedAt'),
      dataIndex: 'updatedAt',
      responsive: ['md'],
      render: (v: string) => clock.dateTime(v),
    },
  ];
  const openImported = (imported: WsTemplate) => {
    setImporting(false);
    void navigate('/ws_template_management/new', { state: { imported } });
  };

  return (
    <PagePanel title={t('pages.ws_template_management')} intro={t('wsTemplates.intro')}>
      <Alert type="info" showIcon message={t('wsTemplates.status.nothingSent')} className="ws-alert" />
      {list.error && <Alert type="error" showIcon message={errorText(t, list.error)} className="ws-alert" />}
      <Space wrap className="ws-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/ws_template_management/new')}>
          {t('wsTemplates.new')}
        </Button>
        <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
          {t('wsTemplates.import')}
        </Button>
      </Space>
      <PagedTable<WsTemplateRow>
        columns={columns}
        emptyText={t('wsTemplates.empty')}
        aria-label={t('pages.ws_template_management')}
        {...list.table}
      />
      {importing && <ImportDialog onClose={() => setImporting(false)} onImport={openImported} />}
    </PagePanel>
  );
}
