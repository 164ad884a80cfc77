import { useState } from 'react';
import { Button, Tag, Typography } from 'antd';
import { CheckCircleOutlined, FilePdfOutlined, LinkOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../engine/api';
import { toastError, toastSuccess } from '../../engine/errors';
import type { RecordRow } from '../../engine/FieldValue';
import { downloadInvoicePdf, useInvoiceAction, type InvoiceAction } from './invoice-calls';
import { SteadyPopconfirm } from '../../../ui/confirm/SteadyPopconfirm';

/**
 * The invoice's actions beside Edit / Delete: its PDF; send (a draft: mailed with its pay link,
 * then read-only); the pay link (a sent one); mark paid; void (a draft or a sent one, asked
 * first). Only the moves its status allows are offered; the server checks them again.
 */
export function InvoiceActions({ invoice }: { invoice: RecordRow }) {
  const { t } = useTranslation();
  const { move, payLink, pending } = useInvoiceAction(invoice.id);
  const [busy, setBusy] = useState<InvoiceAction | 'pdf' | null>(null);
  const [payUrl, setPayUrl] = useState<string | null>(null);
  const status = String(invoice.status);

  const act = async (action: InvoiceAction) => {
    setBusy(action);
    try {
      if (action === 'pay-link') {
        const { url } = await payLink();
        setPayUrl(url);
        toastSuccess(t(url ? 'invoices.toasts.payLink' : 'invoices.toasts.noPayLink'));
      } else {
        await move(action);
        toastSuccess(t(`invoices.toasts.${action}`, { number: String(invoice.number) }));
      }
    } catch (error) {
      toastError(t, error);
    } finally {
      setBusy(null);
    }
  };

  const pdf = async () => {
    setBusy('pdf');
    try {
      const { blob, filename } = await downloadInvoicePdf(invoice.id);
      saveBlob(blob, filename);
      toastSuccess(t('invoices.toasts.downloaded', { name: filename }));
    } catch (error) {
      toastError(t, error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      {invoice.overdue === true && <Tag color="red">{t('invoices.overdue')}</Tag>}
      <Button icon={<FilePdfOutlined aria-hidden />} loading={busy === 'pdf'} onClick={() => void pdf()}>
        {t('invoices.actions.pdf')}
      </Button>
      {status === 'draft' && (
        <SteadyPopconfirm
          title={t('invoices.confirm.send', { email: String(invoice.customerEmail) })}
          okText={t('invoices.actions.send')}
          cancelText={t('resourceEngine.cancel')}
          onConfirm={() => act('send')}
        >
          <Button type="primary" icon={<SendOutlined aria-hidden />} loading={busy === 'send'} disabled={pending}>
            {t('invoices.actions.send')}
          </Button>
        </SteadyPopconfirm>
      )}
      {status === 'sent' && (
        <>
          <Button
            type="primary"
            icon={<CheckCircleOutlined aria-hidden />}
            loading={busy === 'mark-paid'}
            disabled={pending}
            onClick={() => void act('mark-paid')}
          >
            {t('invoices.actions.markPaid')}
          </Button>
          <Button
            icon={<LinkOutlined aria-hidden />}
            loading={busy === 'pay-link'}
            onClick={() => void act('pay-link')}
          >
            {t('invoices.actions.payLink')}
          </Button>
        </>
      )}
      {(status === 'draft' || status === 'sent') && (
        <SteadyPopconfirm
          title={t('invoices.confirm.void')}
          okText={t('invoices.actions.void')}
          okButtonProps={{ danger: true }}
          cancelText={t('resourceEngine.cancel')}
          onConfirm={() => act('void')}
        >
          <Button danger icon={<StopOutlined aria-hidden />} loading={busy === 'void'} disabled={pending}>
            {t('invoices.actions.void')}
          </Button>
        </SteadyPopconfirm>
      )}
      {payUrl && (
        <Typography.Text copyable={{ text: payUrl }} style={{ alignSelf: 'center' }}>
          {t('invoices.payLinkLabel')}: <a href={payUrl}>{payUrl}</a>
        </Typography.Text>
      )}
    </>
  );
}
