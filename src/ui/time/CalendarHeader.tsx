import { Radio } from 'antd';
import { Select } from '../forms/Select';
import type { CalendarMode } from 'antd/es/calendar/generateCalendar';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** How many years the year list holds around the year shown, as antd's own header. */
const YEARS_BEFORE = 10;
const YEARS_AFTER = 9;

/** The months' short names in the app's language (ene, feb… in Spanish). */
function shortMonths(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2026, month, 1)));
}

/**
 * antd's Calendar header (a year list, a month list, month or year view) with names: antd draws
 * its two lists unnamed, and axe rates a form control without a label critical. Pass it as the
 * calendar's headerRender; it keeps antd's classes, so it looks as antd's own.
 */
export function CalendarHeader({
  value,
  type,
  onChange,
  onTypeChange,
}: {
  value: Dayjs;
  type: CalendarMode;
  onChange: (date: Dayjs) => void;
  onTypeChange: (type: CalendarMode) => void;
}) {
  const { t, i18n } = useTranslation();
  const year = value.year();
  const years = Array.from({ length: YEARS_BEFORE + YEARS_AFTER + 1 }, (_, i) => year - YEARS_BEFORE + i);
  return (
    <div className="ant-picker-calendar-header">
      <Select
        size="small"
        className="ant-picker-calendar-year-select"
        aria-label={t('calendar.year')}
        value={year}
        options={years.map((y) => ({ value: y, label: String(y) }))}
        onChange={(next) => onChange(value.year(next))}
      />
      {type === 'month' && (
        <Select
          size="small"
          className="ant-picker-calendar-month-select"
          aria-label={t('calendar.month')}
          value={value.month()}
          options={shortMonths(i18n.resolvedLanguage ?? i18n.language).map((label, month) => ({ value: month, label }))}
          onChange={(next) => onChange(value.month(next))}
        />
      )}
      <Radio.Group
        size="small"
        className="ant-picker-calendar-mode-switch"
        value={type}
        onChange={(e) => onTypeChange(e.target.value as CalendarMode)}
      >
        <Radio.Button value="month">{t('calendar.monthView')}</Radio.Button>
        <Radio.Button value="year">{t('calendar.yearView')}</Radio.Button>
      </Radio.Group>
    </div>
  );
}
