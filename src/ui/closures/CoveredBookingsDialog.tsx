import { useState } from 'react';
import { Button, List, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CoveredBooking, CoveredChoice } from '../../domain/closures';
import { clockFor } from '../format';

/**
 * "12/24/2026 9:00 PM – 11:00 PM" (the end's date only when it is another day), at the business's
 * clock, its zone named after the span where this device's is another.
 */
function spanText(b: CoveredBooking, timeZone: string) {
  const clock = clockFor(timeZone);
  const [startDay, endDay] = [clock.date(b.startsAt), clock.date(b.endsAt)];
  const end = endDay === startDay ? clock.time(b.endsAt) : `${endDay} ${clock.time(b.endsAt)}`;
  return `${startDay} ${clock.time(b.startsAt)} – ${end}${clock.zoneSuffix(b.endsAt)}`;
}

/**
 * The question before a closure or other hours that would leave bookings outside (src/domain/closures.ts):
 * who and when, then tell them by email or keep them as they are. Either way the bookings stay;
 * going back saves nothing.
 */
export function CoveredBookingsDialog({
  affected,
  timeZone,
  onChoose,
  onCancel,
}: {
  affected: CoveredBooking[] | null;
  timeZone: string;
  onChoose: (choice: CoveredChoice) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<CoveredChoice | null>(null);
  const choose = async (choice: CoveredChoice) => {
    setBusy(choice);
    try {
      await onChoose(choice);
    } finally {
      setBusy(null);
    }
  };
  const count = affected?.length ?? 0;
  const withoutEmail = affected?.filter((b) => !b.hasEmail).length ?? 0;
  return (
    <Modal
      open={count > 0}
      title={t('closures.title', { count })}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onCancel} disabled={busy !== null}>
            {t('closures.back')}
          </Button>
          <Button onClick={() => void choose('keep')} loading={busy === 'keep'} disabled={busy === 'notify'}>
            {t('closures.keep')}
          </Button>
          <Button
            type="primary"
            onClick={() => void choose('notify')}
            loading={busy === 'notify'}
            disabled={busy === 'keep'}
          >
            {t('closures.notify')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('closures.help')}</Typography.Paragraph>
      <List
        size="small"
        bordered
        dataSource={affected ?? []}
        renderItem={(b) => (
          <List.Item extra={b.hasEmail ? null : <Tag>{t('closures.noEmail')}</Tag>}>
            <List.Item.Meta title={b.name} description={spanText(b, timeZone)} />
          </List.Item>
        )}
      />
      {withoutEmail > 0 && (
        <Typography.Paragraph type="secondary">
          {t('closures.noEmailHelp', { count: withoutEmail })}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
