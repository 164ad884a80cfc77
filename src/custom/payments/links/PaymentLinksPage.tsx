import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { PagePanel } from '../../../ui/PagePanel';
import PaymentLinksPanel from './PaymentLinksPanel';

/** /payment_links: the business's payment links (the same panel as `/settings?payment`). */
export default function PaymentLinksPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.payment_links'));
  return (
    <PagePanel title={t('pages.payment_links')} intro={t('payments.links.intro')}>
      <PaymentLinksPanel />
    </PagePanel>
  );
}
