import { Table, type TableProps } from 'antd';
import { FIT_SCROLL } from './fit-scroll';

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
}: {
  rows: T[];
  columns: TableProps<T>['columns'];
  loading: boolean;
  emptyText: string;
  page: number;
  perPage: number;
  total: number;
  onPageChange: (page: number, perPage: number) => void;
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={FIT_SCROLL}
      locale={{ emptyText }}
      pagination={{
        current: page,
        pageSize: perPage,
        total,
        showSizeChanger: true,
        onChange: (next, size) => onPageChange(size !== perPage ? 1 : next, size),
      }}
    />
  );
}
