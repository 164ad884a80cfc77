import { useTranslation } from 'react-i18next';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ResourceFieldsForm } from '../../resources/engine/ResourceForm';
import { resourceNamed } from '../../resources/registry';
import { NoVenue } from '../../ui/venue/NoVenue';
import { TimeZoneForm } from '../../ui/venue/TimeZoneForm';
import { useSelectedVenue } from '../../ui/venue/use-selected-venue';
import './venue.css';

/** The guest-facing details of a venue, edited here; the rest is on the venue's own form. */
const DETAILS = ['dressCode', 'ageLimit', 'music', 'coverCharge', 'description'] as const;

/**
 * additional_information (club owners): what guests should know about the selected venue —
 * dress code, minimum age, music, cover charge, a description — saved through the venues
 * resource's update route with its rules, and the business's time zone, which every hour,
 * reservation and event of the business is read in.
 */
export default function AdditionalInformationPage() {
  const { t } = useTranslation();
  const title = t('pages.additional_information');
  useDocumentTitle(title);
  const { venue, loading, error } = useSelectedVenue();
  const venues = resourceNamed('venues')!;
  return (
    <PagePanel title={title} intro={venue ? t('venue.detailsIntro', { name: venue.name }) : undefined}>
      {venue ? (
        <div className="venue-sections">
          <ResourceFieldsForm key={venue.id} resource={venues} id={venue.id} fields={DETAILS} />
          <TimeZoneForm />
        </div>
      ) : (
        <NoVenue loading={loading} error={error} />
      )}
    </PagePanel>
  );
}
