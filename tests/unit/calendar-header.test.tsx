/**
 * The events calendar's header names its year and month lists (antd draws them unnamed: axe's
 * label rule, critical), in English and Spanish, and still moves the calendar as antd's did.
 */
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CalendarHeader } from '../../src/ui/time/CalendarHeader';
import { zonedCalendar } from '../../src/ui/time/zoned-calendar';
import { initEnglish, switchLanguage } from './helpers/i18n';

beforeAll(async () => {
  await initEnglish();
});
afterAll(() => switchLanguage('en'));

function renderCalendar(onPanelChange = vi.fn()) {
  const Calendar = zonedCalendar('America/New_York');
  render(
    <Calendar
      fullscreen={false}
      defaultValue={dayjs('2026-11-15T12:00:00')}
      onPanelChange={onPanelChange}
      headerRender={(header) => <CalendarHeader {...header} />}
    />,
  );
  return onPanelChange;
}

describe.each([
  ['en', 'Year', 'Month', 'Nov', 'Feb'],
  ['es', 'Año', 'Mes', 'nov', 'feb'],
] as const)('in %s', (language, year, month, november, february) => {
  it('names the year and month lists, which show the month drawn', async () => {
    await switchLanguage(language);
    renderCalendar();
    expect(screen.getByRole('combobox', { name: year }).closest('.ant-select')?.textContent).toBe('2026');
    expect(screen.getByRole('combobox', { name: month }).closest('.ant-select')?.textContent).toBe(november);
  });

  it('moves the calendar to the month chosen, and hides the month list in the year view', async () => {
    await switchLanguage(language);
    const onPanelChange = renderCalendar();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: month }));
    fireEvent.click(await screen.findByTitle(february));
    expect(onPanelChange.mock.calls.at(-1)?.[0].format('YYYY-MM')).toBe('2026-02');
    expect(onPanelChange.mock.calls.at(-1)?.[1]).toBe('month');

    fireEvent.click(screen.getByRole('radio', { name: year }));
    expect(screen.queryByRole('combobox', { name: month })).toBeNull();
    expect(onPanelChange.mock.calls.at(-1)?.[1]).toBe('year');
  });
});
