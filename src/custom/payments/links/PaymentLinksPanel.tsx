import { useState } from 'react';
import { Alert, Flex, Grid, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { API } from '../../../domain/api-paths';
import { formatUsd } from '../../../domain/money';
import { isApiError } from '../../../providers/http';
import { errorText } from '../../../providers/i18n/translate-message';
import { CopyButton } from './CopyButton';
import { CreateLinkForm } from './CreateLinkForm';
import { useLinkColumns } from './link-columns';
import type { PaymentLink } from './links-api';
import { PagedTable } from '../../../ui/tables/PagedTable';
import { usePagedRows } from '../../../ui/tables/use-paged-rows';
import '../payments.css';

const PAYMENT_LINKS = { resource: 'paymentLinks', path: API.paymentLinks };

/**
 * Payment links of the business: create (amount, description), list paged with the public URL
 * to copy, and whether each was paid (and with which card). Used by /payment_links and by the
 * `/settings?payment` variant.
 */
export default function PaymentLinksPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const list = usePagedRows<PaymentLink>(PAYMENT_LINKS);
  const [created, setCreated] = useState<PaymentLink | null>(null);
  // The server decides who takes payments; a role it refuses sees why instead of an empty form.
  const forbidden = isApiError(list.error) && list.error.status === 403;

  // A phone (narrower than antd's md) gets one actions menu per row instead of the Link column's buttons.
  const narrow = !(Grid.useBreakpoint().md ?? true);
  const columns = useLinkColumns(narrow);

  if (forbidden) return <Alert type="info" showIcon message={t('payments.links.notForRole')} />;

  return (
    <div>
      <section aria-labelledby="links-create-title" className="payments-links-create">
        <h2 id="links-create-title" className="payments-section-title">
          {t('payments.links.createTitle')}
        </h2>
        <CreateLinkForm
          onCreated={(link) => {
            setCreated(link);
            list.setPage(1);
            list.reload();
          }}
        />
        {created && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setCreated(null)}
            message={t('payments.links.createdMessage', { amount: formatUsd(created.amount) })}
            description={
              <Flex component="span" gap={token.marginXS} align="center" wrap>
                <Typography.Text code className="payments-link-url" data-testid="new-link-url">
                  {created.url}
                </Typography.Text>
                <CopyButton text={created.url} label={t('payments.links.copy')} />
              </Flex>
            }
            className="payments-gap-above"
          />
        )}
      </section>
      <section aria-labelledby="links-list-title">
        <h2 id="links-list-title" className="payments-links-title">
          {t('payments.links.listTitle')}
        </h2>
        {list.error ? (
          <Alert type="error" showIcon message={errorText(t, list.error)} className="payments-gap-below-sm" />
        ) : null}
        <PagedTable<PaymentLink> columns={columns} emptyText={t('payments.links.empty')} {...list.table} />
      </section>
    </div>
  );
}
