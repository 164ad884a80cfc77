import { useMemo, useState } from 'react';
import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Flex, Form } from 'antd';
import { Select } from '../forms/Select';
import { useTranslation } from 'react-i18next';
import { VENUE_API } from '../../domain/venue/api';
import { errorText } from '../../providers/i18n/translate-message';
import { toastSuccess } from '../../resources/engine/errors';
import { useBusinessTimeZone } from './use-business-time-zone';

/** Every IANA zone the browser knows, with the business's current one first if it is missing. */
export function zoneOptions(current: string) {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = zones.includes(current) || !current ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** The business's time zone: every hour, reservation and event of the business is read in it. */
export function TimeZoneForm() {
  const { t } = useTranslation();
  const { timeZone, query } = useBusinessTimeZone();
  const current = timeZone ?? '';
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync, mutation } = useCustomMutation();
  const options = useMemo(() => zoneOptions(current), [current]);
  const value = chosen ?? current;

  const save = async () => {
    setFailure(null);
    try {
      await mutateAsync({
        url: VENUE_API.timeZone,
        method: 'patch',
        values: { timeZone: value },
        successNotification: false,
        errorNotification: false,
      });
      await query.refetch();
      setChosen(null);
      toastSuccess(t('venue.timeZoneSaved'));
    } catch (error) {
      setFailure(errorText(t, error));
    }
  };

  return (
    <section aria-labelledby="time-zone-title" style={{ maxWidth: 720 }}>
      <h2 id="time-zone-title" style={{ fontSize: 18, margin: '0 0 4px' }}>
        {t('venue.timeZone')}
      </h2>
      <p style={{ marginTop: 0, opacity: 0.75 }}>{t('venue.timeZoneHelp')}</p>
      {query.error && <Alert type="error" showIcon message={errorText(t, query.error)} style={{ marginBottom: 12 }} />}
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" onFinish={save}>
        <Form.Item label={t('venue.timeZone')} htmlFor="business-time-zone">
          <Flex gap={8} wrap>
            <Select
              id="business-time-zone"
              showSearch
              value={value || undefined}
              onChange={setChosen}
              options={options}
              loading={query.isLoading}
              style={{ minWidth: 260, flex: '1 1 260px' }}
            />
            <Button
              type="primary"
              htmlType="submit"
              loading={mutation.isPending}
              disabled={!chosen || chosen === current}
            >
              {t('venue.saveTimeZone')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    </section>
  );
}
