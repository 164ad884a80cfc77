import { useState } from 'react';
import { Alert, Button, Flex, Skeleton, theme } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TimeSlot } from '../../domain/availability/rules';
import { errorText } from '../../providers/i18n/translate-message';
import { toastError, toastSuccess } from '../../resources/engine/errors';
import { weekdayNames } from '../../ui/venue/time-text';
import { useAvailabilityWrites, useTimeSlots } from './availability-api';
import { rangeLabel } from './clock-text';
import { SlotDialog, type SlotDraft } from './SlotDialog';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './availability.css';

/** Monday first, as a working week reads; the API numbers days 0 Sunday … 6 Saturday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** The weekly hours: each day's slots with their breaks, added, changed and removed one by one. */
export function WeeklySlotsSection() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { slots, query } = useTimeSlots();
  const writes = useAvailabilityWrites();
  const [draft, setDraft] = useState<SlotDraft | null>(null);
  const days = weekdayNames(i18n.language);

  const remove = async (slot: TimeSlot) => {
    try {
      await writes.removeSlot(slot.id);
      toastSuccess(t('availability.slotRemoved'));
    } catch (error) {
      toastError(t, error);
    }
  };

  return (
    <section aria-labelledby="weekly-title">
      <Flex justify="space-between" align="center" wrap gap={8} className="availability-weekly-head">
        <h2 id="weekly-title" className="availability-title">
          {t('availability.weekly')}
        </h2>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setDraft({ dayOfWeek: 1, start: '09:00', end: '17:00', breaks: [] })}
        >
          {t('availability.addSlot')}
        </Button>
      </Flex>
      <p className="availability-help availability-weekly-help">{t('availability.weeklyHelp')}</p>
      {query.error ? (
        <Alert type="error" showIcon message={errorText(t, query.error)} />
      ) : !slots ? (
        <Skeleton active />
      ) : (
        <ul aria-label={t('availability.weekly')} className="availability-week">
          {WEEK.map((day) => {
            const ofDay = slots.filter((s) => s.dayOfWeek === day);
            return (
              <li key={day} aria-label={days[day]} style={{ borderColor: token.colorBorderSecondary }}>
                <strong>{days[day]}</strong>
                <div className="availability-day-slots">
                  {ofDay.length === 0 && (
                    <span style={{ color: token.colorTextSecondary }}>{t('availability.closed')}</span>
                  )}
                  {ofDay.map((slot) => (
                    <Flex key={slot.id} gap={4} align="center" wrap>
                      <span>
                        {rangeLabel(slot)}
                        {slot.breaks.length > 0 && (
                          <span style={{ color: token.colorTextSecondary }}>
                            {' · '}
                            {t('availability.breakList', { breaks: slot.breaks.map(rangeLabel).join(', ') })}
                          </span>
                        )}
                      </span>
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined aria-hidden />}
                        aria-label={t('availability.editSlotOf', { day: days[day], range: rangeLabel(slot) })}
                        onClick={() => setDraft({ ...slot, breaks: [...slot.breaks] })}
                      />
                      <SteadyPopconfirm
                        title={t('availability.removeSlotConfirm')}
                        okText={t('availability.remove')}
                        cancelText={t('resourceEngine.cancel')}
                        onConfirm={() => remove(slot)}
                      >
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={t('availability.removeSlotOf', { day: days[day], range: rangeLabel(slot) })}
                        />
                      </SteadyPopconfirm>
                    </Flex>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {draft && slots && (
        <SlotDialog
          draft={draft}
          slots={slots}
          saving={writes.saving}
          onSave={async (input, id) => {
            await writes.saveSlot(input, id);
            toastSuccess(t('availability.slotSaved'));
          }}
          onClose={() => setDraft(null)}
        />
      )}
    </section>
  );
}
