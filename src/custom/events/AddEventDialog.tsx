import { useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { closeAsking } from '../../ui/forms/unsaved-changes';
import { EventForm } from './EventForm';
import { emptyEvent } from './event-form-values';

/**
 * Add an event to `venueId`: the event form in a dialog. Its start and end are typed on
 * `timeZone`, the business's, so the form waits for it. Esc, ✕ or the mask with typed work asks
 * before throwing it away, as the app's other dialogs do (closeAsking): Esc is also what closes
 * the start and end picker, and it used to take the whole dialog and its typing with it. The name
 * has the focus as it opens.
 */
export function AddEventDialog({
  open,
  venueId,
  timeZone,
  onClose,
  onSubmit,
}: {
  open: boolean;
  venueId: string;
  timeZone: string | null;
  onClose: () => void;
  onSubmit: (input: Record<string, unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [unsaved, setUnsaved] = useState(false);
  return (
    <Modal
      open={open}
      title={t('events.add')}
      footer={null}
      onCancel={() => closeAsking(unsaved, onClose)}
      destroyOnHidden
      width={760}
    >
      {timeZone && (
        <EventForm
          initial={emptyEvent()}
          venueId={venueId}
          timeZone={timeZone}
          creating
          submitLabel={t('events.create')}
          onSubmit={onSubmit}
          onUnsavedChange={setUnsaved}
          focusName
        />
      )}
    </Modal>
  );
}
