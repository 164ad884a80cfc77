import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import DateInput from '../../src/resources/engine/DateInput';
import { FieldInput } from '../../src/custom/forms/renderer/FieldInput';
import { fieldSchema, type FormField } from '../../src/domain/forms/definition';
import { DateRangePicker } from '../../src/ui/forms/DateRangePicker';
import { PickerZone } from '../../src/ui/forms/picker-zone';
import { ZonedDatePicker } from '../../src/ui/forms/ZonedDatePicker';
import { zonedGenerateConfig } from '../../src/ui/time/zoned-now';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

// 03:30 UTC on 11/30 is still the evening of 11/29 in New York, already 11/30 in Tokyo.
const LATE_EVENING_IN_NEW_YORK = '2026-11-30T03:30:00Z';

/** This device's clock stopped at an instant (only Date: antd's popup still animates). */
function at(instant: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}

/** Today on this device's clock as it is stopped (UTC on the test machines: 11/30). */
const deviceToday = () => dayjs().format('YYYY-MM-DD');

/** The day the open popup marks as today (antd's '-today' cell). */
const markedToday = () => document.querySelector('.ant-picker-cell-today')?.getAttribute('title');

/** Opens the picker of the field named `name` (the only field when none), as a click does. */
function open(name?: string) {
  const input = name ? screen.getByRole('textbox', { name }) : screen.getByRole('textbox');
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.click(input);
}

const inZone = (zone: string | undefined, children: ReactNode) => (
  <PickerZone.Provider value={zone}>{children}</PickerZone.Provider>
);

describe("the pickers' clock (zonedGenerateConfig)", () => {
  it("reads now on the business's wall clock, not this device's", () => {
    at(LATE_EVENING_IN_NEW_YORK);
    const now = (zone: string) => zonedGenerateConfig(zone).getNow().format('YYYY-MM-DD HH:mm');
    expect(now('America/New_York')).toBe('2026-11-29 22:30');
    expect(now('Asia/Tokyo')).toBe('2026-11-30 12:30');
    // Late in Tokyo is the next day and the next month there.
    at('2026-11-30T16:00:00Z');
    expect(now('Asia/Tokyo')).toBe('2026-12-01 01:00');
    // Summer time: New York is 4 hours behind UTC in July.
    at('2026-07-04T02:15:00Z');
    expect(now('America/New_York')).toBe('2026-07-03 22:15');
  });

  it('is one config per zone, so pickers made from it are made once', () => {
    expect(zonedGenerateConfig('America/New_York')).toBe(zonedGenerateConfig('America/New_York'));
    expect(zonedGenerateConfig('America/New_York')).not.toBe(zonedGenerateConfig('Asia/Tokyo'));
  });
});

describe('ZonedDatePicker and DateRangePicker', () => {
  it("mark the screen's business's today in their popup", () => {
    at(LATE_EVENING_IN_NEW_YORK);
    render(inZone('America/New_York', <ZonedDatePicker aria-label="Move date" open />));
    expect(markedToday()).toBe('2026-11-29');
    cleanup();
    render(inZone('America/New_York', <DateRangePicker aria-label={['From', 'To'] as never} open />));
    expect(markedToday()).toBe('2026-11-29');
  });

  it("take a zone of their own over the screen's, and this device's for null or none", () => {
    // 16:00 UTC: 11/30 on this device (UTC) and in New York, already 12/01 in Tokyo.
    at('2026-11-30T16:00:00Z');
    render(inZone('America/New_York', <ZonedDatePicker timeZone="Asia/Tokyo" open />));
    expect(markedToday()).toBe('2026-12-01');
    cleanup();
    at(LATE_EVENING_IN_NEW_YORK);
    render(inZone('America/New_York', <ZonedDatePicker timeZone={null} open />));
    expect(markedToday()).toBe(deviceToday());
    cleanup();
    render(<ZonedDatePicker open />);
    expect(markedToday()).toBe(deviceToday());
  });

  it("pick the business's day with Today", async () => {
    at(LATE_EVENING_IN_NEW_YORK);
    const onChange = vi.fn();
    render(inZone('America/New_York', <ZonedDatePicker open onChange={onChange} />));
    fireEvent.click(screen.getByText('Today'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0]![0].format('YYYY-MM-DD')).toBe('2026-11-29');
  });
});

describe('the fields that draw them', () => {
  it("a resource form's date field (DateInput) marks and picks the business's today", async () => {
    at(LATE_EVENING_IN_NEW_YORK);
    const onChange = vi.fn();
    render(inZone('America/New_York', <DateInput label="Move date" onChange={onChange} />));
    open('Move date');
    await waitFor(() => expect(markedToday()).toBe('2026-11-29'));
    fireEvent.click(screen.getByText('Today'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2026-11-29'));
  });

  it("a resource form's date and time field shows, marks and picks the business's wall clock", async () => {
    at(LATE_EVENING_IN_NEW_YORK);
    const onChange = vi.fn();
    render(inZone('America/New_York', <DateInput label="Sent" withTime onChange={onChange} />));
    open('Sent');
    await waitFor(() => expect(markedToday()).toBe('2026-11-29'));
    // Now is the same instant, read on New York's clock (10:30 PM on 11/29) and written back as it.
    fireEvent.click(screen.getByText('Now'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2026-11-30T03:30:00.000Z'));
  });

  it("a resource form's date and time field shows a stored instant on the business's clock and keeps it", async () => {
    at(LATE_EVENING_IN_NEW_YORK);
    const onChange = vi.fn();
    const field = (value: string) => <DateInput label="Sent" withTime value={value} onChange={onChange} />;
    render(inZone('America/New_York', field('2026-11-30T03:30:00.000Z')));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Sent' }).value).toBe('11/29/2026 10:30 PM');
    cleanup();
    // Tokyo is 14 hours ahead of New York: the same instant is the next day's lunch there.
    render(inZone('Asia/Tokyo', field('2026-11-30T03:30:00.000Z')));
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Sent' });
    expect(input.value).toBe('11/30/2026 12:30 PM');
    // A time typed is the business's wall clock: 1:15 PM in Tokyo is 04:15 UTC.
    open('Sent');
    fireEvent.change(input, { target: { value: '11/30/2026 1:15 PM' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2026-11-30T04:15:00.000Z'));
    cleanup();
    // With no business (the admin, IT), this device's clock, as before (UTC on the test machines).
    render(field('2026-11-30T03:30:00.000Z'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Sent' }).value).toBe(
      dayjs('2026-11-30T03:30:00.000Z').format('MM/DD/YYYY h:mm A'),
    );
  });

  it("a published form's date field marks this device's today (a form has no business)", async () => {
    at(LATE_EVENING_IN_NEW_YORK);
    const field = fieldSchema.parse({ key: 'moving_day', type: 'date', label: 'Moving day' }) as FormField;
    render(<FieldInput field={field} value="" onChange={vi.fn()} onBlur={() => undefined} id="d" invalid={false} />);
    open();
    await waitFor(() => expect(markedToday()).toBe(deviceToday()));
  });
});
