import { lazy, Suspense } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../providers/use-session';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { PagePanel } from '../../../ui/PagePanel';
import { InvoicesSection } from './InvoicesSection';
import { NoBusinessSettings } from './NoBusinessSettings';
import { PaymentMethodsSection } from './PaymentMethodsSection';
import { PlanSection } from './PlanSection';

const PaymentLinksPanel = lazy(() => import('../links/PaymentLinksPanel'));

/**
 * /settings: billing (payment methods, plan and subscription, invoices) and payment links.
 * `/settings?payment` is the payment-link variant of product brief section 2: it opens on the links.
 * An account without a business (the platform administrator) has no plan, cards, invoices or
 * links of its own: it gets NoBusinessSettings instead.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = params.has('payment') ? 'payment' : 'billing';
  // Club owners' webhooks live on their own page (settings/webhooks).
  const user = useSession()?.userData;
  const isClubOwner = user?.roleName === 'CLUBOWNER';
  useDocumentTitle(t('pages.settings'));

  if (user && !user.business) {
    return (
      <PagePanel title={t('pages.settings')}>
        <NoBusinessSettings />
      </PagePanel>
    );
  }

  return (
    <PagePanel title={t('pages.settings')}>
      {/* Above the tabs, not in their bar (tabBarExtraContent): the bar is the tab list, whose
          children may only be tabs, so a link in it was read as a broken list (axe). */}
      {isClubOwner && (
        <p className="payments-gap-below-sm">
          <Link to="/settings/webhooks">{t('settings.webhooksLink')}</Link>
        </p>
      )}
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
