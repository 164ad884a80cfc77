import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Flex, Input, Modal, Skeleton, Typography, type RefSelectProps } from 'antd';
import { Select } from '../../ui/forms/Select';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../providers/http';
import { errorText, translateFieldErrors } from '../../providers/i18n/translate-message';
import { toastSuccess } from '../../resources/engine/errors';
import { checkBooking } from './booking-input';
import { useBookingWrites, useFreeSlots, useServices } from './bookings-api';
import { addDays, dayLabel, timeLabel, zonedDay } from './business-time';
import { closeAsking, useUnsavedChanges } from '../../ui/forms/unsaved-changes';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';

import './bookings.css';

/** The issue's "30 days of available slots". */
const DAYS = 30;
const DURATIONS = [30, 60, 90, 120, 180, 240];

type Errors = Record<string, string>;

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <label htmlFor={id} className="bookings-field">
      <span>{label}</span>
      {children}
      {error && (
        <Typography.Text type="danger" id={`${id}-error`} role="alert" className="bookings-error">
          {error}
        </Typography.Text>
      )}
    </label>
  );
}

/**
 * Book: choose a service of the catalogue (its duration) or, without one, a duration; then one of
 * the free starts of the next 30 days (the server's free slots, shown on the business clock by
 * day); then the customer. The rules are the server's (src/domain/bookings/rules.ts), checked
 * here first; what the server still refuses lands on the same fields, and a time taken meanwhile
 * (409) says so and shows the refreshed slots.
 */
export function BookDialog({
  timeZone,
  withCatalogue,
  onClose,
}: {
  timeZone: string;
  withCatalogue: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { services } = useServices(withCatalogue);
  const [productId, setProductId] = useState<string | undefined>();
  const [duration, setDuration] = useState<number | undefined>(withCatalogue ? undefined : 60);
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [customer, setCustomer] = useState({ customerName: '', customerEmail: '', customerPhone: '', notes: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const writes = useBookingWrites();
  // A customer's details typed in: leaving the page asks first (src/ui/shell/UnsavedChangesGuard.tsx).
  const typed = Object.values(customer).some((v) => v.trim() !== '');
  useUnsavedChanges(typed);
  // The first field (the service, or the duration without a catalogue) has the focus as it opens.
  // (A select's focus takes no cursor, which the hook's type asks of a text box.)
  const firstField = useFocusOnOpen<RefSelectProps & { focus(options?: { cursor?: 'all' }): void }>(true);

  const from = zonedDay(Date.now(), timeZone);
  const to = addDays(from, DAYS - 1);
  const what = productId ? { productId } : duration ? { durationMinutes: duration } : null;
  const { answer, query } = useFreeSlots(from, to, what);
  const minutes = answer?.durationMinutes ?? duration ?? 0;
  const byDay = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const s of answer?.starts ?? []) {
      const d = zonedDay(Date.parse(s), timeZone);
      map.set(d, [...(map.get(d) ?? []), s]);
    }
    return map;
  }, [answer, timeZone]);
  const shownDay = day && byDay.has(day) ? day : ([...byDay.keys()][0] ?? null);
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
  const dayText = (d: string) => `${weekday.format(new Date(`${d}T12:00:00Z`))} ${dayLabel(d)}`;

  const save = async () => {
    setFailure(null);
    const checked = checkBooking(customer, productId ?? null, start, minutes);
    if (!checked.ok) {
      const found = translateFieldErrors(t, checked.errors);
      return setErrors(checked.noStart ? { ...found, startsAt: t('bookings.pickSlot') } : found);
    }
    setErrors({});
    try {
      await writes.book(checked.data);
      toastSuccess(t('bookings.booked'));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? (error.errors as Errors) : {};
      if (isApiError(error) && error.status === 409) {
        setStart(null);
        setFailure(errorText(t, error));
      } else if (Object.keys(fields).length) setErrors(translateFieldErrors(t, fields));
      else setFailure(errorText(t, error));
    }
  };

  // Typing in a field takes its refusal away (the next save checks it again).
  const set = (key: keyof typeof customer) => (e: { target: { value: string } }) => {
    setCustomer({ ...customer, [key]: e.target.value });
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  return (
    <Modal
      open
      title={t('bookings.book')}
      okText={t('bookings.confirmBooking')}
      cancelText={t('resourceEngine.cancel')}
      confirmLoading={writes.saving}
      onOk={() => void save()}
      onCancel={() => closeAsking(typed, onClose)}
      destroyOnHidden
      width={640}
    >
      <div className="bookings-dialog">
        {failure && <Alert type="error" showIcon message={failure} />}
        {withCatalogue && (
          <Field id="book-service" label={t('bookings.service')} error={errors.productId}>
            <Select
              ref={firstField}
              id="book-service"
              loading={!services}
              value={productId}
              placeholder={t('bookings.chooseService')}
              allowClear
              onChange={(v: string | undefined) => {
                setProductId(v);
                setStart(null);
                if (!v) setDuration(undefined);
              }}
              options={(services ?? []).map((s) => ({
                value: s.id,
                label: t('bookings.serviceOption', { name: s.name, minutes: s.durationMinutes }),
              }))}
            />
          </Field>
        )}
        {!productId && (
          <Field id="book-duration" label={t('bookings.duration')} error={errors.durationMinutes}>
            <Select
              ref={withCatalogue ? undefined : firstField}
              id="book-duration"
              value={duration}
              placeholder={t('bookings.chooseDuration')}
              onChange={(v: number) => {
                setDuration(v);
                setStart(null);
              }}
              options={DURATIONS.map((m) => ({ value: m, label: t('bookings.minutes', { count: m }) }))}
            />
          </Field>
        )}
        <section aria-label={t('bookings.freeSlots')}>
          <strong>{t('bookings.freeSlots')}</strong>{' '}
          <span className="bookings-muted">{t('bookings.shownIn', { zone: timeZone.replace(/_/g, ' ') })}</span>
          {!what ? (
            <p className="bookings-muted">{t('bookings.chooseFirst')}</p>
          ) : query.error ? (
            <Alert type="error" showIcon message={errorText(t, query.error)} />
          ) : !answer ? (
            <Skeleton active />
          ) : !shownDay ? (
            <Empty description={t('bookings.noFreeSlots', { days: DAYS })} />
          ) : (
            <div className="bookings-free-slots">
              <Select
                aria-label={t('bookings.day')}
                value={shownDay}
                onChange={(d: string) => {
                  setDay(d);
                  setStart(null);
                }}
                options={[...byDay.keys()].map((d) => ({ value: d, label: dayText(d) }))}
                className="bookings-day-select"
              />
              <Flex wrap gap={6} role="radiogroup" aria-label={t('bookings.startTimes')}>
                {byDay.get(shownDay)!.map((s) => (
                  <Button
                    key={s}
                    role="radio"
                    aria-checked={start === s}
                    type={start === s ? 'primary' : 'default'}
                    size="small"
                    onClick={() => setStart(s)}
                  >
                    {timeLabel(Date.parse(s), timeZone)}
                  </Button>
                ))}
              </Flex>
            </div>
          )}
          {errors.startsAt && (
            <Typography.Text type="danger" role="alert" className="bookings-error bookings-slot-error">
              {errors.startsAt}
            </Typography.Text>
          )}
        </section>
        <Field id="book-name" label={t('bookings.customerName')} error={errors.customerName}>
          <Input id="book-name" value={customer.customerName} onChange={set('customerName')} maxLength={100} />
        </Field>
        <Flex gap={12} wrap>
          <div className="bookings-email">
            <Field id="book-email" label={t('bookings.customerEmail')} error={errors.customerEmail}>
              <Input id="book-email" type="email" value={customer.customerEmail} onChange={set('customerEmail')} />
            </Field>
          </div>
          <div className="bookings-phone">
            <Field id="book-phone" label={t('bookings.customerPhone')} error={errors.customerPhone}>
              <Input id="book-phone" type="tel" value={customer.customerPhone} onChange={set('customerPhone')} />
            </Field>
          </div>
        </Flex>
        <Field id="book-notes" label={t('bookings.notes')} error={errors.notes}>
          <Input.TextArea id="book-notes" rows={2} value={customer.notes} onChange={set('notes')} maxLength={1000} />
        </Field>
      </div>
    </Modal>
  );
}
