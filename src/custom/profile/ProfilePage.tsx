import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../providers/use-session';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ChangePasswordForm } from './ChangePasswordForm';
import { PasskeysSection } from './PasskeysSection';
import { TwoFactorSection } from './TwoFactorSection';
import { ProfileDetailsForm } from './ProfileDetailsForm';
import { PagePanel } from '../../ui/PagePanel';
import { AccessLogSection } from './AccessLogSection';
import './profile.css';

const TABS = ['profile', 'security', 'access-log'] as const;
type Tab = (typeof TABS)[number];

/**
 * /profile in three tabs: Profile (names, picture, email, phone), Security (password and the
 * sign-in protections) and Access log. The tab is kept in ?tab= so it survives a reload.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession()?.userData;
  const [params, setParams] = useSearchParams();
  useDocumentTitle(t('pages.profile'));
  if (!user) return null;
  const asked = params.get('tab');
  const active: Tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'profile';

  return (
    <PagePanel title={t('pages.profile')}>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams(key === 'profile' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'profile', label: t('profileEdit.tabs.profile'), children: <ProfileDetailsForm /> },
          {
            key: 'security',
            label: t('profileEdit.tabs.security'),
            children: (
              <div className="profile-security">
                <ChangePasswordForm />
                <TwoFactorSection />
                <PasskeysSection />
              </div>
            ),
          },
          { key: 'access-log', label: t('profileEdit.tabs.accessLog'), children: <AccessLogSection /> },
        ]}
      />
    </PagePanel>
  );
}
