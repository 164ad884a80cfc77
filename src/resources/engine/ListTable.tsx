import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Spin } from 'antd';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './list.css';

export type SortOrder = 'asc' | 'desc';

export interface ListColumn<Row> {
  key: string;
  title: string;
  sortable?: boolean;
  /**
   * From which width the column shows: phones drop secondary columns (the breakpoint classes
   * of styles.css, the product brief's sm 600 / md 960). Default: always.
   */
  showFrom?: 'sm' | 'md';
  /** The row's name (its title link): on a phone, where each row is a card, the card's heading. */
  lead?: boolean;
  render: (row: Row) => ReactNode;
}

interface Props<Row extends { id: string }> {
  /** Names the table for assistive technology (the screen's title). */
  label: string;
  columns: ListColumn<Row>[];
  rows: readonly Row[];
  sort: { key: string; order: SortOrder } | null;
  /** The next order of a clicked header: ascending, descending, then none (as antd's Table). */
  onSort: (key: string, order: SortOrder | null) => void;
  /** Check boxes on each row and in the header (every row of this page). */
  selection?: { selected: readonly string[]; onChange: (ids: string[]) => void; rowName: (row: Row) => string };
  loading: boolean;
  /** What an empty page says ("No contacts"). */
  emptyText: string;
  /**
   * Opens a row's record: a click anywhere on the row (but on its links, buttons and check box)
   * does what its title link does, so a click on the row is never dead. Keyboard users have the link.
   */
  onOpen?: (row: Row) => void;
}

/** A click meant for a control inside the row (or the end of a text selection), not for the row. */
function isControlClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('a, button, input, label, select, textarea, [role="checkbox"]')) return true;
  return (window.getSelection()?.toString() ?? '') !== '';
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const HIDE = { sm: 'hide-below-sm', md: 'hide-below-md' } as const;

/**
 * The generated list's table: a plain semantic <table> drawn on antd's tokens (list.css), in
 * place of antd's Table, whose filters, trees, pagination and selects weighed ~55 KB gzip on
 * every list's first load. Sorting is a button in the header (aria-sort on the cell), selection
 * uses the browser's own check boxes (in the theme's colour: list.css; antd's Checkbox added
 * ~2.8 KB gzip to every list's first load), a slow load dims the rows under antd's Spin after 300 ms.
 * Below 600px each row is a card (list.css): its name, then each shown value under its column's
 * name, and the header row becomes a bar of the sort buttons and the select-all box. The same
 * table, so every list gets it and a screen reader still reads rows and cells.
 */
export function ListTable<Row extends { id: string }>({
  label,
  columns,
  rows,
  sort,
  onSort,
  selection,
  loading,
  emptyText,
  onOpen,
}: Props<Row>) {
  const { t } = useTranslation();
  const selected = new Set(selection?.selected);
  const all = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const some = !all && rows.some((row) => selected.has(row.id));
  const nextOrder = (key: string): SortOrder | null =>
    sort?.key !== key ? 'asc' : sort.order === 'asc' ? 'desc' : null;
  const sortHint = (key: string) => {
    const next = nextOrder(key);
    return t(
      next === 'asc'
        ? 'resourceEngine.table.sortAsc'
        : next === 'desc'
          ? 'resourceEngine.table.sortDesc'
          : 'resourceEngine.table.sortNone',
    );
  };
  const hideClass = (column: ListColumn<Row>) => (column.showFrom ? HIDE[column.showFrom] : undefined);

  return (
    <Spin spinning={loading} delay={300}>
      <div className="list-table-scroll">
        <table className="list-table" aria-label={label}>
          <thead>
            <tr>
              {selection && (
                <th scope="col" className="list-table__select">
                  <SelectBox
                    label={t('resourceEngine.table.selectAll')}
                    checked={all}
                    indeterminate={some}
                    disabled={rows.length === 0}
                    onChange={(checked) => selection.onChange(checked ? rows.map((row) => row.id) : [])}
                  />
                </th>
              )}
              {columns.map((column) => {
                const order = sort?.key === column.key ? sort.order : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={[hideClass(column), order && 'is-sorted'].filter(Boolean).join(' ') || undefined}
                    aria-sort={column.sortable ? (order ? ARIA_SORT[order] : 'none') : undefined}
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="list-table__sort"
                        title={sortHint(column.key)}
                        onClick={() => onSort(column.key, nextOrder(column.key))}
                      >
                        <span>{column.title}</span>
                        <span className="list-table__carets" aria-hidden>
                          <CaretUpOutlined className={order === 'asc' ? 'is-active' : undefined} />
                          <CaretDownOutlined className={order === 'desc' ? 'is-active' : undefined} />
                        </span>
                      </button>
                    ) : (
                      column.title
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const isSelected = selected.has(row.id);
              return (
                <tr
                  key={row.id}
                  data-row-key={row.id}
                  className={
                    [isSelected && 'is-selected', onOpen && 'is-openable'].filter(Boolean).join(' ') || undefined
                  }
                  onClick={(event) => {
                    if (onOpen && !isControlClick(event)) onOpen(row);
                  }}
                >
                  {selection && (
                    <td className="list-table__select">
                      <SelectBox
                        label={t('resourceEngine.table.selectRow', { name: selection.rowName(row) })}
                        checked={isSelected}
                        onChange={(checked) =>
                          selection.onChange(
                            checked
                              ? [...(selection.selected ?? []), row.id]
                              : selection.selected.filter((id) => id !== row.id),
                          )
                        }
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      // A phone's card names each value by its column (list.css), the header row being gone.
                      data-label={column.lead ? undefined : column.title}
                      className={
                        [hideClass(column), column.lead && 'list-table__lead', sort?.key === column.key && 'is-sorted']
                          .filter(Boolean)
                          .join(' ') || undefined
                      }
                    >
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              );
            })}
            {rows.length === 0 && !loading && (
              <tr>
                <td colSpan={columns.length + (selection ? 1 : 0)} className="list-table__empty">
                  {emptyText}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </Spin>
  );
}

interface SelectBoxProps {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** A row's (or the page's) check box; `indeterminate` is a DOM property only, set after render. */
function SelectBox({ label, checked, indeterminate = false, disabled, onChange }: SelectBoxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="list-table__check"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}
