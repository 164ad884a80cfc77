import { useTranslation } from 'react-i18next';
import { DayRangeFilter } from '../../ui/forms/DayRangeFilter';
import './list.css';

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
  return (
    <DayRangeFilter
      label={label}
      from={from}
      to={to}
      placeholder={[`${label} ${t('resourceEngine.filters.from')}`, `${label} ${t('resourceEngine.filters.to')}`]}
      onChange={onChange}
      className="list-fit"
    />
  );
}
