import { Alert, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDays, zonedDay } from '../../domain/venue/opening-hours';
import { errorText } from '../../providers/i18n/translate-message';
import { formatDate, formatTime } from '../../ui/format';
import { useBusinessTimeZone } from '../../ui/venue/use-business-time-zone';
import { useOpenIntervals } from './availability-api';
import './availability.css';

const DAYS = 14;

/**
 * The next two weeks as the server computes them (GET open intervals: weekly slots less breaks,
 * exceptions applied), shown on the business's wall clock whatever zone this device is in.
 */
export function OpenHoursPreview() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { timeZone } = useBusinessTimeZone();
  const from = timeZone ? zonedDay(Date.now(), timeZone) : null;
  const to = from ? addDays(from, DAYS - 1) : null;
  const { answer, query } = useOpenIntervals(from, to);
  const zone = answer?.timeZone ?? timeZone ?? 'UTC';
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const days = from ? Array.from({ length: DAYS }, (_, i) => addDays(from, i)) : [];

  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title" className="availability-title">
        {t('availability.preview')}
      </h2>
      <p className="availability-help">{t('availability.previewHelp', { zone: zone.replace(/_/g, ' ') })}</p>
      {query.error ? (
        <Alert type="error" showIcon message={errorText(t, query.error)} />
      ) : !answer ? (
        <Skeleton active />
      ) : (
        <ul aria-label={t('availability.preview')} className="availability-preview">
          {days.map((day) => {
            const open = answer.intervals.filter((i) => i.day === day);
            return (
              <li key={day}>
                <span>
                  {weekday.format(new Date(`${day}T12:00:00Z`))} {formatDate(`${day}T12:00:00`)}
                </span>
                <span style={open.length ? undefined : { color: token.colorTextSecondary }}>
                  {open.length
                    ? open.map((i) => `${formatTime(i.start, zone)} – ${formatTime(i.end, zone)}`).join(', ')
                    : t('availability.closed')}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
