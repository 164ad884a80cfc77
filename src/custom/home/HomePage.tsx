import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../domain/money';
import { displayName } from '../../domain/user';
import { useSession } from '../../providers/use-session';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PagePanel } from '../../ui/PagePanel';
import { planName } from '../../ui/plan-text';
import { HomeDashboard } from './dashboard/HomeDashboard';
import './dashboard/home.css';

/**
 * '/' for venue owners and users: a welcome with their business, plan and free trial, then the
 * business's dashboard (today, 30-day revenue, what is coming).
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useSession()?.userData;
  useDocumentTitle(t('pages.home'));
  if (!user) return null;

  const trial = user.freeTrial > 0 ? t('home.trialDaysLeft', { count: user.freeTrial }) : t('home.noTrial');
  const subscription = user.subscriptionActive ? (
    <Tag color="success">{t('home.subscriptionActive')}</Tag>
  ) : (
    <Tag>{t('home.subscriptionInactive')}</Tag>
  );

  return (
    <PagePanel title={t('home.welcome', { name: displayName(user) })} intro={t('home.intro')}>
      <HomeDashboard />
      <Descriptions
        className="home-account"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        bordered
        size="middle"
        items={[
          { key: 'business', label: t('home.business'), children: user.business?.companyName ?? t('home.noBusiness') },
          {
            key: 'plan',
            label: t('home.plan'),
            children: user.plan
              ? t('home.planWithPrice', { name: planName(t, user.plan.name), price: formatUsd(user.plan.price) })
              : t('home.noPlan'),
          },
          { key: 'trial', label: t('home.freeTrial'), children: trial },
          { key: 'subscription', label: t('home.subscription'), children: subscription },
        ]}
      />
    </PagePanel>
  );
}
