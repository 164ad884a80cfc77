import type { ReactNode } from 'react';
import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import { FIT_SCROLL } from './fit-scroll';

/** What a screen may change about the pager (a fixed page size, no pager for a single page, the
 * total in words at its start: "12 campaigns", as the declared resources' pager shows it). */
export type PagerOptions = Pick<TablePaginationConfig, 'showSizeChanger' | 'hideOnSinglePage' | 'showTotal'>;

/** antd Table props a screen may pass on (rows that open a record, a selected row, its own
 * scroll, check boxes for bulk actions, rows that expand, the table's name). */
type RowProps<T> = Pick<TableProps<T>, 'onRow' | 'rowClassName' | 'scroll' | 'rowSelection' | 'expandable'> & {
  'aria-label'?: string;
};

/**
 * A table paged by the server (page and perPage go to the API, the total comes back in its
 * paging-data header). Changing the page size starts again at page 1.
 */
export function PagedTable<T extends object>({
  rows,
  columns,
  loading,
  emptyText,
  page,
  perPage,
  total,
  onPageChange,
  pager,
  ...rowProps
}: {
  rows: T[];
  columns: TableProps<T>['columns'];
  loading: boolean;
  /** What an empty page says (a node when it is more than words, e.g. antd's Empty). */
  emptyText: ReactNode;
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number, perPage: number) => void;
  pager?: PagerOptions;
} & RowProps<T>) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      scroll={FIT_SCROLL}
      {...rowProps}
      columns={columns}
      dataSource={rows}
      loading={loading}
      locale={{ emptyText }}
      pagination={{
        current: page,
        pageSize: perPage,
        total,
        showSizeChanger: true,
        ...pager,
        onChange: (next, size) => onPageChange(size !== perPage ? 1 : next, size),
      }}
    />
  );
}
