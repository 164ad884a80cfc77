import { theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** The mark and the product name; the name hides on phones where the header is tight. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: token.marginXS, color: token.colorText }}>
      <img src="/logo.svg" alt="" width={36} height={36} />
      <span className={compact ? 'hide-below-sm' : undefined} style={{ fontWeight: 700, fontSize: token.fontSizeLG }}>
        {t('app.name')}
      </span>
    </span>
  );
}
