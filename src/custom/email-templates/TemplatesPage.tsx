import { Link, useNavigate } from 'react-router';
import { Alert, Button, Space, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATES_API, EMAIL_TEMPLATES_RESOURCE } from '../../domain/email-templates/api';
import type { EmailTemplateRow } from '../../domain/email-templates/wire';
import { errorText } from '../../providers/i18n/translate-message';
import { useSession } from '../../providers/use-session';
import { useClock } from '../../ui/venue/use-clock';
import { PagePanel } from '../../ui/PagePanel';
import { PagedTable } from '../../ui/tables/PagedTable';
import { usePagedRows } from '../../ui/tables/use-paged-rows';
import { useDocumentTitle } from '../../ui/use-document-title';
import './email-templates.css';

const LIST = { resource: EMAIL_TEMPLATES_RESOURCE, path: EMAIL_TEMPLATES_API.templates };
const setupPath = (id: string) => `/email_templates_management/${id}/email_template_setup`;

/**
 * email_templates_management (ADMIN, CLUBOWNER, USER): the business's templates, most recently
 * saved first; an administrator's are the platform's own.
 */
export default function TemplatesPage() {
  const { t } = useTranslation();
  const clock = useClock();
  useDocumentTitle(t('pages.email_templates_management'));
  const navigate = useNavigate();
  const list = usePagedRows<EmailTemplateRow>(LIST);
  const admin = useSession()?.userData.roleName === 'ADMIN';

  const columns: TableColumnsType<EmailTemplateRow> = [
    {
      title: t('emailTemplates.fields.name'),
      dataIndex: 'name',
      // A name of one long word wraps anywhere, or the table scrolled sideways on a phone.
      render: (name: string, row) => (
        <Link to={setupPath(row.id)} className="et-name-link">
          {name}
        </Link>
      ),
    },
    // On a phone the kind and the Edit button (the name's link does the same) drop out: with them
    // the table scrolled sideways and cut the Edit button in half.
    {
      title: t('emailTemplates.fields.kind'),
      dataIndex: 'kind',
      responsive: ['sm'],
      render: (k: string) => t(`emailTemplates.kinds.${k}`),
    },
    { title: t('emailTemplates.fields.version'), dataIndex: 'currentVersion' },
    { title: t('emailTemplates.fields.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => clock.dateTime(v) },
    {
      title: t('emailTemplates.fields.actions'),
      key: 'actions',
      responsive: ['sm'],
      render: (_: unknown, row) => (
        <Button
          size="small"
          icon={<EditOutlined />}
          aria-label={t('emailTemplates.editNamed', { name: row.name })}
          onClick={() => void navigate(setupPath(row.id))}
        >
          {t('emailTemplates.edit')}
        </Button>
      ),
    },
  ];

  return (
    <PagePanel
      title={t('pages.email_templates_management')}
      intro={t(admin ? 'emailTemplates.introAdmin' : 'emailTemplates.intro')}
    >
      {list.error && <Alert type="error" showIcon message={errorText(t, list.error)} className="et-alert" />}
      <Space wrap className="et-toolbar">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/email_template_setup')}>
          {t('emailTemplates.new')}
        </Button>
      </Space>
      <PagedTable<EmailTemplateRow>
        columns={columns}
        emptyText={t('emailTemplates.empty')}
        aria-label={t('pages.email_templates_management')}
        {...list.table}
      />
    </PagePanel>
  );
}
