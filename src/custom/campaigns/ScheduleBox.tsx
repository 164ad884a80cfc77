import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Radio, Space, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_API } from '../../domain/campaigns/api';
import { minutesOf, scheduleSchemaIn, TIME_OF_DAY, type ScheduleInput } from '../../domain/campaigns/rules';
import { clockText, placeOfZone, wallTimeIn } from '../../domain/campaigns/wall-clock';
import { isCalendarDay } from '../../domain/calendar-day';
import type { campaignRow, CampaignRow } from '../../domain/campaigns/wire';
import { isApiError } from '../../providers/http';
import { errorText } from '../../providers/i18n/translate-message';
import { showToast } from '../../providers/notification/toast-bus';
import { useApiMutation } from '../../providers/use-api';
import { FormError } from '../../ui/forms/FormError';
import { useSaveForm } from '../../ui/forms/use-save-form';
import { apiPath } from './campaigns-api';
import { DateField } from './DateField';

type Values = { mode: 'now' | 'at'; date?: string; time?: string };

/**
 * Send now, or at a date and time in the business's time zone. The server checks the rest (a
 * past time, an empty audience, a contact a variable has no value for) and its message lands here.
 */
export function ScheduleBox(props: {
  campaignId: string;
  /** The draft's `updatedAt` as this page shows it: saved since from another tab, the server answers 409. */
  updatedAt: string;
  timeZone: string;
  onScheduled: () => Promise<unknown>;
  /**
   * Refused with 409: the campaign moved on meanwhile (another tab scheduled, sent or changed it);
   * the page reads it again and shows what it now is.
   */
  onMovedOn: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const mutation = useApiMutation<typeof campaignRow>();
  const [mode, setMode] = useState<Values['mode']>('now');
  // The business's zone: a time its clocks skip is refused here as on the server (wall-clock.ts).
  const schema = useMemo(() => scheduleSchemaIn(props.timeZone), [props.timeZone]);
  const save = useSaveForm<typeof schema, Values, CampaignRow>({
    schema,
    initialValues: { mode: 'now' },
    save: (data: ScheduleInput) =>
      mutation
        .send({
          url: apiPath(CAMPAIGN_API.schedule, props.campaignId),
          method: 'post',
          values: { ...data, updatedAt: props.updatedAt },
        })
        .catch((error: unknown) => {
          // The box goes once the campaign is read again as no longer a draft: the message stays as a toast.
          if (isApiError(error) && error.status === 409) {
            showToast({ kind: 'message', type: 'error', content: errorText(t, error) });
            void props.onMovedOn();
          }
          throw error;
        }),
    success: (data) => t(data.mode === 'now' ? 'campaigns.schedule.sending' : 'campaigns.schedule.scheduled'),
    toastKey: 'campaign-scheduled',
    onSaved: () => void props.onScheduled(),
  });
  const date = Form.useWatch('date', save.form);
  const time = Form.useWatch('time', save.form);
  // A time the clocks show twice (fall back) goes at the first: said before it is scheduled.
  const twice = useMemo(() => {
    if (mode !== 'at' || !date || !isCalendarDay(date) || !time || !TIME_OF_DAY.test(time)) return null;
    const wall = wallTimeIn(date, minutesOf(time), props.timeZone);
    return wall.kind === 'twice' ? wall : null;
  }, [mode, date, time, props.timeZone]);

  return (
    <section aria-label={t('campaigns.schedule.title')} className="cm-box">
      <Typography.Title level={5}>{t('campaigns.schedule.title')}</Typography.Title>
      <FormError message={save.formError} />
      <Form {...save.formProps} aria-label={t('campaigns.schedule.title')}>
        <Form.Item name="mode">
          <Radio.Group onChange={(e) => setMode(e.target.value as Values['mode'])}>
            <Radio value="now">{t('campaigns.schedule.now')}</Radio>
            <Radio value="at">{t('campaigns.schedule.at')}</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'at' && (
          <Space wrap align="start">
            <Form.Item name="date" label={t('campaigns.schedule.date')} htmlFor="cm-date" rules={save.rules('date')}>
              <DateField id="cm-date" label={t('campaigns.schedule.date')} />
            </Form.Item>
            <Form.Item name="time" label={t('campaigns.schedule.time')} htmlFor="cm-time" rules={save.rules('time')}>
              <Input id="cm-time" type="time" />
            </Form.Item>
          </Space>
        )}
        {mode === 'at' && <p className="cm-muted">{t('campaigns.schedule.zone', { zone: props.timeZone })}</p>}
        {twice && time && (
          <Alert
            type="info"
            showIcon
            className="cm-gap"
            data-testid="schedule-twice"
            message={t('campaigns.schedule.twice', {
              time: clockText(minutesOf(time)),
              place: placeOfZone(props.timeZone),
              from: clockText(twice.from),
              to: clockText(twice.to),
            })}
          />
        )}
        {/* The button says what pressing it does: with "Send now" chosen, "Schedule" read as if
            nothing would go out yet, and it mailed the whole audience at once. */}
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={save.saving}>
          {t(mode === 'now' ? 'campaigns.schedule.sendNow' : 'campaigns.schedule.confirm')}
        </Button>
      </Form>
    </section>
  );
}
