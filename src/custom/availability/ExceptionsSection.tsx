import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Input, List, Pagination, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  HOURS_MAX,
  NOTE_MAX,
  exceptionPastError,
  exceptionSchema,
  type AvailabilityException,
  type ClockRange,
} from '../../domain/availability/rules';
import { fieldErrors } from '../../domain/schemas/common';
import { zonedDay } from '../../domain/venue/opening-hours';
import { isApiError } from '../../providers/http';
import { errorText, translateFieldErrors } from '../../providers/i18n/translate-message';
import { toastError, toastSuccess } from '../../resources/engine/errors';
import { ClosureItem } from '../../ui/closures/ClosureItem';
import { CoveredBookingsDialog } from '../../ui/closures/CoveredBookingsDialog';
import { useClosurePrompt } from '../../ui/closures/use-closure-prompt';
import { formatDate } from '../../ui/format';
import { useUnsavedChanges } from '../../ui/forms/unsaved-changes';
import { useBusinessTimeZone } from '../../ui/venue/use-business-time-zone';
import { useAvailabilityWrites, useExceptions } from './availability-api';
import { rangeLabel, type FieldErrorMap } from './clock-text';
import './availability.css';

const PER_PAGE = 5;
const EMPTY = {
  startDate: '',
  endDate: '',
  closed: true,
  hours: [{ start: '10:00', end: '14:00' }] as ClockRange[],
  note: '',
};

const dayLabel = (day: string) => formatDate(`${day}T12:00:00`);
export const datesLabel = (e: Pick<AvailabilityException, 'startDate' | 'endDate'>) =>
  e.startDate === e.endDate ? dayLabel(e.startDate) : `${dayLabel(e.startDate)} – ${dayLabel(e.endDate)}`;

function Field({
  label,
  error,
  children,
  id,
}: {
  label: string;
  error?: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <label htmlFor={id} className="availability-field">
      <span>{label}</span>
      {children}
      {error && (
        <Typography.Text type="danger" role="alert" className="availability-error">
          {error}
        </Typography.Text>
      )}
    </label>
  );
}

/**
 * Exceptions to the week (schedule_management/exceptions): a date or a range that is closed (a
 * holiday) or open other hours. Listed by date, a page at a time; removing one brings the weekly
 * hours back on its days.
 */
export function ExceptionsSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { exceptions, total, query } = useExceptions(page, PER_PAGE);
  const writes = useAvailabilityWrites();
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  // A date, hours or a note typed and not added is unsaved work: leaving the page asks first.
  useUnsavedChanges(JSON.stringify(draft) !== JSON.stringify(EMPTY));

  const err = (field: string) => errors[field];
  // Days that have bookings: the owner is asked first (src/domain/closures.ts).
  const closure = useClosurePrompt(writes.previewException, writes.addException, {
    onSaved: () => {
      setDraft(EMPTY);
      toastSuccess(t('availability.exceptionAdded'));
    },
    onFailed: (error) => {
      const fields = isApiError(error) ? error.errors : {};
      if (Object.keys(fields).length) setErrors(translateFieldErrors(t, fields as FieldErrorMap));
      else toastError(t, error);
    },
  });
  const { timeZone } = useBusinessTimeZone();
  const add = async () => {
    const input = { ...draft, endDate: draft.endDate || null, hours: draft.closed ? [] : draft.hours };
    const checked = exceptionSchema.safeParse(input);
    if (!checked.success) return setErrors(translateFieldErrors(t, fieldErrors(checked.error)));
    // The server says the same with the business's clock; unknown here, it is left to the server.
    const past = timeZone ? exceptionPastError(checked.data.startDate, zonedDay(Date.now(), timeZone)) : null;
    if (past) return setErrors(translateFieldErrors(t, past));
    setErrors({});
    await closure.save(checked.data);
  };
  const remove = async (id: string) => {
    try {
      await writes.removeException(id);
      toastSuccess(t('availability.exceptionRemoved'));
    } catch (error) {
      toastError(t, error);
    }
  };
  const setHours = (i: number, patch: Partial<ClockRange>) =>
    setDraft({ ...draft, hours: draft.hours.map((h, j) => (j === i ? { ...h, ...patch } : h)) });

  return (
    <section aria-labelledby="exceptions-title">
      <h2 id="exceptions-title" className="availability-title">
        {t('availability.exceptions')}
      </h2>
      <p className="availability-help">{t('availability.exceptionsHelp')}</p>
      {query.error && (
        <Alert type="error" showIcon message={errorText(t, query.error)} className="availability-gap-below" />
      )}
      <List
        bordered
        loading={!exceptions && !query.error}
        aria-label={t('availability.exceptions')}
        locale={{ emptyText: t('availability.noExceptions') }}
        dataSource={exceptions ?? []}
        renderItem={(e) => (
          <ClosureItem
            title={datesLabel(e)}
            description={[e.closed ? t('availability.closed') : e.hours.map(rangeLabel).join(', '), e.note]
              .filter(Boolean)
              .join(' · ')}
            removeLabel={t('availability.removeException', { dates: datesLabel(e) })}
            confirmTitle={t('availability.removeExceptionConfirm')}
            confirmOk={t('availability.remove')}
            onRemove={() => void remove(e.id)}
          />
        )}
      />
      {(total ?? 0) > PER_PAGE && (
        <Pagination
          className="availability-pager"
          current={page}
          pageSize={PER_PAGE}
          total={total}
          onChange={setPage}
          showSizeChanger={false}
          size="small"
        />
      )}
      <div className="availability-add">
        <h3>{t('availability.addException')}</h3>
        <Flex gap={12} wrap>
          <Field id="exception-start" label={t('availability.startDate')} error={err('startDate')}>
            <Input
              id="exception-start"
              type="date"
              value={draft.startDate}
              onChange={(e) => setDraft({ ...draft, startDate: e.target.value })}
              status={err('startDate') ? 'error' : undefined}
              className="availability-date"
            />
          </Field>
          <Field id="exception-end" label={t('availability.endDate')} error={err('endDate')}>
            <Input
              id="exception-end"
              type="date"
              value={draft.endDate}
              onChange={(e) => setDraft({ ...draft, endDate: e.target.value })}
              status={err('endDate') ? 'error' : undefined}
              className="availability-date"
            />
          </Field>
          <Checkbox
            checked={draft.closed}
            onChange={(e) => setDraft({ ...draft, closed: e.target.checked })}
            className="availability-center"
          >
            {t('availability.closedAllDay')}
          </Checkbox>
        </Flex>
        {!draft.closed && (
          <div className="availability-hours">
            {err('hours') && (
              <Typography.Text type="danger" role="alert" className="availability-error availability-error-wide">
                {err('hours')}
              </Typography.Text>
            )}
            {draft.hours.map((h, i) => (
              <Flex key={i} gap={12} wrap align="end">
                <Field
                  id={`exception-hours-${i}-start`}
                  label={t('availability.opensAt', { n: i + 1 })}
                  error={err(`hours.${i}.start`)}
                >
                  <Input
                    id={`exception-hours-${i}-start`}
                    type="time"
                    value={h.start}
                    onChange={(e) => setHours(i, { start: e.target.value })}
                    className="availability-time"
                  />
                </Field>
                <Field
                  id={`exception-hours-${i}-end`}
                  label={t('availability.closesAt', { n: i + 1 })}
                  error={err(`hours.${i}.end`)}
                >
                  <Input
                    id={`exception-hours-${i}-end`}
                    type="time"
                    value={h.end}
                    onChange={(e) => setHours(i, { end: e.target.value })}
                    className="availability-time"
                  />
                </Field>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={t('availability.removeHours', { n: i + 1 })}
                  onClick={() => setDraft({ ...draft, hours: draft.hours.filter((_, j) => j !== i) })}
                />
              </Flex>
            ))}
            {draft.hours.length < HOURS_MAX && (
              <Button
                icon={<PlusOutlined aria-hidden />}
                className="availability-start"
                onClick={() => setDraft({ ...draft, hours: [...draft.hours, { start: '15:00', end: '18:00' }] })}
              >
                {t('availability.addHours')}
              </Button>
            )}
          </div>
        )}
        <Field id="exception-note" label={t('availability.note')} error={err('note')}>
          <Input
            id="exception-note"
            value={draft.note}
            maxLength={NOTE_MAX}
            onChange={(e) => setDraft({ ...draft, note: e.target.value })}
            className="availability-note"
          />
        </Field>
        <Button type="primary" onClick={() => void add()} loading={writes.saving} className="availability-start">
          {t('availability.addException')}
        </Button>
      </div>
      {timeZone && (
        <CoveredBookingsDialog
          affected={closure.pending}
          timeZone={timeZone}
          onChoose={closure.answer}
          onCancel={closure.cancel}
        />
      )}
    </section>
  );
}
