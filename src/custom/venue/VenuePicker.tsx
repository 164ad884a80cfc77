import { Button } from 'antd';
import { IntentMenuDropdown } from '../../ui/menus/IntentMenuDropdown';
import { DownOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSelectedVenue } from '../../ui/venue/use-selected-venue';
import './venue.css';

/**
 * The header's venue picker (club owners and venue employees): the selected venue's name, and
 * a menu of the others when the business runs more than one. Every venue screen follows the
 * choice. A menu fetched on intent (IntentMenuDropdown, like the user menu's), not Select: the
 * header is in every signed-in first load, and Select alone weighed 24 KB gzip there.
 */
export default function VenuePicker() {
  const { t } = useTranslation();
  const { venue, venues, select } = useSelectedVenue();
  if (!venue) return null;
  const label = (
    <>
      <ShopOutlined aria-hidden className="venue-picker__icon" />
      <span className="venue-picker__name">{venue.name}</span>
    </>
  );
  if (venues.length < 2)
    return (
      <span className="hide-below-sm" aria-label={t('venue.selected')} title={venue.name}>
        {label}
      </span>
    );
  return (
    <IntentMenuDropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [venue.id],
        items: venues.map((v) => ({ key: v.id, label: v.name })),
        onClick: ({ key }) => select(venues.find((v) => v.id === key) ?? null),
      }}
    >
      <Button aria-label={`${t('venue.selected')}: ${venue.name}`} aria-haspopup="menu" title={venue.name}>
        {label}
        <DownOutlined aria-hidden className="venue-picker__caret" />
      </Button>
    </IntentMenuDropdown>
  );
}
