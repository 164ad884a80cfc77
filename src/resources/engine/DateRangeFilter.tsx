import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../ui/forms/DateRangePicker';
import { DATE_INPUT_FORMATS } from '../../ui/forms/typed-dates';
import './list.css';

const API_DATE = 'YYYY-MM-DD';

/** A from / to day filter: shown MM/DD/YYYY, sent as YYYY-MM-DD (the API's calendar day). */
export default function DateRangeFilter({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from?: string;
  to?: string;
  onChange: (from: string | null, to: string | null) => void;
}) {
  const { t } = useTranslation();
  const day = (text?: string) =>
    text && /^\d{4}-\d{2}-\d{2}$/.test(text) && dayjs(text).isValid() ? dayjs(text) : null;
  return (
    <DateRangePicker
      aria-label={label}
      format={DATE_INPUT_FORMATS}
      allowEmpty={[true, true]}
      value={[day(from), day(to)]}
      placeholder={[`${label} ${t('resourceEngine.filters.from')}`, `${label} ${t('resourceEngine.filters.to')}`]}
      onChange={(range) => onChange(range?.[0]?.format(API_DATE) ?? null, range?.[1]?.format(API_DATE) ?? null)}
      className="list-fit"
    />
  );
}
