import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import DateRangeFilter from '../../src/resources/engine/DateRangeFilter';
import { initEnglish } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});

/** A list's date filter as RangeFilter draws it, its bounds kept as the list's URL keeps them. */
function List({
  onChange,
  from,
  to,
}: {
  onChange: (from: string | null, to: string | null) => void;
  from?: string;
  to?: string;
}) {
  const [range, setRange] = useState<[string | undefined, string | undefined]>([from, to]);
  return (
    <DateRangeFilter
      label="Due"
      from={range[0]}
      to={range[1]}
      onChange={(a, b) => {
        onChange(a, b);
        setRange([a ?? undefined, b ?? undefined]);
      }}
    />
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

/** Types into one bound and leaves it, as a person tabbing on does. */
function type(input: HTMLInputElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('DateRangeFilter', () => {
  it('keeps a bound it cannot read in its box, says what to type, and leaves the list filtered as it was', async () => {
    for (const typed of ['13/45/2026', 'tomorrow']) {
      for (const which of [0, 1] as const) {
        const onChange = vi.fn();
        render(<List onChange={onChange} from="2026-03-01" to="2026-03-31" />);
        const input = boxes()[which]!;
        expect(input.value).toBe(which === 0 ? '03/01/2026' : '03/31/2026');
        type(input, typed);
        await screen.findByText(`“${typed}” is not a date: type it as MM/DD/YYYY, for example 12/20/2026`);
        expect(boxes()[which]!.value, `${typed} in bound ${which}`).toBe(typed);
        const said = screen.getByText(/is not a date/).closest('div')!;
        expect(boxes()[which]!.closest('.ant-picker')?.className).toMatch(/ant-picker-status-error/);
        expect(boxes()[which]!.closest('[aria-describedby]')?.getAttribute('aria-describedby')).toBe(said.id);
        expect(onChange).not.toHaveBeenCalled();
        cleanup();
      }
    }
  });

  it('filters by the range once the bound is corrected, and drops the line', async () => {
    const onChange = vi.fn();
    render(<List onChange={onChange} from="2026-03-01" to="2026-03-31" />);
    type(boxes()[0]!, '13/45/2026');
    await screen.findByText(/is not a date/);
    type(boxes()[0]!, '3/5/2026');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-03-05', '2026-03-31'));
    expect(screen.queryByText(/is not a date/)).toBeNull();
    expect(boxes()[0]!.value).toBe('03/05/2026');
  });

  it('takes a typed range and an emptied bound', async () => {
    const onChange = vi.fn();
    render(<List onChange={onChange} />);
    type(boxes()[0]!, '12/20/2026');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-12-20', null));
    type(boxes()[0]!, '');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null, null));
  });
});
