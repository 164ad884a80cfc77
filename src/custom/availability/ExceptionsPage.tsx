import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PagePanel } from '../../ui/PagePanel';
import { useAvailabilityLive } from './availability-api';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ExceptionsSection } from './ExceptionsSection';
import { OpenHoursPreview } from './OpenHoursPreview';
import './availability.css';

/** schedule_management/exceptions (USER): days off and special hours, with the next two weeks they make. */
export default function ExceptionsPage() {
  const { t } = useTranslation();
  const title = t('pages.schedule_management_exceptions');
  useDocumentTitle(title);
  useAvailabilityLive();
  return (
    <PagePanel title={title} intro={<Link to="/schedule_management">{t('availability.backToSchedule')}</Link>}>
      <div className="availability-page">
        <ExceptionsSection />
        <OpenHoursPreview />
      </div>
    </PagePanel>
  );
}
