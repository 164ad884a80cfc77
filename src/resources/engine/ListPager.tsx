import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DeferredSelect } from './DeferredSelect';
import './list.css';

/**
 * Page numbers to show: all up to 9 pages, else the first, the last and two either side of the
 * current, with a five-page jump for each gap.
 */
export function pageItems(page: number, pages: number): (number | 'back' | 'forward')[] {
  if (pages <= 9) return Array.from({ length: pages }, (_, i) => i + 1);
  let from = Math.max(2, Math.min(page - 2, pages - 5));
  let to = Math.min(pages - 1, Math.max(page + 2, 6));
  // A jump that would hide a single page shows that page instead.
  if (from === 3) from = 2;
  if (to === pages - 2) to = pages - 1;
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [1, ...(from > 2 ? ['back' as const] : []), ...middle, ...(to < pages - 1 ? ['forward' as const] : []), pages];
}

/**
 * The list's pages (antd Pagination's look and keys: total, previous, numbers with five-page
 * jumps, next, rows per page) as plain buttons in a labelled <nav>; the current page carries
 * aria-current. The rows-per-page choice is a DeferredSelect, so no antd Select on first load.
 */
export function ListPager({
  page,
  perPage,
  total,
  totalText,
  sizes,
  onChange,
}: {
  page: number;
  perPage: number;
  total: number;
  /** The total in words ("12 contacts"). */
  totalText: string;
  sizes: readonly number[];
  onChange: (page: number, perPage: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / perPage));
  const go = (next: number) => onChange(Math.min(Math.max(1, next), pages), perPage);
  const item = (target: number, label: string, content: React.ReactNode, className = 'list-pager__item') => (
    <li key={label}>
      <button
        type="button"
        className={className}
        aria-label={label}
        aria-current={target === page && className === 'list-pager__item' ? 'page' : undefined}
        onClick={() => go(target)}
      >
        {content}
      </button>
    </li>
  );

  return (
    <nav className="list-pager" aria-label={t('resourceEngine.pager.label')}>
      <span className="list-pager__total">{totalText}</span>
      <ul>
        <li>
          <button
            type="button"
            className="list-pager__item list-pager__step"
            aria-label={t('resourceEngine.pager.previous')}
            disabled={page <= 1}
            onClick={() => go(page - 1)}
          >
            <LeftOutlined aria-hidden />
          </button>
        </li>
        {pageItems(Math.min(page, pages), pages).map((entry) =>
          entry === 'back'
            ? item(page - 5, t('resourceEngine.pager.back'), '•••', 'list-pager__item list-pager__jump')
            : entry === 'forward'
              ? item(page + 5, t('resourceEngine.pager.forward'), '•••', 'list-pager__item list-pager__jump')
              : item(entry, t('resourceEngine.pager.page', { page: entry }), entry),
        )}
        <li>
          <button
            type="button"
            className="list-pager__item list-pager__step"
            aria-label={t('resourceEngine.pager.next')}
            disabled={page >= pages}
            onClick={() => go(page + 1)}
          >
            <RightOutlined aria-hidden />
          </button>
        </li>
        <li>
          <DeferredSelect
            aria-label={t('resourceEngine.pager.perPageLabel')}
            value={perPage}
            // A new page size starts again at the page that holds the current first row.
            onChange={(size) => onChange(Math.floor(((page - 1) * perPage) / Number(size)) + 1, Number(size))}
            options={sizes.map((size) => ({ value: size, label: t('resourceEngine.pager.perPage', { size }) }))}
            className="list-pager__size"
          />
        </li>
      </ul>
    </nav>
  );
}
