import { useState } from 'react';
import { Alert, Button, Flex, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WeeklyHours } from '../../domain/venue/opening-hours';
import { scheduleSchema } from '../../domain/venue/schedule';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { isApiError } from '../../providers/http';
import { toastSuccess } from '../../resources/engine/errors';
import { useUnsavedChanges } from '../../ui/forms/unsaved-changes';
import { fromInputTime, toInputTime, weekdayNames } from '../../ui/venue/time-text';
import './venue.css';

/** Monday first: the week a venue plans in. */
const ORDER = [1, 2, 3, 4, 5, 6, 0];

interface Row {
  open: boolean;
  opens: string;
  closes: string;
}

const rowsFrom = (hours: readonly WeeklyHours[]): Record<number, Row> =>
  Object.fromEntries(
    ORDER.map((weekday) => {
      const h = hours.find((x) => x.weekday === weekday);
      return [
        weekday,
        h
          ? { open: true, opens: toInputTime(h.opensAt), closes: toInputTime(h.closesAt) }
          : { open: false, opens: '20:00', closes: '02:00' },
      ];
    }),
  );

/**
 * The week's opening hours, one row a day: open or closed, opening and closing time. A closing
 * time not after the opening one means the night passes midnight, and the row says so. Checked
 * with the server's own rules; the whole week is saved at once. Changed and not saved, it is
 * unsaved work: leaving the page asks first.
 */
export function WeeklyHoursForm({
  hours,
  saving,
  onSave,
}: {
  hours: readonly WeeklyHours[];
  saving: boolean;
  onSave: (hours: WeeklyHours[]) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const names = weekdayNames(i18n.language);
  const [rows, setRows] = useState(() => rowsFrom(hours));
  // The week as last saved: a change from it is unsaved work, and leaving the page asks first.
  const [savedRows, setSavedRows] = useState(rows);
  useUnsavedChanges(JSON.stringify(rows) !== JSON.stringify(savedRows));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (weekday: number, patch: Partial<Row>) =>
    setRows((r) => ({ ...r, [weekday]: { ...r[weekday]!, ...patch } }));

  const save = async () => {
    setFailure(null);
    const open = ORDER.filter((d) => rows[d]!.open);
    const week = open.map((weekday) => ({
      weekday,
      opensAt: fromInputTime(rows[weekday]!.opens) ?? -1,
      closesAt: fromInputTime(rows[weekday]!.closes) ?? -1,
    }));
    const rowError = (path: string, message: string) => {
      const [, index, field] = path.split('.');
      const day = week[Number(index)]?.weekday;
      return day === undefined ? ['form', message] : [`${day}.${field}`, message];
    };
    const checked = scheduleSchema.safeParse({ hours: week });
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((i) => rowError(i.path.join('.'), translateMessage(t, i.message)))),
      );
      return;
    }
    setErrors({});
    try {
      await onSave(checked.data.hours);
      setSavedRows(rows);
      toastSuccess(t('venue.hoursSaved'));
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.errors) : [];
      if (fields.length)
        setErrors(Object.fromEntries(fields.map(([path, text]) => rowError(path, translateMessage(t, String(text))))));
      else setFailure(errorText(t, error));
    }
  };

  return (
    <section aria-labelledby="weekly-hours-title">
      <h2 id="weekly-hours-title" className="venue-section-title">
        {t('venue.weeklyHours')}
      </h2>
      <p className="venue-section-help">{t('venue.weeklyHoursHelp')}</p>
      {failure && <Alert type="error" showIcon message={failure} className="venue-alert" />}
      {errors.form && <Alert type="error" showIcon message={errors.form} className="venue-alert" />}
      <div role="table" aria-labelledby="weekly-hours-title" className="venue-week">
        {ORDER.map((weekday) => {
          const row = rows[weekday]!;
          const opens = fromInputTime(row.opens);
          const closes = fromInputTime(row.closes);
          const overnight = row.open && opens !== null && closes !== null && closes < opens;
          const fieldError = errors[`${weekday}.opensAt`] ?? errors[`${weekday}.closesAt`];
          return (
            <div role="row" key={weekday} className="venue-week__row">
              <span role="rowheader" className="venue-week__day">
                {names[weekday]}
              </span>
              <span role="cell">
                <Switch
                  checked={row.open}
                  onChange={(open) => set(weekday, { open })}
                  checkedChildren={t('venue.open')}
                  unCheckedChildren={t('venue.closed')}
                  aria-label={t('venue.openOn', { day: names[weekday] })}
                />
              </span>
              {row.open && (
                <span role="cell" className="venue-week__hours">
                  <Input
                    type="time"
                    value={row.opens}
                    onChange={(e) => set(weekday, { opens: e.target.value })}
                    aria-label={t('venue.opensOn', { day: names[weekday] })}
                    status={errors[`${weekday}.opensAt`] ? 'error' : undefined}
                    className="venue-time"
                  />
                  <span aria-hidden>–</span>
                  <Input
                    type="time"
                    value={row.closes}
                    onChange={(e) => set(weekday, { closes: e.target.value })}
                    aria-label={t('venue.closesOn', { day: names[weekday] })}
                    status={errors[`${weekday}.closesAt`] ? 'error' : undefined}
                    className="venue-time"
                  />
                  {overnight && <Typography.Text type="secondary">{t('venue.nextDay')}</Typography.Text>}
                </span>
              )}
              {fieldError && (
                <Typography.Text type="danger" role="alert" className="venue-week__error">
                  {fieldError}
                </Typography.Text>
              )}
            </div>
          );
        })}
      </div>
      <Flex className="venue-week__save">
        <Button type="primary" onClick={save} loading={saving}>
          {t('venue.saveHours')}
        </Button>
      </Flex>
    </section>
  );
}
