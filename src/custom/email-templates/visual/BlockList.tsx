import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MenuDropdown } from '../../../ui/menus/MenuDropdown';
import { COLUMN_BLOCK_TYPES, type ColumnsBlock, type EmailDesign } from '../../../domain/email-templates/blocks';
import { BLOCK_ICONS } from './block-icons';
import { BlockRow } from './BlockRow';
import { starterWordsOf } from '../starter-words';
import { addToColumn, dropBlock, moveBlock, removeBlock, samePlace, type BlockPlace } from './design-ops';

interface Props {
  design: EmailDesign;
  selected: BlockPlace | null;
  /** The design's schema messages by path: a block with one is marked. */
  errors: Record<string, string>;
  onSelect: (place: BlockPlace) => void;
  onChange: (design: EmailDesign, place?: BlockPlace | null) => void;
}

const keyOf = (place: BlockPlace) => [place.index, place.column, place.item].filter((n) => n !== undefined).join('-');
const hasErrorUnder = (errors: Record<string, string>, prefix: string) =>
  Object.keys(errors).some((path) => path.startsWith(prefix));

/** The design's blocks top to bottom; a columns block lists its columns' blocks within it. */
export function BlockList({ design, selected, errors, onSelect, onChange }: Props) {
  const { t } = useTranslation();
  // The block being dragged: a top-level one moves among the top level, a column's within its columns block.
  const dragging = useRef<BlockPlace | null>(null);
  // After a move by keyboard, the moved block's pick button keeps the focus.
  const [focus, setFocus] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focus === null) return;
    list.current?.querySelector<HTMLElement>(`[data-block="${focus}"]`)?.focus();
    setFocus(null);
  }, [focus]);

  const move = (place: BlockPlace, by: -1 | 1) => {
    const next: BlockPlace =
      place.column === undefined ? { index: place.index + by } : { ...place, item: place.item! + by };
    onChange(moveBlock(design, place, by), next);
    setFocus(keyOf(next));
  };
  const remove = (place: BlockPlace) => onChange(removeBlock(design, place), null);

  /** Dragging a block of the columns block at `index` (where its rows and columns take a drop). */
  const inColumnsOf = (index: number) => dragging.current?.column !== undefined && dragging.current.index === index;
  const dropInColumn = (e: DragEvent, to: Required<BlockPlace>, length: number) => {
    if (!inColumnsOf(to.index)) return;
    e.preventDefault();
    e.stopPropagation();
    const from = dragging.current!;
    dragging.current = null;
    if (samePlace(from, to)) return;
    // Where it lands: the place it was dropped on, in a list one shorter when it left the same column.
    const room = length - (from.column === to.column ? 1 : 0);
    onChange(dropBlock(design, from, to), { ...to, item: Math.min(to.item, room) });
  };
  const overColumn = (e: DragEvent, index: number) => {
    if (!inColumnsOf(index)) return;
    e.preventDefault();
    e.stopPropagation();
  };

  const columns = (block: ColumnsBlock, index: number) => (
    <div className="et-columns">
      {block.columns.map((column, c) => (
        <div
          key={c}
          className="et-column"
          role="group"
          aria-label={t('emailTemplates.visual.column', { n: c + 1 })}
          onDragOver={(e) => overColumn(e, index)}
          onDrop={(e) => dropInColumn(e, { index, column: c, item: column.blocks.length }, column.blocks.length)}
        >
          <span className="et-muted">{t('emailTemplates.visual.column', { n: c + 1 })}</span>
          <ol className="et-block-list">
            {column.blocks.map((inner, item) => {
              const place = { index, column: c, item };
              return (
                <BlockRow
                  key={inner.id}
                  block={inner}
                  rowKey={keyOf(place)}
                  selected={samePlace(selected, place)}
                  invalid={hasErrorUnder(errors, `blocks.${index}.columns.${c}.blocks.${item}.`)}
                  first={item === 0}
                  last={item === column.blocks.length - 1}
                  onSelect={() => onSelect(place)}
                  onMove={(by) => move(place, by)}
                  onRemove={() => remove(place)}
                  drag={{
                    onDragStart: (e) => {
                      e.stopPropagation();
                      dragging.current = place;
                      e.dataTransfer.effectAllowed = 'move';
                    },
                    onDragOver: (e) => overColumn(e, index),
                    onDrop: (e) => dropInColumn(e, place, column.blocks.length),
                  }}
                />
              );
            })}
          </ol>
          <MenuDropdown
            trigger={['click']}
            menu={{
              items: COLUMN_BLOCK_TYPES.map((type) => ({
                key: type,
                icon: BLOCK_ICONS[type],
                label: t(`emailTemplates.visual.types.${type}`),
              })),
              onClick: ({ key }) => {
                const type = key as (typeof COLUMN_BLOCK_TYPES)[number];
                const added = addToColumn(design, index, c, type, starterWordsOf(t));
                onChange(added.design, added.place);
              },
            }}
          >
            <Button size="small" type="dashed" icon={<PlusOutlined />}>
              {t('emailTemplates.visual.addTo', { n: c + 1 })}
            </Button>
          </MenuDropdown>
        </div>
      ))}
    </div>
  );

  return (
    <section className="et-visual-list" aria-label={t('emailTemplates.visual.blocks')}>
      <p className="et-muted">{t('emailTemplates.visual.listHint')}</p>
      {design.blocks.length === 0 && <p className="et-muted">{t('emailTemplates.visual.empty')}</p>}
      <ol className="et-block-list" ref={list}>
        {design.blocks.map((block, index) => {
          const place = { index };
          return (
            <BlockRow
              key={block.id}
              block={block}
              rowKey={keyOf(place)}
              selected={samePlace(selected, place)}
              invalid={hasErrorUnder(errors, `blocks.${index}.`)}
              first={index === 0}
              last={index === design.blocks.length - 1}
              onSelect={() => onSelect(place)}
              onMove={(by) => move(place, by)}
              onRemove={() => remove(place)}
              drag={{
                onDragStart: (e) => {
                  dragging.current = place;
                  e.dataTransfer.effectAllowed = 'move';
                },
                onDragOver: (e) => {
                  if (dragging.current && dragging.current.column === undefined) e.preventDefault();
                },
                onDrop: (e) => {
                  const from = dragging.current;
                  if (!from || from.column !== undefined) return;
                  e.preventDefault();
                  dragging.current = null;
                  if (from.index !== index) onChange(dropBlock(design, from, place), place);
                },
              }}
            >
              {block.type === 'columns' && columns(block, index)}
            </BlockRow>
          );
        })}
      </ol>
    </section>
  );
}
