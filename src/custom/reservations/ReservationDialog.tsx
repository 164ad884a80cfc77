import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESERVATION_API } from '../../domain/reservations/api';
import { reservationSchema } from '../../domain/reservations/reservation';
import { matchMessage } from '../../domain/messages';
import { formatPhone } from '../../domain/phone';
import { venuePath } from '../../domain/venue/api';
import { translateMessage } from '../../providers/i18n/translate-message';
import type { availabilityAnswer, Reservation } from '../../domain/reservations/wire';
import { useApiQuery } from '../../providers/use-api';
import { FormError } from '../../ui/forms/FormError';
import { Select } from '../../ui/forms/Select';
import { NumberField } from '../../ui/forms/NumberField';
import type { NumberValue } from '../../ui/forms/number-text';
import { pathToName } from '../../ui/forms/schema-rules';
import { useFocusOnOpen } from '../../ui/forms/use-focus-on-open';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { newReservationStart } from './plan-time';
import { clockOf, nightInstant, showTime } from './zoned-time';

/** The suggestion's reasons that refuse the time itself rather than the tables. */
const TIME_REFUSALS: string[] = ['reservationInPast', 'reservationNightClosed', 'reservationOutsideHours'];
/** The stay's length in minutes as typed, the default stay while it is not a number. */
const minutesOf = (value: NumberValue | undefined) => (typeof value === 'number' ? value : 120);

interface Values {
  guestName: string;
  guestPhone: string;
  guestEmail: string;
  /** Numbers, or the text typed when it is not one (refused by the schema, never dropped). */
  partySize: NumberValue;
  time: string;
  durationMinutes: NumberValue;
  tableIds: string[];
  notes: string;
}

export interface ReservationDialogProps {
  venueId: string;
  day: string;
  /** The reservation to edit, or the tables a new one starts on (a table clicked on the plan). */
  editing: Reservation | null;
  startTables: string[];
  /** The time a new one starts at ('HH:mm', the instant the floor plan shows), else the opening. */
  startTime?: string;
  onClose(): void;
  onSaved(): void;
}

/**
 * Book or edit a reservation on useSaveForm (docs/architecture.md, "Forms"): the shared rules
 * checked as typed, the night's tables with the suggested one and why (the server's availability
 * answer), and the server's refusals — a table taken meanwhile, the venue closed — shown on their
 * fields.
 */
export function ReservationDialog({
  venueId,
  day,
  editing,
  startTables,
  startTime,
  onClose,
  onSaved,
}: ReservationDialogProps) {
  const { t } = useTranslation();
  const { mutateAsync } = useCustomMutation<Reservation, HttpError, unknown>();
  const save = useSaveForm<typeof reservationSchema, Values>({
    schema: reservationSchema,
    toInput: (values) => ({
      ...values,
      startsAt: startsAtOf(values.time) ?? '',
      guestEmail: values.guestEmail ?? '',
      notes: values.notes ?? '',
      tableIds: values.tableIds ?? [],
    }),
    // The schema's (and the server's) start instant is the time typed on the chosen night.
    nameOf: (path) => (path === 'startsAt' ? ['time'] : pathToName(path)),
    save: (values) =>
      mutateAsync({
        url: editing
          ? venuePath(RESERVATION_API.one, { venueId, id: editing.id })
          : venuePath(RESERVATION_API.list, { venueId }),
        method: editing ? 'put' : 'post',
        values,
        successNotification: false,
        errorNotification: false,
      }),
    onSaved: () => onSaved(),
  });
  const form = save.form;
  const partySize = Form.useWatch('partySize', form);
  const time = Form.useWatch('time', form);
  // The night the booking is on: the one on screen, changeable here (moving a booking to another date).
  const [onDay, setOnDay] = useState(day);
  const duration = Form.useWatch('durationMinutes', form);

  const { data: night } = useApiQuery<typeof availabilityAnswer>({
    url: venuePath(RESERVATION_API.availability, { venueId }),
    query: { day: onDay },
    // Another date keeps the form filled while its night loads (the form fills once, on the first).
    queryOptions: { placeholderData: keepPreviousData },
  });
  const tz = night?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const startsAtOf = (clock: string | undefined) =>
    night && /^\d{2}:\d{2}$/.test(clock ?? '')
      ? new Date(nightInstant(onDay, clock!, tz, night.night?.start ?? null)).toISOString()
      : null;
  const startsAt = startsAtOf(time);
  // Only what the rules take is asked about: text or a party of 999 is the form's to refuse.
  const askable =
    !!startsAt &&
    reservationSchema.shape.partySize.safeParse(partySize).success &&
    reservationSchema.shape.durationMinutes.safeParse(duration).success;
  const { data: asked } = useApiQuery<typeof availabilityAnswer>({
    url: venuePath(RESERVATION_API.availability, { venueId }),
    query: { day: onDay, partySize, startsAt, duration },
    queryOptions: { enabled: askable },
  });
  // A query switched off keeps its last answer: the suggestion for the party before is not shown
  // beside one the form refuses.
  const suggestion = askable ? (asked?.suggestion ?? null) : null;

  // A table taken off the floor plan since the booking was made: its id names nothing to show.
  const inPlan = (id: string) => !night || night.tables.some((x) => x.id === id);
  const tablesRemoved = !!editing && !editing.tableIds.every(inPlan);
  useEffect(() => {
    if (!night) return;
    form.setFieldsValue(
      editing
        ? {
            ...editing,
            // As the list shows it: (202) 555-0143, not the stored +12025550143.
            guestPhone: formatPhone(editing.guestPhone),
            time: clockOf(editing.startsAt, tz),
            tableIds: editing.tableIds.filter(inPlan),
          }
        : {
            guestName: '',
            guestPhone: '',
            guestEmail: '',
            partySize: 2,
            time: startTime ?? (night.night ? clockOf(newReservationStart(night.night, Date.now()), tz) : '20:00'),
            durationMinutes: 120,
            tableIds: startTables,
            notes: '',
          },
    );
    // Filled once the night is known; later answers must not undo what was typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [!!night, editing?.id]);

  const tables = (night?.tables ?? []).filter((x) => x.isAvailable);
  const nameOf = (id: string) => tables.find((x) => x.id === id)?.name ?? id;
  // A table another booking holds at the chosen time is marked, with that booking's times, and
  // cannot be picked (the server would refuse it as taken).
  const stay = startsAt
    ? { start: Date.parse(startsAt), end: Date.parse(startsAt) + minutesOf(duration) * 60_000 }
    : null;
  const holder = (table: (typeof tables)[number]) =>
    stay
      ? table.busy.find(
          (b) =>
            b.reservationId !== editing?.id && Date.parse(b.startsAt) < stay.end && Date.parse(b.endsAt) > stay.start,
        )
      : undefined;
  // A suggestion refused for the time itself (past, or the venue not open then) says so in its title.
  const timeRefused = suggestion ? TIME_REFUSALS.includes(matchMessage(suggestion.reason)?.code ?? '') : false;
  // The guest's name has the focus as the dialog opens: a keyboard user types at once.
  const nameField = useFocusOnOpen(true);
  return (
    <Modal
      open
      title={editing ? t('reservations.form.editTitle') : t('reservations.form.newTitle')}
      okText={t('reservations.form.save')}
      cancelText={t('reservations.form.close')}
      onCancel={() => save.closeAsking(onClose)}
      onOk={() => void save.submit()}
      confirmLoading={save.saving}
      destroyOnHidden
    >
      <FormError message={save.formError} />
      {night && !night.hasFloorPlan && (
        <Alert type="warning" showIcon message={t('messages.floorPlanMissing')} className="reservations-alert" />
      )}
      {tablesRemoved && (
        <Alert type="warning" showIcon message={t('reservations.tablesRemoved')} className="reservations-alert" />
      )}
      <Form {...save.formProps} requiredMark="optional">
        <Form.Item name="guestName" rules={save.rules('guestName')} label={t('reservations.fields.guestName')} required>
          <Input ref={nameField} autoComplete="off" maxLength={100} />
        </Form.Item>
        <Space wrap>
          <Form.Item
            name="guestPhone"
            rules={save.rules('guestPhone')}
            label={t('reservations.fields.guestPhone')}
            required
          >
            <Input type="tel" autoComplete="off" />
          </Form.Item>
          <Form.Item name="guestEmail" rules={save.rules('guestEmail')} label={t('reservations.fields.guestEmail')}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item
            name="partySize"
            rules={save.rules('partySize')}
            label={t('reservations.fields.partySize')}
            required
          >
            <NumberField inputMode="numeric" className="reservations-dialog-number" />
          </Form.Item>
          <Form.Item label={t('reservations.night')} htmlFor="reservation-night" required>
            <Input
              id="reservation-night"
              type="date"
              value={onDay}
              onChange={(e) => e.target.value && setOnDay(e.target.value)}
              className="reservations-dialog-night"
            />
          </Form.Item>
          <Form.Item name="time" rules={save.rules('time')} label={t('reservations.fields.time')} required>
            <Input type="time" />
          </Form.Item>
          <Form.Item
            name="durationMinutes"
            rules={save.rules('durationMinutes')}
            label={t('reservations.fields.duration')}
            required
          >
            <NumberField
              inputMode="numeric"
              addonAfter={t('reservations.minutes')}
              className="reservations-dialog-duration"
            />
          </Form.Item>
        </Space>
        <Form.Item name="tableIds" rules={save.rules('tableIds')} label={t('reservations.fields.tables')} required>
          <Select
            mode="multiple"
            options={tables.map((x) => {
              const held = holder(x);
              return {
                value: x.id,
                disabled: !!held,
                label: held
                  ? t('reservations.tableOptionBooked', {
                      name: x.name,
                      places: x.places,
                      from: showTime(held.startsAt, tz),
                      to: showTime(held.endsAt, tz),
                    })
                  : t('reservations.tableOption', { name: x.name, places: x.places }),
              };
            })}
          />
        </Form.Item>
        {suggestion && (
          <Alert
            type={suggestion.tableIds.length ? 'info' : 'warning'}
            showIcon
            className="reservations-alert"
            message={
              suggestion.tableIds.length
                ? t('reservations.suggested', { tables: suggestion.tableIds.map(nameOf).join(' + ') })
                : t(timeRefused ? 'reservations.cannotBook' : 'reservations.noSuggestion')
            }
            description={translateMessage(t, suggestion.reason)}
            action={
              suggestion.tableIds.length ? (
                <Button
                  size="small"
                  onClick={() => form.setFields([{ name: 'tableIds', value: suggestion.tableIds, errors: [] }])}
                >
                  {t('reservations.useSuggestion')}
                </Button>
              ) : undefined
            }
          />
        )}
        <Form.Item name="notes" rules={save.rules('notes')} label={t('reservations.fields.notes')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
