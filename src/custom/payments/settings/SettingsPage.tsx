import { lazy, Suspense } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { PagePanel } from '../../../ui/PagePanel';
import { InvoicesSection } from './InvoicesSection';
import { PaymentMethodsSection } from './PaymentMethodsSection';
import { PlanSection } from './PlanSection';

const PaymentLinksPanel = lazy(() => import('../links/PaymentLinksPanel'));

/**
 * /settings: billing (payment methods, plan and subscription, invoices) and payment links.
 * `/settings?payment` is the payment-link variant of product brief section 2: it opens on the links.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = params.has('payment') ? 'payment' : 'billing';
  useDocumentTitle(t('pages.settings'));

  return (
    <PagePanel title={t('pages.settings')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(key === 'payment' ? '/settings?payment' : '/settings', { replace: true })}
        items={[
          {
            key: 'billing',
            label: t('settings.tabs.billing'),
            children: (
              <>
                <PaymentMethodsSection />
                <PlanSection />
                <InvoicesSection />
              </>
            ),
          },
          {
            key: 'payment',
            label: t('settings.tabs.paymentLinks'),
            children: (
              <Suspense fallback={<Spin />}>
                <PaymentLinksPanel />
              </Suspense>
            ),
          },
        ]}
      />
    </PagePanel>
  );
}
