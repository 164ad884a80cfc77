import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DoorPass, RedeemResult } from '../../domain/door/redeem';
import { formatZonedDate, formatZonedDateTime } from '../../domain/venue/zoned-format';

const ICONS = { admitted: CheckCircleFilled, alreadyUsed: ExclamationCircleFilled, refused: CloseCircleFilled };
const TONES = { admitted: 'Success', alreadyUsed: 'Warning', refused: 'Error' } as const;

/** Who the pass is for: the guest and their party, or their ticket type and event. */
export function PassLine({ pass }: { pass: DoorPass }) {
  const { t } = useTranslation();
  const detail =
    pass.kind === 'reservation'
      ? t('door.party', { count: pass.partySize ?? 0 })
      : [pass.ticketType, pass.eventName].filter(Boolean).join(' · ');
  return (
    <Typography.Text className="door-pass-line">
      <strong>{pass.guestName}</strong> — {detail}
    </Typography.Text>
  );
}

/**
 * The door's answer as one big panel a doorman reads at a glance: the state in words (not only
 * colour), then who, and for a used pass who admitted it and when, for a refusal why.
 */
export function DoorResultPanel({ result, timeZone }: { result: RedeemResult; timeZone: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const Icon = ICONS[result.state];
  // The theme's own status colours, so the panel reads as well in the dark theme.
  const tone = TONES[result.state];
  const colour = token[`color${tone}`];
  let detail: string | null = null;
  if (result.state === 'alreadyUsed')
    detail = t('door.usedBy', {
      name: result.admittedBy ?? t('door.someone'),
      when: result.admittedAt ? formatZonedDateTime(result.admittedAt, timeZone) : '',
    });
  if (result.state === 'refused' && result.reason)
    detail = t(`door.reasons.${result.reason}`, {
      date: result.pass ? formatZonedDate(result.pass.startsAt, timeZone) : '',
    });
  return (
    <div
      role="status"
      aria-live="assertive"
      data-testid="door-result"
      data-state={result.state}
      className="door-result"
      style={{ border: `3px solid ${colour}`, background: token[`color${tone}Bg`], color: colour }}
    >
      <Icon aria-hidden className="door-result-icon" />
      <div className="door-result-body">
        <Typography.Title level={2} className="door-result-state">
          {t(`door.states.${result.state}`)}
        </Typography.Title>
        {result.pass && <PassLine pass={result.pass} />}
        {detail && <Typography.Paragraph className="door-result-detail">{detail}</Typography.Paragraph>}
      </div>
    </div>
  );
}
