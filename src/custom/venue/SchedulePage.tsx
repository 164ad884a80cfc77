import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../providers/i18n/translate-message';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { NoVenue } from '../../ui/venue/NoVenue';
import { SpecialDatesSection } from './SpecialDatesSection';
import { useSchedule } from './schedule-api';
import { useSelectedVenue } from '../../ui/venue/use-selected-venue';
import { WeeklyHoursForm } from './WeeklyHoursForm';
import './venue.css';

/**
 * club_schedule_management: the selected venue's opening hours — the week, then the dated
 * exceptions — in the business's time zone. Reservations are refused outside these hours.
 */
export default function SchedulePage() {
  const { t } = useTranslation();
  const title = t('pages.club_schedule_management');
  useDocumentTitle(title);
  const { venue, loading, error } = useSelectedVenue();
  return (
    <PagePanel title={title}>
      {venue ? <VenueSchedule key={venue.id} venueId={venue.id} /> : <NoVenue loading={loading} error={error} />}
    </PagePanel>
  );
}

function VenueSchedule({ venueId }: { venueId: string }) {
  const { t } = useTranslation();
  const { schedule, error, saving, saveWeek, addSpecialDate, removeSpecialDate, previewSpecialDate } =
    useSchedule(venueId);
  if (error) return <Alert type="error" showIcon message={errorText(t, error)} />;
  if (!schedule) return <Skeleton active />;
  return (
    <div className="venue-sections">
      <p className="venue-note">{t('venue.timeZoneNote', { zone: schedule.timeZone.replace(/_/g, ' ') })}</p>
      <WeeklyHoursForm hours={schedule.hours} saving={saving} onSave={(hours) => saveWeek({ hours })} />
      <SpecialDatesSection
        specialDates={schedule.specialDates}
        timeZone={schedule.timeZone}
        saving={saving}
        onPreview={previewSpecialDate}
        onAdd={addSpecialDate}
        onRemove={removeSpecialDate}
      />
    </div>
  );
}
