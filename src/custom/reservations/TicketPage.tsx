import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, Result, Skeleton, Tag, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DOOR_API, type PublicPass } from '../../domain/door/redeem';
import { clockFor } from '../../ui/format';
import { formatPassCode } from '../../domain/reservations/pass-code';
import { http, isApiError } from '../../providers/http';
import { errorText } from '../../providers/i18n/translate-message';
import { useDocumentTitle } from '../../ui/use-document-title';
import { AuthShell } from '../../ui/shell/AuthShell';
import './door.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'pass'; pass: PublicPass };

const STATUS_COLOURS = { valid: 'green', used: 'gold', cancelled: 'red' } as const;

/**
 * /ticket/:token — the guest's pass (no sign-in): the QR the door scans, the code to type when
 * a screen will not scan, and what it is for. The QR carries this page's own link, so a phone
 * camera opens it and the door's reader takes the token from it. Printable.
 */
export default function TicketPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [qr, setQr] = useState<string | null>(null);
  useDocumentTitle(t('door.ticket.title'));

  useEffect(() => {
    let live = true;
    http
      .get<PublicPass>(`${DOOR_API.publicPass}/${encodeURIComponent(token)}`)
      .then(({ data }) => live && setState({ kind: 'pass', pass: data }))
      .catch((error: unknown) => {
        if (!live) return;
        if (isApiError(error) && (error.status === 404 || error.status === 400)) setState({ kind: 'missing' });
        else setState({ kind: 'error', message: errorText(t, error) });
      });
    // The QR library loads only on this page.
    import('qrcode')
      .then((qrcode) =>
        qrcode.toDataURL(window.location.href.split(/[?#]/)[0]!, { errorCorrectionLevel: 'M', margin: 2, width: 320 }),
      )
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [token, t]);

  let body;
  if (state.kind === 'loading') body = <Skeleton active />;
  else if (state.kind === 'missing') body = <Result status="404" title={t('messages.passNotFound')} />;
  else if (state.kind === 'error') body = <Result status="error" title={state.message} />;
  else {
    const { pass } = state;
    body = (
      <Card className="door-ticket">
        <Typography.Title level={3} className="door-ticket-venue">
          {pass.venueName}
        </Typography.Title>
        {pass.eventName && <Typography.Title level={4}>{pass.eventName}</Typography.Title>}
        <Tag color={STATUS_COLOURS[pass.status]} className="door-ticket-status">
          {t(`door.ticket.status.${pass.status}`)}
        </Tag>
        {pass.status !== 'cancelled' && qr && (
          <div className="door-ticket-qr">
            <img src={qr} alt={t('door.ticket.qrAlt')} width={260} height={260} />
          </div>
        )}
        <Typography.Text type="secondary">{t('door.ticket.code')}</Typography.Text>
        <div data-testid="pass-code" className="door-ticket-code">
          {formatPassCode(pass.code)}
        </div>
        <Typography.Paragraph className="door-ticket-guest">
          <strong>{pass.guestName}</strong>
          <br />
          {clockFor(pass.timeZone).dateTime(pass.startsAt)}
          <br />
          {pass.kind === 'reservation' ? t('door.party', { count: pass.partySize ?? 0 }) : pass.ticketType}
        </Typography.Paragraph>
        {pass.admittedAt && (
          <Typography.Paragraph type="secondary">
            {t('door.ticket.admittedAt', { when: clockFor(pass.timeZone).dateTime(pass.admittedAt) })}
          </Typography.Paragraph>
        )}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} className="no-print">
          {t('door.ticket.print')}
        </Button>
      </Card>
    );
  }
  return <AuthShell>{body}</AuthShell>;
}
