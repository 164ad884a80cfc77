import type { DragEvent, KeyboardEvent, ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AnyBlock } from '../../../domain/email-templates/blocks';
import { BLOCK_ICONS } from './block-icons';

/** What a block's row says of it: its text's start, its picture's alt text, its button's label. */
function summaryOf(block: AnyBlock): string {
  switch (block.type) {
    case 'text':
      return block.text.replace(/\s+/g, ' ').slice(0, 60);
    case 'image':
      return block.alt;
    case 'button':
      return block.label;
    case 'divider':
      return '';
    case 'columns':
      return String(block.columns.length);
  }
}

export interface RowProps {
  block: AnyBlock;
  /** Its key among the rows, for focus after a move. */
  rowKey: string;
  selected: boolean;
  invalid: boolean;
  first: boolean;
  last: boolean;
  onSelect: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  /** A row is dragged to a new place by its handle (BlockList says where it may go). */
  drag?: {
    onDragStart: (e: DragEvent) => void;
    onDragOver: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
  };
  children?: ReactNode;
}

/**
 * One block in the list: a button that picks it for the side panel (Alt+↑ / Alt+↓ there move it),
 * its move and remove buttons, and a columns block's columns beneath.
 */
export function BlockRow(props: RowProps) {
  const { t } = useTranslation();
  const { block } = props;
  const type = t(`emailTemplates.visual.types.${block.type}`);
  const summary =
    block.type === 'columns' ? t('emailTemplates.visual.columnsN', { n: block.columns.length }) : summaryOf(block);
  const name = summary ? `${type}: ${summary}` : type;
  const onKeyDown = (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    props.onMove(e.key === 'ArrowUp' ? -1 : 1);
  };
  return (
    <li
      className={`et-block${props.selected ? ' et-block-selected' : ''}${props.invalid ? ' et-block-invalid' : ''}`}
      draggable={Boolean(props.drag)}
      {...props.drag}
    >
      <div className="et-block-bar">
        {props.drag && <HolderOutlined className="et-block-grip" aria-hidden />}
        <button
          type="button"
          className="et-block-pick"
          data-block={props.rowKey}
          aria-pressed={props.selected}
          aria-label={t('emailTemplates.visual.pick', { name })}
          onClick={props.onSelect}
          onKeyDown={onKeyDown}
        >
          {BLOCK_ICONS[block.type]} <strong>{type}</strong> <span className="et-block-summary">{summary}</span>
        </button>
        {props.invalid && <Tag color="error">{t('emailTemplates.visual.needsFix')}</Tag>}
        <span className="et-block-tools">
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={props.first}
            aria-label={t('emailTemplates.visual.moveUp', { name })}
            onClick={() => props.onMove(-1)}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={props.last}
            aria-label={t('emailTemplates.visual.moveDown', { name })}
            onClick={() => props.onMove(1)}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('emailTemplates.visual.remove', { name })}
            onClick={props.onRemove}
          />
        </span>
      </div>
      {props.children}
    </li>
  );
}
