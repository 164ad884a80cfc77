import { useMemo, useState } from 'react';
import { Alert, Button, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { API } from '../../../domain/api-paths';
import { formatUsd } from '../../../domain/money';
import { errorText } from '../../../providers/i18n/translate-message';
import { showToast } from '../../../providers/notification/toast-bus';
import { formatDate } from '../../../ui/format';
import { brandLabel } from '../CardLabel';
import { downloadInvoicePdf, type Invoice } from '../billing-api';
import { SettingsSection } from './SectionTitle';
import { PagedTable } from '../../../ui/tables/PagedTable';
import { usePagedRows } from '../../../ui/tables/use-paged-rows';
import '../payments.css';

const INVOICES = { resource: 'invoices', path: API.invoices };

/** `GET invoices` paged (page, perPage); each one downloads as a PDF named by the server. */
export function InvoicesSection() {
  const { t } = useTranslation();
  const list = usePagedRows<Invoice>(INVOICES);
  const [downloading, setDownloading] = useState<string | null>(null);

  const columns = useMemo<TableColumnsType<Invoice>>(() => {
    const download = async (invoice: Invoice) => {
      setDownloading(invoice.id);
      try {
        await downloadInvoicePdf(invoice);
      } catch (err) {
        showToast({ kind: 'message', type: 'error', content: errorText(t, err) });
      } finally {
        setDownloading(null);
      }
    };
    return [
      { key: 'number', title: t('settings.invoices.number'), dataIndex: 'number' },
      { key: 'date', title: t('settings.invoices.date'), render: (_, r) => formatDate(r.createdAt) },
      {
        key: 'description',
        title: t('settings.invoices.descriptionColumn'),
        dataIndex: 'description',
        responsive: ['md'],
      },
      {
        key: 'card',
        title: t('settings.invoices.card'),
        responsive: ['lg'],
        render: (_, r) => (r.cardLast4 ? `${brandLabel(r.cardBrand ?? '')} •••• ${r.cardLast4}` : ''),
      },
      { key: 'amount', title: t('settings.invoices.amount'), align: 'right', render: (_, r) => formatUsd(r.amount) },
      {
        key: 'status',
        title: t('settings.invoices.status'),
        render: (_, r) => (
          <Tag color={r.status === 'paid' ? 'green' : 'default'}>
            {t(`settings.invoices.statuses.${r.status}`, { defaultValue: r.status })}
          </Tag>
        ),
      },
      {
        key: 'pdf',
        title: t('settings.invoices.pdf'),
        render: (_, r) => (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={downloading === r.id}
            onClick={() => void download(r)}
            aria-label={t('settings.invoices.download', { number: r.number })}
          >
            {t('settings.invoices.pdfButton')}
          </Button>
        ),
      },
    ];
  }, [downloading, t]);

  return (
    <SettingsSection id="settings-invoices-title" title={t('settings.invoices.title')}>
      {list.error ? (
        <Alert type="error" showIcon message={errorText(t, list.error)} className="payments-gap-below-sm" />
      ) : null}
      <PagedTable<Invoice> columns={columns} emptyText={t('settings.invoices.empty')} {...list.table} />
    </SettingsSection>
  );
}
