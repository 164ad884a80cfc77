import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../../../domain/forms/definition';

/**
 * The form's fields in order. Reorder by dragging a row onto another, or from the keyboard with
 * each row's Move up / Move down buttons (a drag has no keyboard equivalent of its own).
 */
export function FieldList({
  fields,
  selected,
  errors,
  onSelect,
  onMove,
  onRemove,
}: {
  fields: readonly FormField[];
  selected: string | null;
  /** Keys of fields with a problem the server or the schema named. */
  errors: ReadonlySet<string>;
  onSelect: (key: string) => void;
  onMove: (key: string, to: number) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // Where the keyboard's focus goes after a move or a removal: the button pressed is gone (its
  // row removed) or disabled (its field now first or last), and the browser would drop the focus
  // to the page's top. A moved field keeps it on its other move button, a removal on the next field.
  const refocus = useRef<{ index: number; control: 'up' | 'down' | 'pick' } | null>(null);
  useEffect(() => {
    const want = refocus.current;
    refocus.current = null;
    const rows = list.current?.children;
    if (!want || !rows?.length) return;
    const row = rows[Math.min(want.index, rows.length - 1)]!;
    const button = (control: string) => row.querySelector<HTMLButtonElement>(`[data-control="${control}"]`);
    const other = want.control === 'up' ? 'down' : 'up';
    const target = button(want.control);
    (target && !target.disabled ? target : want.control === 'pick' ? null : button(other))?.focus();
  }, [fields]);
  const move = (key: string, to: number, control: 'up' | 'down') => {
    refocus.current = { index: to, control };
    onMove(key, to);
  };
  const remove = (key: string, index: number) => {
    refocus.current = { index, control: 'pick' };
    onRemove(key);
  };
  if (!fields.length) return <Empty description={t('forms.editor.noFields')} />;
  return (
    <ol ref={list} className="forms-field-list" aria-label={t('forms.editor.fields')}>
      {fields.map((f, i) => (
        <li
          key={f.key}
          draggable
          onDragStart={(e) => {
            setDragged(f.key);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', f.key);
          }}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(i);
          }}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
          onDrop={(e) => {
            e.preventDefault();
            if (dragged) onMove(dragged, i);
            setDragged(null);
            setOver(null);
          }}
          className={[
            'forms-field-row',
            f.key === selected ? 'is-selected' : '',
            over === i && dragged !== f.key ? 'is-drop-target' : '',
            errors.has(f.key) ? 'has-error' : '',
          ].join(' ')}
        >
          <HolderOutlined className="forms-drag-handle" aria-hidden />
          <button
            type="button"
            className="forms-field-pick"
            data-control="pick"
            aria-pressed={f.key === selected}
            onClick={() => onSelect(f.key)}
          >
            <span className="forms-field-label">{f.label}</span>
            <span className="forms-field-meta">
              {t(`forms.types.${f.type}`)}
              {f.required ? ` · ${t('forms.editor.required')}` : ''}
              {f.showIf ? ` · ${t('forms.editor.conditional')}` : ''}
            </span>
          </button>
          <Tooltip title={t('forms.editor.moveUp')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('forms.editor.moveUpNamed', { label: f.label })}
              data-control="up"
              disabled={i === 0}
              onClick={() => move(f.key, i - 1, 'up')}
            />
          </Tooltip>
          <Tooltip title={t('forms.editor.moveDown')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('forms.editor.moveDownNamed', { label: f.label })}
              data-control="down"
              disabled={i === fields.length - 1}
              onClick={() => move(f.key, i + 1, 'down')}
            />
          </Tooltip>
          <Tooltip title={t('forms.editor.remove')}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('forms.editor.removeNamed', { label: f.label })}
              onClick={() => remove(f.key, i)}
            />
          </Tooltip>
        </li>
      ))}
    </ol>
  );
}
