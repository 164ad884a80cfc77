import { Checkbox, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { fieldLabel } from './labels';

export interface ColumnChoicesProps {
  resource: ResourceDeclaration;
  columns: string[];
  hidden: string[];
  onToggle: (column: string, visible: boolean) => void;
}

/** The column picker's open menu: one check box per column (ColumnPicker.tsx loads it when opened). */
export default function ColumnChoices({ resource, columns, hidden, onToggle }: ColumnChoicesProps) {
  const { t } = useTranslation();
  return (
    <Flex
      vertical
      gap={6}
      className="ant-dropdown-menu list-columns"
      role="group"
      aria-label={t('resourceEngine.columns')}
    >
      {columns.map((column) => (
        <Checkbox key={column} checked={!hidden.includes(column)} onChange={(e) => onToggle(column, e.target.checked)}>
          {fieldLabel(t, resource, column)}
        </Checkbox>
      ))}
    </Flex>
  );
}
