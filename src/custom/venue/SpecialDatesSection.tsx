import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Input, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CoveredBooking } from '../../domain/closures';
import { zonedDay } from '../../domain/venue/opening-hours';
import { specialDatePastError, specialDateSchema, type SpecialDateInput } from '../../domain/venue/schedule';
import { isApiError } from '../../providers/http';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { toastSuccess } from '../../resources/engine/errors';
import { ClosureItem } from '../../ui/closures/ClosureItem';
import { CoveredBookingsDialog } from '../../ui/closures/CoveredBookingsDialog';
import { useClosurePrompt } from '../../ui/closures/use-closure-prompt';
import { formatDate } from '../../ui/format';
import { useUnsavedChanges } from '../../ui/forms/unsaved-changes';
import type { Schedule } from './schedule-api';
import { clockText, fromInputTime } from '../../ui/venue/time-text';
import './venue.css';

type Field = 'date' | 'opensAt' | 'closesAt' | 'note';
const EMPTY = { date: '', closed: true, opens: '20:00', closes: '02:00', note: '' };

/**
 * Dated exceptions to the week: a closed night (a holiday) or other hours (a late New Year's
 * Eve), for today or later (a past night is neither taken nor listed, as on the server). A date
 * whose reservations would fall outside asks first (src/domain/closures.ts). Removing one brings
 * back the weekday's hours.
 */
export function SpecialDatesSection({
  specialDates,
  timeZone,
  saving,
  onPreview,
  onAdd,
  onRemove,
}: {
  specialDates: Schedule['specialDates'];
  timeZone: string;
  saving: boolean;
  onPreview: (input: SpecialDateInput) => Promise<CoveredBooking[]>;
  onAdd: (input: SpecialDateInput) => Promise<void>;
  onRemove: (id: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // A date, hours or a note typed and not added is unsaved work: leaving the page asks first.
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(EMPTY));

  const closure = useClosurePrompt(onPreview, onAdd, {
    onSaved: () => {
      setDraft(EMPTY);
      toastSuccess(t('venue.specialDateAdded'));
    },
    onFailed: (error) => {
      const fields = isApiError(error) ? error.errors : {};
      if (Object.keys(fields).length)
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateMessage(t, String(v))])));
      else setFailure(errorText(t, error));
    },
  });

  const add = async () => {
    setFailure(null);
    const input = {
      date: draft.date,
      closed: draft.closed,
      opensAt: draft.closed ? null : fromInputTime(draft.opens),
      closesAt: draft.closed ? null : fromInputTime(draft.closes),
      note: draft.note,
    };
    const checked = specialDateSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), translateMessage(t, i.message)])),
      );
      return;
    }
    const past = specialDatePastError(checked.data.date, zonedDay(Date.now(), timeZone));
    if (past) return setErrors({ date: translateMessage(t, past.date) });
    setErrors({});
    await closure.save(checked.data);
  };

  const remove = async (id: string) => {
    setFailure(null);
    try {
      await onRemove(id);
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  const describe = (s: Schedule['specialDates'][number]) =>
    s.closed || s.opensAt === null || s.closesAt === null
      ? t('venue.closedAllDay')
      : `${clockText(s.opensAt)} – ${clockText(s.closesAt)}${s.closesAt < s.opensAt ? ` ${t('venue.nextDay')}` : ''}`;

  return (
    <section aria-labelledby="special-dates-title">
      <h2 id="special-dates-title" className="venue-section-title">
        {t('venue.specialDates')}
      </h2>
      <p className="venue-section-help">{t('venue.specialDatesHelp')}</p>
      {failure && <Alert type="error" showIcon message={failure} className="venue-alert" />}
      <List
        bordered
        locale={{ emptyText: t('venue.noSpecialDates') }}
        dataSource={specialDates}
        renderItem={(s) => (
          <ClosureItem
            title={formatDate(`${s.date}T12:00:00`)}
            description={[describe(s), s.note].filter(Boolean).join(' · ')}
            removeLabel={t('venue.removeDate', { date: formatDate(`${s.date}T12:00:00`) })}
            confirmTitle={t('venue.removeSpecialDate')}
            confirmOk={t('venue.remove')}
            onRemove={() => void remove(s.id)}
          />
        )}
      />
      <div className="venue-special-form">
        <Flex gap={8} wrap align="center">
          <label className="venue-field">
            <span>{t('venue.date')}</span>
            <Input
              type="date"
              value={draft.date}
              onChange={(e) => setDraft({ ...draft, date: e.target.value })}
              status={errors.date ? 'error' : undefined}
              className="venue-date"
            />
          </label>
          <Checkbox
            checked={draft.closed}
            onChange={(e) => setDraft({ ...draft, closed: e.target.checked })}
            className="venue-closed-all-day"
          >
            {t('venue.closedAllDay')}
          </Checkbox>
          {!draft.closed && (
            <>
              <label className="venue-field">
                <span>{t('venue.opens')}</span>
                <Input
                  type="time"
                  value={draft.opens}
                  onChange={(e) => setDraft({ ...draft, opens: e.target.value })}
                  status={errors.opensAt ? 'error' : undefined}
                  className="venue-time"
                />
              </label>
              <label className="venue-field">
                <span>{t('venue.closes')}</span>
                <Input
                  type="time"
                  value={draft.closes}
                  onChange={(e) => setDraft({ ...draft, closes: e.target.value })}
                  status={errors.closesAt ? 'error' : undefined}
                  className="venue-time"
                />
              </label>
            </>
          )}
        </Flex>
        <label className="venue-field">
          <span>{t('venue.note')}</span>
          <Input
            value={draft.note}
            maxLength={200}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
            placeholder={t('venue.notePlaceholder')}
          />
        </label>
        {Object.entries(errors).map(([field, text]) => (
          <Typography.Text key={field} type="danger" role="alert">
            {text}
          </Typography.Text>
        ))}
        <Flex>
          <Button onClick={add} loading={saving}>
            {t('venue.addSpecialDate')}
          </Button>
        </Flex>
      </div>
      <CoveredBookingsDialog
        affected={closure.pending}
        timeZone={timeZone}
        onChoose={closure.answer}
        onCancel={closure.cancel}
      />
    </section>
  );
}
