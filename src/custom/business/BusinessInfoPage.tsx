import { useCustom } from '@refinedev/core';
import { Alert, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUSINESS_INFO_API, type BusinessInfo } from '../../domain/business/business-info';
import { errorText } from '../../providers/i18n/translate-message';
import { getSelectedBusiness, getStoredUser, setSelectedBusiness, updateSession } from '../../providers/session';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { BusinessInfoForm } from './BusinessInfoForm';
import { LogoSection } from './LogoSection';

/**
 * business_info (fleet managers): the business's logo, name, website, colours, address, time zone
 * and social links, read with GET business info and saved with the brief's Business calls.
 */
export default function BusinessInfoPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const title = t('pages.business_info');
  useDocumentTitle(title);
  const { query } = useCustom<BusinessInfo>({
    url: BUSINESS_INFO_API.businessInfo,
    method: 'get',
    errorNotification: false,
  });
  const info = query.data?.data;

  /**
   * The saved row is read again; the header's business name and the signed-in user's business
   * (profile, home) follow a rename, a new logo or website without signing in again.
   */
  const saved = (next: BusinessInfo) => {
    const selected = getSelectedBusiness();
    if (selected?.businessId === next.id && selected.businessName !== next.companyName)
      setSelectedBusiness({ ...selected, businessName: next.companyName });
    const business = getStoredUser()?.userData.business;
    if (business?.id === next.id)
      updateSession({
        userData: {
          business: {
            ...business,
            companyName: next.companyName,
            companyLogo: next.companyLogo,
            companyWebSite: next.companyWebSite,
          },
        },
      });
    void query.refetch();
  };

  return (
    <PagePanel title={title} intro={t('businessInfo.intro')}>
      {query.error ? (
        <Alert type="error" showIcon message={errorText(t, query.error)} />
      ) : !info ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div style={{ display: 'grid', gap: token.marginLG }}>
          <section aria-labelledby="business-logo-title">
            <h2
              id="business-logo-title"
              style={{ fontSize: token.fontSizeHeading5, margin: `0 0 ${token.marginSM}px` }}
            >
              {t('businessInfo.sections.logo')}
            </h2>
            <LogoSection logo={info.companyLogo} onSaved={saved} />
          </section>
          <BusinessInfoForm key={info.id} info={info} onSaved={saved} />
        </div>
      )}
    </PagePanel>
  );
}
