import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../providers/use-session';
import { PagePanel } from '../../ui/PagePanel';
import { useAvailabilityLive } from './availability-api';
import { useDocumentTitle } from '../../ui/use-document-title';
import { TimeZoneForm } from '../../ui/venue/TimeZoneForm';
import { ExceptionsSection } from './ExceptionsSection';
import { OpenHoursPreview } from './OpenHoursPreview';
import { WeeklySlotsSection } from './WeeklySlotsSection';
import './availability.css';

/**
 * schedule_management (USER, MOVER): the business's time zone, its weekly hours with breaks, the
 * next two weeks as customers will be offered them and, for a mover (whose sidebar has no
 * exceptions screen), the exceptions; a user has them on schedule_management/exceptions.
 */
export default function SchedulePage() {
  const { t } = useTranslation();
  const title = t('pages.schedule_management');
  useDocumentTitle(title);
  useAvailabilityLive();
  const role = useSession()?.userData.roleName;
  return (
    <PagePanel title={title} intro={t('availability.intro')}>
      <div className="availability-page">
        <TimeZoneForm />
        <WeeklySlotsSection />
        {role === 'USER' ? (
          <p className="availability-link-line">
            <Link to="/schedule_management/exceptions">{t('availability.manageExceptions')}</Link>
          </p>
        ) : (
          <ExceptionsSection />
        )}
        <OpenHoursPreview />
      </div>
    </PagePanel>
  );
}
