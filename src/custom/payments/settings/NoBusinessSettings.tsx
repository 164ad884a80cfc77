import { Link } from 'react-router';
import { Alert, List, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import '../payments.css';

/** Where an administrator looks after what customers' billing pages hold for a business. */
const ADMIN_AREAS = [
  { path: '/plan_management', key: 'plans' },
  { path: '/user_management', key: 'users' },
  { path: '/client_management', key: 'clients' },
  { path: '/profile', key: 'profile' },
] as const;

/**
 * /settings for an account without a business (the platform administrator): plans, cards and
 * invoices belong to a business's account, and the server refuses subscribing without one, so
 * instead of a customer's billing page this says so and points at the administrator's own areas.
 */
export function NoBusinessSettings() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="settings-admin-title">
      <h2 id="settings-admin-title" className="payments-section-title">
        {t('settings.admin.title')}
      </h2>
      <Alert type="info" showIcon message={t('settings.admin.noBilling')} className="payments-gap-below-lg" />
      <List
        bordered
        dataSource={[...ADMIN_AREAS]}
        renderItem={(area) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Link to={area.path} style={{ color: token.colorLink }}>
                  {t(`settings.admin.areas.${area.key}.title`)}
                </Link>
              }
              description={t(`settings.admin.areas.${area.key}.description`)}
            />
          </List.Item>
        )}
      />
    </section>
  );
}
