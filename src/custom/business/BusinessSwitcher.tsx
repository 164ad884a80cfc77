import { Button } from 'antd';
import { IntentMenuDropdown } from '../../ui/menus/IntentMenuDropdown';
import { DownOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../resources/engine/errors';
import { useOwnedBusinesses } from './use-owned-businesses';

const nameStyle = {
  display: 'inline-block',
  maxWidth: 'clamp(80px, 20vw, 200px)',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/**
 * The header's business switcher, for owners of more than one business (one business: nothing
 * to switch, so nothing shown). Built on the menu the user menu uses, like the venue picker,
 * whose code is fetched on intent (IntentMenuDropdown), so the header's first load stays small.
 */
export default function BusinessSwitcher() {
  const { t } = useTranslation();
  const { businesses, current, switchTo, switching } = useOwnedBusinesses();
  if (businesses.length < 2 || !current) return null;
  const pick = async (id: string) => {
    if (id === current.id) return;
    try {
      await switchTo(id);
      toastSuccess(t('businesses.switched', { name: businesses.find((b) => b.id === id)?.companyName ?? '' }));
    } catch (error) {
      toastError(t, error);
    }
  };
  return (
    <IntentMenuDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current.id],
        items: businesses.map((b) => ({ key: b.id, label: b.companyName })),
        onClick: ({ key }) => void pick(key),
      }}
    >
      <Button
        aria-label={`${t('businesses.switcher')}: ${current.companyName}`}
        aria-haspopup="menu"
        title={current.companyName}
        loading={switching}
      >
        <ShopOutlined aria-hidden />
        <span className="hide-below-sm" style={nameStyle}>
          {current.companyName}
        </span>
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </Button>
    </IntentMenuDropdown>
  );
}
