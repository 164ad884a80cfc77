import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Tag, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGING } from '../../domain/constants';
import { MESSAGES } from '../../domain/messages';
import { formatUsd } from '../../domain/payments/money';
import type { PagingData } from '../../domain/user';
import { translateMessage } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { formatDate } from '../format';
import { brandLabel } from '../payments/CardLabel';
import { downloadInvoicePdf, listInvoices, type Invoice } from '../payments/billing-api';
import { SettingsSection } from './SectionTitle';
import { PagedTable } from '../tables/PagedTable';

const errorText = (error: unknown) => (error instanceof Error ? error.message : MESSAGES.genericError);

/** `GET invoices` paged (page, perPage); each one downloads as a PDF named by the server. */
export function InvoicesSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(PAGING.defaultPerPage);
  const [rows, setRows] = useState<Invoice[]>([]);
  const [paging, setPaging] = useState<PagingData | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    listInvoices(page, perPage)
      .then((result) => {
        if (!live) return;
        setRows(result.rows);
        setPaging(result.paging);
        setError(null);
      })
      .catch((err: unknown) => live && setError(translateMessage(t, errorText(err))))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, perPage, t]);

  const columns = useMemo<TableColumnsType<Invoice>>(() => {
    const download = async (invoice: Invoice) => {
      setDownloading(invoice.id);
      try {
        await downloadInvoicePdf(invoice);
      } catch (err) {
        showToast({ kind: 'message', type: 'error', content: translateMessage(t, errorText(err)) });
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
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      <PagedTable<Invoice>
        rows={rows}
        columns={columns}
        loading={loading}
        emptyText={t('settings.invoices.empty')}
        page={page}
        perPage={perPage}
        total={paging?.totalCount ?? rows.length}
        onPageChange={(next, size) => {
          setPage(next);
          setPerPage(size);
        }}
      />
    </SettingsSection>
  );
}
