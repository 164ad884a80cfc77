import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { Select } from '../../ui/forms/Select';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BREAKS_MAX,
  overlappingSlot,
  timeSlotSchema,
  type ClockRange,
  type TimeSlot,
  type TimeSlotInput,
} from '../../domain/availability/rules';
import { MESSAGES } from '../../domain/messages';
import { fieldErrors } from '../../domain/schemas/common';
import { isApiError } from '../../providers/http';
import { errorText, translateFieldErrors } from '../../providers/i18n/translate-message';
import { closeAsking, useUnsavedChanges } from '../../ui/forms/unsaved-changes';
import { weekdayNames } from '../../ui/venue/time-text';
import type { FieldErrorMap } from './clock-text';
import './availability.css';

export interface SlotDraft {
  id?: string;
  dayOfWeek: number;
  start: string;
  end: string;
  breaks: ClockRange[];
}

/** A time input with its label and the error under it. */
function TimeField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  return (
    <label htmlFor={id} className="availability-field">
      <span>{label}</span>
      <Input
        id={id}
        type="time"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        status={error ? 'error' : undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        className="availability-time"
      />
      {error && (
        <Typography.Text
          type="danger"
          id={`${id}-error`}
          role="alert"
          className="availability-error availability-slot-error"
        >
          {error}
        </Typography.Text>
      )}
    </label>
  );
}

/**
 * Add or change one weekly slot: its day, start and end, and breaks inside it. The rules are the
 * server's (src/domain/availability/rules.ts), checked here first, with the overlap rule run
 * against the slots the page shows; what the server still refuses lands on the same fields.
 */
export function SlotDialog({
  draft: initial,
  slots,
  saving,
  onSave,
  onClose,
}: {
  draft: SlotDraft;
  slots: readonly TimeSlot[];
  saving: boolean;
  onSave: (input: TimeSlotInput, id?: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [failure, setFailure] = useState<string | null>(null);
  const days = weekdayNames(i18n.language);
  // A changed day, time or break is unsaved work: closing or leaving asks first.
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);
  useUnsavedChanges(changed);
  const setBreak = (i: number, patch: Partial<ClockRange>) =>
    setDraft({ ...draft, breaks: draft.breaks.map((b, j) => (j === i ? { ...b, ...patch } : b)) });

  const save = async () => {
    setFailure(null);
    const { id, ...input } = draft;
    const checked = timeSlotSchema.safeParse(input);
    if (!checked.success) return setErrors(translateFieldErrors(t, fieldErrors(checked.error)));
    if (overlappingSlot(checked.data, slots, id))
      return setErrors(translateFieldErrors(t, { start: MESSAGES.slotOverlaps }));
    setErrors({});
    try {
      await onSave(checked.data, id);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.errors : {};
      if (Object.keys(fields).length) setErrors(translateFieldErrors(t, fields as FieldErrorMap));
      else setFailure(errorText(t, error));
    }
  };

  return (
    <Modal
      open
      title={draft.id ? t('availability.editSlot') : t('availability.addSlot')}
      okText={t('availability.save')}
      cancelText={t('resourceEngine.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={() => closeAsking(changed, onClose)}
      destroyOnHidden
    >
      <div className="availability-dialog">
        {failure && <Alert type="error" showIcon message={failure} />}
        <label htmlFor="slot-day" className="availability-field">
          <span>{t('availability.day')}</span>
          <Select
            id="slot-day"
            value={draft.dayOfWeek}
            onChange={(dayOfWeek) => setDraft({ ...draft, dayOfWeek })}
            options={days.map((label, value) => ({ value, label }))}
            status={errors.dayOfWeek ? 'error' : undefined}
            className="availability-day"
          />
        </label>
        <Flex gap={16} wrap>
          <TimeField
            id="slot-start"
            label={t('availability.start')}
            value={draft.start}
            error={errors.start}
            onChange={(start) => setDraft({ ...draft, start })}
          />
          <TimeField
            id="slot-end"
            label={t('availability.end')}
            value={draft.end}
            error={errors.end}
            onChange={(end) => setDraft({ ...draft, end })}
          />
        </Flex>
        <fieldset className="availability-breaks">
          <legend>{t('availability.breaks')}</legend>
          {draft.breaks.length === 0 && <span className="availability-muted">{t('availability.noBreaks')}</span>}
          {draft.breaks.map((b, i) => (
            <Flex key={i} gap={16} wrap align="start">
              <TimeField
                id={`break-${i}-start`}
                label={t('availability.breakStart', { n: i + 1 })}
                value={b.start}
                error={errors[`breaks.${i}.start`]}
                onChange={(start) => setBreak(i, { start })}
              />
              <TimeField
                id={`break-${i}-end`}
                label={t('availability.breakEnd', { n: i + 1 })}
                value={b.end}
                error={errors[`breaks.${i}.end`]}
                onChange={(end) => setBreak(i, { end })}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('availability.removeBreak', { n: i + 1 })}
                className="availability-remove-break"
                onClick={() => setDraft({ ...draft, breaks: draft.breaks.filter((_, j) => j !== i) })}
              />
            </Flex>
          ))}
          {draft.breaks.length < BREAKS_MAX && (
            <Button
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setDraft({ ...draft, breaks: [...draft.breaks, { start: '12:00', end: '13:00' }] })}
              className="availability-start"
            >
              {t('availability.addBreak')}
            </Button>
          )}
        </fieldset>
      </div>
    </Modal>
  );
}
