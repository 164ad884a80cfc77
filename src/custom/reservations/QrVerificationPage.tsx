import { lazy, Suspense, useState } from 'react';
import { useList } from '@refinedev/core';
import { Alert, Button, Input, List, Space, Spin, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  type Admission,
  DOOR_ADMISSIONS_RESOURCE,
  DOOR_API,
  passFromTyped,
  type RedeemResult,
  type redeemResultSchema,
} from '../../domain/door/redeem';
import { errorText } from '../../providers/i18n/translate-message';
import { useApiMutation } from '../../providers/use-api';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { NoVenue } from '../../ui/venue/NoVenue';
import { useClock } from '../../ui/venue/use-clock';
import { useSelectedVenue } from '../../ui/venue/use-selected-venue';
import { DoorResultPanel } from './DoorResultPanel';
import './door.css';

const CameraScanner = lazy(() => import('./CameraScanner'));

/**
 * qr_verification: the door. A QR read by the camera, or a code or the pass link from the guest's
 * mail typed or pasted (Enter submits), goes to the server once; an empty Check clears the last
 * answer, so the next guest never sees the previous one's card; the answer fills a big panel — admitted, already used (by whom, when) or
 * refused (why) — and the night's admissions below are read again, here and live at every other
 * door of the venue. Times read the venue's clock.
 */
export default function QrVerificationPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.qr_verification'));
  const { venue, loading } = useSelectedVenue();
  const [code, setCode] = useState('');
  const [camera, setCamera] = useState(false);
  const [answer, setAnswer] = useState<RedeemResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const venueId = venue?.id ?? '';

  const clock = useClock();
  const admissions = useList<Admission>({
    resource: DOOR_ADMISSIONS_RESOURCE,
    meta: { path: DOOR_API.admissions },
    pagination: { mode: 'off' },
    filters: [{ field: 'venueId', operator: 'eq', value: venueId }],
    liveMode: 'auto',
    queryOptions: { enabled: !!venueId },
    errorNotification: false,
  });
  const recent = admissions.result.data;
  const { send, isPending } = useApiMutation<typeof redeemResultSchema>();

  const redeem = async (values: { token?: string; code?: string }, typed = false) => {
    setFailure(null);
    try {
      setAnswer(await send({ url: DOOR_API.redeem, method: 'post', values: { ...values, venueId } }));
      if (typed) setCode('');
      void admissions.query.refetch();
    } catch (error) {
      setAnswer(null);
      setFailure(errorText(t, error));
    }
  };

  if (!venue) return <NoVenue loading={loading} />;
  return (
    <PagePanel title={t('pages.qr_verification')}>
      <Space direction="vertical" size="large" className="door-page">
        <Typography.Text type="secondary">{t('door.venue', { venue: venue.name })}</Typography.Text>
        <Space wrap>
          <Button icon={<CameraOutlined />} onClick={() => setCamera((on) => !on)}>
            {camera ? t('door.cameraClose') : t('door.cameraOpen')}
          </Button>
        </Space>
        {camera && (
          <Suspense fallback={<Spin />}>
            <CameraScanner onScan={(text) => void redeem({ token: text })} />
          </Suspense>
        )}
        <Input.Search
          size="large"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onSearch={(value) => {
            const typed = passFromTyped(value);
            if (typed) return void redeem(typed, true);
            setAnswer(null);
            setFailure(null);
          }}
          enterButton={t('door.check')}
          loading={isPending}
          placeholder={t('door.codePlaceholder')}
          aria-label={t('door.codeLabel')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        {failure && <Alert type="error" showIcon message={failure} />}
        {answer && <DoorResultPanel result={answer} clock={clock} />}
        <List
          header={<Typography.Text strong>{t('door.recent')}</Typography.Text>}
          loading={admissions.query.isLoading}
          dataSource={recent}
          locale={{ emptyText: t('door.recentEmpty') }}
          renderItem={(a) => (
            <List.Item>
              <List.Item.Meta
                title={a.guestName}
                description={[
                  a.kind === 'reservation' ? t('door.party', { count: a.partySize ?? 0 }) : a.ticketType,
                  clock.dateTime(a.admittedAt),
                  a.admittedBy && t('door.by', { name: a.admittedBy }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </List.Item>
          )}
        />
      </Space>
    </PagePanel>
  );
}
