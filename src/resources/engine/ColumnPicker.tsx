import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IntentMenuDropdown } from '../../ui/menus/IntentMenuDropdown';
import type { ColumnChoicesProps } from './ColumnChoices';
import './list.css';

// The menu's check boxes (antd's Checkbox, ~2.8 KB gzip) are fetched with the menu, on intent
// (src/ui/on-intent.tsx), not with the list; by the time the menu opens they are there.
const loadChoices = () => import('./ColumnChoices');
const ColumnChoices = lazy(loadChoices);

/** Shows or hides list columns; the choice is saved per user (use-hidden-columns.ts). */
export function ColumnPicker(props: ColumnChoicesProps) {
  const { t } = useTranslation();
  return (
    <IntentMenuDropdown
      trigger={['click']}
      preload={loadChoices}
      popupRender={() => (
        <Suspense fallback={null}>
          <ColumnChoices {...props} />
        </Suspense>
      )}
    >
      <Button icon={<SettingOutlined aria-hidden />}>{t('resourceEngine.columns')}</Button>
    </IntentMenuDropdown>
  );
}
