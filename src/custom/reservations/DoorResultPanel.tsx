import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { theme, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DoorPass, RedeemResult } from '../../domain/door/redeem';
import type { Clock } from '../../ui/format';

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
 * A pass for another of the venue's nights, said by what it means: "This pass is for Friday
 * night, 11/27/2026, from 8:00 PM", or that its night is over. The weekday is the night's name
 * (src/domain/venue/venue-night.ts), in the reader's language; times are the venue's.
 */
function nightRefusal(t: TFunction, language: string, night: NonNullable<RedeemResult['night']>, clock: Clock) {
  const [y, m, d] = night.day.split('-');
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${night.day}T12:00:00Z`),
  );
  const time = clock.time(night.from);
  return t(night.over ? 'door.reasons.nightOver' : 'door.reasons.wrongNight', {
    weekday,
    date: `${m}/${d}/${y}`,
    time,
    // The clock hour picks the article in Spanish: "desde la 1:00 AM", "desde las 8:00 PM".
    count: Number.parseInt(time, 10),
  });
}

/**
 * The door's answer as one big panel a doorman reads at a glance: the state in words (not only
 * colour), then who, and for a used pass who admitted it and when, for a refusal why.
 */
export function DoorResultPanel({ result, clock }: { result: RedeemResult; clock: Clock }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const Icon = ICONS[result.state];
  // The theme's own status colours, so the panel reads as well in the dark theme.
  const tone = TONES[result.state];
  const colour = token[`color${tone}`];
  let detail: string | null = null;
  if (result.state === 'alreadyUsed')
    detail = t('door.usedBy', {
      name: result.admittedBy ?? t('door.someone'),
      when: result.admittedAt ? clock.dateTime(result.admittedAt) : '',
    });
  if (result.state === 'refused' && result.reason)
    detail = result.night ? nightRefusal(t, i18n.language, result.night, clock) : t(`door.reasons.${result.reason}`);
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
