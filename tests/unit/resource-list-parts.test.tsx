import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ListPager, pageItems } from '../../src/resources/engine/ListPager';
import { ListTable, type ListColumn, type SortOrder } from '../../src/resources/engine/ListTable';
import { initEnglish } from './helpers/i18n';

/**
 * The generated list's own table, pager and deferred select (the parts that replaced antd's
 * Table, Pagination and Select on the list's first load): semantics, sorting, selection,
 * paging, and the select that becomes antd's on first touch.
 */
beforeAll(async () => {
  await initEnglish();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

interface Row {
  id: string;
  name: string;
  city: string;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Ann', city: 'Lima' },
  { id: 'b', name: 'Bo', city: 'Oslo' },
  { id: 'c', name: 'Cy', city: 'Rome' },
];
const COLUMNS: ListColumn<Row>[] = [
  { key: 'name', title: 'Name', sortable: true, render: (row) => row.name },
  { key: 'city', title: 'City', showFrom: 'sm', render: (row) => row.city },
];

function Table({
  rows = ROWS,
  onSort = () => undefined,
}: {
  rows?: Row[];
  onSort?: (k: string, o: SortOrder | null) => void;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [sort, setSort] = useState<{ key: string; order: SortOrder } | null>(null);
  return (
    <>
      <ListTable<Row>
        label="People"
        columns={COLUMNS}
        rows={rows}
        sort={sort}
        onSort={(key, order) => {
          onSort(key, order);
          setSort(order ? { key, order } : null);
        }}
        loading={false}
        emptyText="No people"
        selection={{ selected, onChange: setSelected, rowName: (row) => row.name }}
      />
      <output data-testid="selected">{selected.join(',')}</output>
    </>
  );
}

describe('list table', () => {
  it('is a labelled table with column headers, one row per record and secondary columns dropped on phones', () => {
    render(<Table />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['', 'Name', 'City']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    // The breakpoint class of styles.css hides the city below 600px; the name always shows.
    expect(screen.getByRole('columnheader', { name: 'City' }).className).toContain('hide-below-sm');
    expect(screen.getByText('Lima').className).toContain('hide-below-sm');
    expect(screen.getByRole('columnheader', { name: 'Name' }).className).not.toContain('hide-below');
  });

  it('sorts ascending, descending, then not at all, with aria-sort on the header', () => {
    const onSort = vi.fn();
    render(<Table onSort={onSort} />);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    const button = within(header).getByRole('button');
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(button.getAttribute('title')).toBe('Click to sort ascending');
    fireEvent.click(button);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(button.getAttribute('title')).toBe('Click to sort descending');
    fireEvent.click(button);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(button);
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(onSort.mock.calls).toEqual([
      ['name', 'asc'],
      ['name', 'desc'],
      ['name', null],
    ]);
    // A column that is not sortable has no sort control and no aria-sort.
    const city = screen.getByRole('columnheader', { name: 'City' });
    expect(city.getAttribute('aria-sort')).toBeNull();
    expect(within(city).queryByRole('button')).toBeNull();
  });

  it('selects rows one by one and all of the page from the header, which shows a partial choice', () => {
    render(<Table />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Bo' }));
    expect(screen.getByTestId('selected').textContent).toBe('b');
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select Bo' }).closest('tr')!.className).toContain('is-selected');
    fireEvent.click(all);
    expect(screen.getByTestId('selected').textContent).toBe('a,b,c');
    expect(all.checked).toBe(true);
    fireEvent.click(all);
    expect(screen.getByTestId('selected').textContent).toBe('');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Ann' }));
    expect(screen.getByTestId('selected').textContent).toBe('');
  });

  it('says so when there are no records, and the header box is off', () => {
    render(<Table rows={[]} />);
    expect(screen.getByRole('cell', { name: 'No people' }).getAttribute('colspan')).toBe('3');
    expect((screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });
});

describe('list pager', () => {
  it('shows every page up to nine, else the ends, two either side of the current and five-page jumps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'forward', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'back', 8, 9, 10, 11, 12, 'forward', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'back', 15, 16, 17, 18, 19, 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'forward', 20]);
    // A gap of one page shows that page, not a jump.
    expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'forward', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'back', 14, 15, 16, 17, 18, 19, 20]);
    expect(pageItems(6, 20)).toEqual([1, 'back', 4, 5, 6, 7, 8, 'forward', 20]);
  });

  it('marks the current page, moves by page, by five and by the arrows, never past the ends', () => {
    const onChange = vi.fn();
    render(
      <ListPager page={1} perPage={10} total={195} totalText="195 people" sizes={[10, 20, 50]} onChange={onChange} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByText('195 people')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next 5 pages' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    expect(onChange.mock.calls).toEqual([
      [2, 10],
      [2, 10],
      [6, 10],
      [20, 10],
    ]);
    cleanup();
    render(
      <ListPager page={20} perPage={10} total={195} totalText="195 people" sizes={[10, 20, 50]} onChange={onChange} />,
    );
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    onChange.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Previous 5 pages' }));
    expect(onChange).toHaveBeenCalledWith(15, 10);
  });

  it('changes the page size through the select, keeping the first row on screen', async () => {
    // A fresh copy of the pager, whose select is still the stand-in: once any test of the worker has
    // loaded antd's Select through DeferredSelect (a module-level cache), every select renders it at
    // once, and a pager imported before showed an empty combobox instead of '10 / page'.
    vi.resetModules();
    const { ListPager } = await import('../../src/resources/engine/ListPager');
    const onChange = vi.fn();
    render(
      <ListPager page={3} perPage={10} total={95} totalText="95 people" sizes={[10, 20, 50]} onChange={onChange} />,
    );
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(size.textContent).toBe('10 / page');
    fireEvent.pointerDown(size);
    // antd's Select replaces it, open on the current size and focused: two down, Enter.
    // antd's Select is imported on first touch: the screen's wait ceiling (wait-limits.ts) covers a cold import.
    await waitFor(() => expect(document.querySelector('.ant-select-open')).toBeTruthy());
    const input = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(document.activeElement).toBe(input);
    for (const key of ['ArrowDown', 'ArrowDown']) fireEvent.keyDown(input, { key, keyCode: 40, which: 40 });
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, which: 13 });
    // Rows 21-30 were on screen; with 50 a page they are on page 1.
    expect(onChange).toHaveBeenCalledWith(1, 50);
  });
});

describe('deferred select', () => {
  const OPTIONS = [
    { value: 'lead', label: 'Lead' },
    { value: 'customer', label: 'Customer' },
  ];
  /** A fresh copy of the module, before any test has loaded antd's Select through it. */
  async function freshDeferredSelect() {
    vi.resetModules();
    return (await import('../../src/resources/engine/DeferredSelect')).DeferredSelect;
  }

  it('stands in as a named combobox showing the value, then opens antd Select on a click', async () => {
    const Select = await freshDeferredSelect();
    const onChange = vi.fn();
    const { container } = render(
      <Select aria-label="Status" placeholder="Status" value="customer" options={OPTIONS} onChange={onChange} />,
    );
    const standIn = screen.getByRole('combobox', { name: 'Status' });
    expect(standIn.tagName).toBe('DIV');
    expect(standIn.textContent).toBe('Customer');
    expect(container.querySelector('.ant-select')).toBeNull();
    fireEvent.pointerDown(standIn);
    // antd's Select, already open, with the same name and value.
    const option = await screen.findByTitle('Lead');
    expect(container.querySelector('.ant-select')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Status' }).tagName).toBe('INPUT');
    fireEvent.click(option);
    expect(onChange.mock.calls[0]![0]).toBe('lead');
  });

  it('a press right after pointing opens it: pointing only fetches antd Select', async () => {
    const Select = await freshDeferredSelect();
    const { container } = render(<Select aria-label="Status" placeholder="Status" options={OPTIONS} />);
    const standIn = screen.getByRole('combobox', { name: 'Status' });
    fireEvent.pointerEnter(standIn);
    // The chunk arrives while the pointer rests on the stand-in: it stays until the press.
    const { loadSelect } = await import('../../src/resources/engine/DeferredSelect');
    await act(async () => {
      await loadSelect();
    });
    expect(container.querySelector('.ant-select')).toBeNull();
    fireEvent.pointerDown(standIn);
    expect(await screen.findByTitle('Lead')).toBeTruthy();
  });

  it('shows the placeholder without a value, opens from the keyboard and keeps the focus', async () => {
    const Select = await freshDeferredSelect();
    const { container } = render(<Select aria-label="Role" placeholder="Role" options={OPTIONS} />);
    const standIn = screen.getByRole('combobox', { name: 'Role' });
    expect(standIn.textContent).toBe('Role');
    expect(standIn.querySelector('.deferred-select__text--placeholder')).toBeTruthy();
    // A key that does not open it changes nothing.
    fireEvent.keyDown(standIn, { key: 'Tab' });
    expect(container.querySelector('.ant-select')).toBeNull();
    standIn.focus();
    fireEvent.keyDown(standIn, { key: 'Enter' });
    await screen.findByTitle('Lead');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Role' })));
    expect(document.activeElement!.tagName).toBe('INPUT');
  });

  it("becomes the app's Select: a pick leaves the focus in the field the user went on to", async () => {
    // antd's own Select hands the focus back to itself in a timer after a press in its list; run
    // late, it took the focus from the list's search box (src/ui/forms/Select.tsx).
    const Select = await freshDeferredSelect();
    render(
      <>
        <Select aria-label="Status" placeholder="Status" options={OPTIONS} />
        <input aria-label="Search" />
      </>,
    );
    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Status' }));
    await screen.findByTitle('Lead');
    const option = document.querySelector('.ant-select-item-option[title="Lead"]')!;
    fireEvent.mouseDown(option);
    fireEvent.click(option);
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(document.activeElement).toBe(search);
  });

  it('does nothing while disabled', async () => {
    const Select = await freshDeferredSelect();
    const { container } = render(<Select aria-label="Company" placeholder="Company" options={OPTIONS} disabled />);
    const box = screen.getByRole('combobox', { name: 'Company' });
    expect(box.getAttribute('aria-disabled')).toBe('true');
    expect(box.getAttribute('tabindex')).toBe('-1');
    fireEvent.pointerDown(box);
    fireEvent.keyDown(box, { key: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('.ant-select')).toBeNull();
  });

  it('renders antd Select at once once it has loaded', async () => {
    // Loaded in a fresh copy, so the copy the other tests and files of the worker share keeps its stand-in.
    vi.resetModules();
    const fresh = await import('../../src/resources/engine/DeferredSelect');
    await fresh.loadSelect();
    const { container } = render(<fresh.DeferredSelect aria-label="Stage" options={OPTIONS} />);
    expect(container.querySelector('.ant-select')).toBeTruthy();
    expect(container.querySelector('.deferred-select')).toBeNull();
  });
});
