import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_LABEL_KEYS } from '../../domain/roles';
import { displayName } from '../../domain/user';
import { useSession } from '../../providers/use-session';
import { useDocumentTitle } from '../hooks/use-document-title';
import { PagePanel } from './PagePanel';
import { AccessLogSection } from './AccessLogSection';

/** /profile: the signed-in user's data as the session holds it, and their access log; editing arrives later. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession()?.userData;
  useDocumentTitle(t('pages.profile'));
  if (!user) return null;
  const none = t('profile.none');

  return (
    <PagePanel title={t('pages.profile')}>
      <Descriptions
        column={1}
        bordered
        size="middle"
        items={[
          { key: 'name', label: t('profile.name'), children: displayName(user) },
          { key: 'email', label: t('fields.email'), children: user.email },
          { key: 'phone', label: t('profile.phone'), children: user.phone || none },
          { key: 'role', label: t('profile.role'), children: t(ROLE_LABEL_KEYS[user.roleName]) },
          { key: 'business', label: t('profile.business'), children: user.business?.companyName ?? none },
        ]}
      />
      <Alert type="info" showIcon style={{ marginTop: 24 }} message={t('profile.editingNotBuilt')} />
      <AccessLogSection />
    </PagePanel>
  );
}
