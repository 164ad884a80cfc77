import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rescheduleSchema } from '../../domain/bookings/rules';
import { formatPhone } from '../../domain/phone';
import { fieldErrors } from '../../domain/schemas/common';
import { isApiError } from '../../providers/http';
import { errorText, translateFieldErrors } from '../../providers/i18n/translate-message';
import { toastSuccess } from '../../resources/engine/errors';
import { useBookingWrites, type BookingRow } from './bookings-api';
import { clockOf, dayLabel, instantAt, minutesOf, timeLabel, zonedDay } from './business-time';
import { closeAsking, useUnsavedChanges } from '../../ui/forms/unsaved-changes';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './bookings.css';

/**
 * One booking: its details, a new date and time typed on the business clock (the keyboard's and
 * the phone's way to reschedule, beside dragging), and cancelling behind a confirmation.
 */
export function BookingDrawer({
  booking,
  timeZone,
  onClose,
}: {
  booking: BookingRow;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const writes = useBookingWrites();
  const start = Date.parse(booking.startsAt);
  const length = Date.parse(booking.endsAt) - start;
  const [day, setDay] = useState(zonedDay(start, timeZone));
  const [clock, setClock] = useState(clockOf(minutesOf(start, timeZone)));
  // A new day or time typed and not moved to is unsaved work: ✕, Esc, the mask or leaving the
  // page asks first, as the book dialog does.
  const moved = day !== zonedDay(start, timeZone) || clock !== clockOf(minutesOf(start, timeZone));
  useUnsavedChanges(moved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const cancelled = booking.status === 'cancelled';

  const reschedule = async () => {
    setFailure(null);
    const minutes = /^\d{2}:\d{2}$/.test(clock) ? Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3)) : NaN;
    const startsAt =
      /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(minutes) ? instantAt(day, minutes, timeZone) : NaN;
    const input = Number.isNaN(startsAt)
      ? { startsAt: '', endsAt: '' }
      : { startsAt: new Date(startsAt).toISOString(), endsAt: new Date(startsAt + length).toISOString() };
    const checked = rescheduleSchema.safeParse(input);
    if (!checked.success) return setErrors(translateFieldErrors(t, fieldErrors(checked.error)));
    setErrors({});
    try {
      await writes.reschedule(booking.id, checked.data);
      toastSuccess(t('bookings.moved'));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.errors : {};
      if (Object.keys(fields).length && !(isApiError(error) && error.status === 409))
        setErrors(translateFieldErrors(t, fields as Record<string, string>));
      else setFailure(errorText(t, error));
    }
  };

  const cancel = async () => {
    try {
      await writes.cancel(booking.id);
      toastSuccess(t('bookings.cancelledToast'));
      onClose();
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  return (
    <Drawer open onClose={() => closeAsking(moved, onClose)} title={booking.customerName} width={420} destroyOnHidden>
      <div className="bookings-drawer">
        {failure && <Alert type="error" showIcon message={failure} />}
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('bookings.when')}>
            {dayLabel(zonedDay(start, timeZone))} {timeLabel(start, timeZone)} –{' '}
            {timeLabel(Date.parse(booking.endsAt), timeZone)}
          </Descriptions.Item>
          <Descriptions.Item label={t('bookings.status')}>
            <Tag color={cancelled ? 'default' : 'green'}>{t(`bookings.statuses.${booking.status}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('bookings.service')}>
            {booking.productName ?? t('bookings.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('bookings.customerEmail')}>{booking.customerEmail || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('bookings.customerPhone')}>
            {formatPhone(booking.customerPhone) || '—'}
          </Descriptions.Item>
          {/* Not `notes && …`: an empty note is '', which Descriptions drew as an empty last row. */}
          {booking.notes ? <Descriptions.Item label={t('bookings.notes')}>{booking.notes}</Descriptions.Item> : null}
        </Descriptions>
        {!cancelled && (
          <section aria-labelledby="reschedule-title" className="bookings-reschedule">
            <h3 id="reschedule-title">{t('bookings.reschedule')}</h3>
            <span className="bookings-muted">{t('bookings.shownIn', { zone: timeZone.replace(/_/g, ' ') })}</span>
            <Flex gap={8} wrap>
              <label htmlFor="move-day" className="bookings-field">
                <span>{t('bookings.day')}</span>
                <Input id="move-day" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
              </label>
              <label htmlFor="move-time" className="bookings-field">
                <span>{t('bookings.startTime')}</span>
                <Input id="move-time" type="time" step={900} value={clock} onChange={(e) => setClock(e.target.value)} />
              </label>
            </Flex>
            {(errors.startsAt || errors.endsAt) && (
              <Typography.Text type="danger" role="alert" className="bookings-error">
                {errors.startsAt ?? errors.endsAt}
              </Typography.Text>
            )}
            <Flex gap={8} wrap>
              <Button type="primary" loading={writes.saving} onClick={() => void reschedule()}>
                {t('bookings.moveButton')}
              </Button>
              <SteadyPopconfirm
                title={t('bookings.cancelConfirm')}
                okText={t('bookings.cancelBooking')}
                cancelText={t('bookings.keep')}
                okButtonProps={{ danger: true }}
                onConfirm={() => cancel()}
              >
                <Button danger>{t('bookings.cancelBooking')}</Button>
              </SteadyPopconfirm>
            </Flex>
          </section>
        )}
      </div>
    </Drawer>
  );
}
