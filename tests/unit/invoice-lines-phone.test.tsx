/**
 * An invoice's lines on a phone (below the app's `sm` breakpoint, 600 px): the form shows each line
 * as a card (every input under its visible label, the line's amount, its remove button last in the
 * Tab order), with the table's own cells and rules; "Add line" focuses the new line's first input;
 * from 600 px up the form keeps its table. The running total leaves out a line whose quantity,
 * price or tax rate is refused (6.555 is not counted as 6.56) and names it in a note. The show page
 * lists the lines compactly on a phone, each with the amount the server sent (a sent invoice's as
 * stored), and gives the table an Amount column on a wider screen. The browser pass (tests/e2e/invoices.test.ts) proves the
 * same cards fit a 390 px window with the refused message on screen.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from 'antd';
import { LinesInput } from '../../src/resources/engine/LinesInput';
import { useTranslation } from 'react-i18next';
import { renderFieldValue } from '../../src/resources/engine/FieldValue';
import { useClock } from '../../src/ui/venue/use-clock';
import { InvoiceTotals } from '../../src/resources/invoices/screens/InvoiceTotals';
import { countedLines } from '../../src/resources/invoices/screens/counted-lines';
import { resourceNamed } from '../../src/resources/registry';
import { initEnglish } from './helpers/i18n';
import { jsonResponse } from './helpers/fixtures';
import { renderInApp } from './helpers/render-in-app';
import { stubFetch } from './helpers/stub-fetch';

const invoices = resourceNamed('invoices')!;
const lines = invoices.fields.lines!;
const MESSAGE = 'Enter a quantity above 0 and up to 10,000, with at most 2 decimals';

beforeAll(() => initEnglish());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  atWidth(1024);
});

/** happy-dom's window resizes, and its matchMedia answers for the new width (the app's useMediaQuery). */
const happyWindow = window as Window & { happyDOM?: { setViewport(size: { width: number; height: number }): void } };
const atWidth = (width: number) => happyWindow.happyDOM!.setViewport({ width, height: 844 });

function LinesForm() {
  return (
    <Form initialValues={{ lines: [{ description: 'Crew of 3', quantity: 6.5, unitPriceCents: 95.5, taxRate: 0 }] }}>
      <LinesInput resource={invoices} fieldKey="lines" field={lines} label="Lines" />
    </Form>
  );
}

describe('the lines input on a phone', () => {
  it('shows a card per line: each input under its label, the amount, the remove button last', async () => {
    atWidth(390);
    render(<LinesForm />);
    expect(screen.queryByRole('table')).toBeNull();
    const card = screen.getByRole('listitem');
    expect(within(card).getByText('Line 1')).toBeTruthy();
    for (const column of ['Description', 'Quantity', 'Unit price', 'Tax rate']) {
      // The visible label, and the input named as in the table (the same cell).
      expect(within(card).getByText(column, { selector: 'label' })).toBeTruthy();
      expect(within(card).getByLabelText(`Lines, line 1: ${column}`)).toBeTruthy();
    }
    await waitFor(() => expect(within(card).getByTestId('line-amount').textContent).toBe('$620.75'));
    // Tab order is the card's order: the four inputs, then its remove button.
    const focusable = [...card.querySelectorAll<HTMLElement>('input, button')].map(
      (el) => el.getAttribute('aria-label') ?? '',
    );
    expect(focusable).toEqual([
      'Lines, line 1: Description',
      'Lines, line 1: Quantity',
      'Lines, line 1: Unit price',
      'Lines, line 1: Tax rate',
      'Remove line 1',
    ]);
  });

  it('refuses 6.555 on its card with the table’s message, and the amount waits for a valid one', async () => {
    atWidth(390);
    render(<LinesForm />);
    const quantity = screen.getByLabelText('Lines, line 1: Quantity');
    fireEvent.change(quantity, { target: { value: '6.555' } });
    fireEvent.blur(quantity);
    const card = screen.getByRole('listitem');
    await within(card).findByText(MESSAGE);
    await waitFor(() => expect(within(card).getByTestId('line-amount').textContent).toBe('—'));
  });

  it('focuses the new line’s first input when a line is added', async () => {
    atWidth(390);
    render(<LinesForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Lines, line 2: Description'));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps the table from 600 px up', () => {
    atWidth(600);
    render(<LinesForm />);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByText('Line 1')).toBeNull();
  });
});

describe('the running total leaves out a refused line', () => {
  const body = (quantity: unknown, unitPriceCents: unknown = 9550, taxRate: unknown = 0) => ({
    lines: [
      { description: 'Labor', quantity, unitPriceCents, taxRate },
      { description: 'Boxes', quantity: 10, unitPriceCents: 399, taxRate: 8.875 },
    ],
  });

  it('counts valid lines, and empty cells still being typed as 0', () => {
    expect(countedLines(body(6.5)).leftOut).toEqual([]);
    const typing = countedLines(body(null, null, null));
    expect(typing.leftOut).toEqual([]);
    expect(typing.lines[0]).toEqual({ quantity: 0, unitPriceCents: 0, taxRate: 0 });
  });

  it('leaves out a line whose quantity, price or tax rate its cell refuses', () => {
    for (const refused of [body(6.555), body(0), body('6.5x'), body(6.5, 123.4), body(6.5, 9550, 150)]) {
      const counted = countedLines(refused);
      expect(counted.leftOut).toEqual([1]);
      expect(counted.lines).toEqual([{ quantity: 10, unitPriceCents: 399, taxRate: 8.875 }]);
    }
  });

  it('shows the valid lines’ total and names the left-out line', () => {
    render(<InvoiceTotals body={body(6.555)} />);
    // Only the boxes: $39.90 + 8.875 % tax ($3.54).
    expect(screen.getByTestId('invoice-running-total').textContent).toBe('$43.44');
    expect(screen.getByRole('status').textContent).toBe(
      'Leaves out line 1 until its quantity, unit price and tax rate are valid',
    );
    cleanup();
    render(<InvoiceTotals body={body(6.5)} />);
    expect(screen.getByTestId('invoice-running-total').textContent).toBe('$664.19');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the show page’s lines on a phone', () => {
  const rows = [{ description: 'Crew of 3', quantity: 6.5, unitPriceCents: 13500, taxRate: 0 }];
  // The line's amount as the server sent it (`_lineAmounts`): a sent invoice's as stored, which a
  // rule changed since would no longer make of its line (6.5 × $135.00 is $877.50 today). The page
  // shows the server's figure, the one its PDF and mail print, not one worked out here.
  const SENT_AMOUNT = [87_751];
  /** The record's lines field as its show page draws it (FieldValue hands LinesTable each cell). */
  function ShownLines() {
    const { t } = useTranslation();
    const clock = useClock();
    const record = { id: 'inv-1', lines: rows, _lineAmounts: { lines: SENT_AMOUNT } };
    return <>{renderFieldValue(t, clock, invoices, 'lines', lines, record, 'show')}</>;
  }
  // The show page reads the business's time zone (its dates); these lines have none.
  const show = () => {
    stubFetch(() => jsonResponse(200, { timeZone: 'America/New_York' }));
    renderInApp('/', <ShownLines />);
  };

  it("lists each line with the server's amount and labelled figures, no table", async () => {
    atWidth(390);
    show();
    expect(screen.queryByRole('table')).toBeNull();
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('Crew of 3')).toBeTruthy();
    expect(within(item).getByText('$877.51')).toBeTruthy();
    expect(within(item).queryByText('$877.50')).toBeNull();
    expect(within(item).getByText('Unit price')).toBeTruthy();
    expect(within(item).getByText('$135.00')).toBeTruthy();
  });

  it("keeps the table on a wider screen, the server's amount in its last column", async () => {
    atWidth(1024);
    show();
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.at(-1)!.textContent).toBe('Amount');
    expect(within(table).getAllByRole('row').at(-1)!.lastElementChild!.textContent).toBe('$877.51');
  });
});
