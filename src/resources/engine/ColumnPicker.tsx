import { Button, Checkbox, Flex } from 'antd';
import { IntentMenuDropdown } from '../../ui/menus/IntentMenuDropdown';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { fieldLabel } from './labels';
import './list.css';

/** Shows or hides list columns; the choice is saved per user (use-hidden-columns.ts). */
export function ColumnPicker({
  resource,
  columns,
  hidden,
  onToggle,
}: {
  resource: ResourceDeclaration;
  columns: string[];
  hidden: string[];
  onToggle: (column: string, visible: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <IntentMenuDropdown
      trigger={['click']}
      popupRender={() => (
        <Flex
          vertical
          gap={6}
          className="ant-dropdown-menu list-columns"
          role="group"
          aria-label={t('resourceEngine.columns')}
        >
          {columns.map((column) => (
            <Checkbox
              key={column}
              checked={!hidden.includes(column)}
              onChange={(e) => onToggle(column, e.target.checked)}
            >
              {fieldLabel(t, resource, column)}
            </Checkbox>
          ))}
        </Flex>
      )}
    >
      <Button icon={<SettingOutlined aria-hidden />}>{t('resourceEngine.columns')}</Button>
    </IntentMenuDropdown>
  );
}
