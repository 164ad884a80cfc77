import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Availability, Reservation } from '../../domain/reservations/wire';
import { showTime } from './zoned-time';

/**
 * The night as one row per table: each reservation a bar across its hours, so gaps are free
 * time. Drawn from the night's reservations list (live) over the availability answer's span.
 */
export function DayTimeline({
  availability,
  reservations,
  onOpen,
}: {
  availability: Availability;
  reservations: Reservation[];
  onOpen(r: Reservation): void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const span = availability.night ?? availability.window;
  const start = Date.parse(span.start);
  const length = Date.parse(span.end) - start;
  const pct = (ms: number) => `${Math.max(0, Math.min(100, ((ms - start) / length) * 100))}%`;
  const holding = reservations.filter((r) => r.status === 'booked' || r.status === 'seated' || r.status === 'paid');
  const hours: number[] = [];
  for (let h = Math.ceil(start / 3_600_000) * 3_600_000; h < start + length; h += 3_600_000) hours.push(h);
  const colors = { booked: token.colorPrimaryBg, seated: token.colorWarningBg, paid: token.colorSuccessBg };
  return (
    <div role="table" aria-label={t('reservations.views.day')} style={{ overflowX: 'auto' }}>
      <div
        role="row"
        style={{ display: 'flex', minWidth: 640, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}
      >
        <div style={{ width: 90 }} />
        <div style={{ position: 'relative', flex: 1, height: 20 }}>
          {hours.map((h) => (
            <span key={h} style={{ position: 'absolute', left: pct(h) }}>
              {showTime(h, availability.timeZone)}
            </span>
          ))}
        </div>
      </div>
      {availability.tables.map((table) => (
        <div
          role="row"
          key={table.id}
          style={{
            display: 'flex',
            minWidth: 640,
            alignItems: 'center',
            borderTop: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <div role="rowheader" style={{ width: 90, padding: '6px 0' }}>
            {t('reservations.tableOption', { name: table.name, places: table.places })}
          </div>
          <div role="cell" style={{ position: 'relative', flex: 1, height: 36 }}>
            {holding
              .filter((r) => r.tableIds.includes(table.id))
              .map((r) => (
                <Tooltip
                  key={r.id}
                  title={`${showTime(r.startsAt, availability.timeZone)} – ${showTime(r.endsAt, availability.timeZone)} · ${r.guestName} (${r.partySize})`}
                >
                  <button
                    type="button"
                    onClick={() => onOpen(r)}
                    style={{
                      position: 'absolute',
                      top: 4,
                      bottom: 4,
                      left: pct(Date.parse(r.startsAt)),
                      width: `calc(${pct(Date.parse(r.endsAt))} - ${pct(Date.parse(r.startsAt))})`,
                      background: colors[r.status as keyof typeof colors],
                      border: `1px solid ${token.colorBorder}`,
                      borderRadius: token.borderRadiusSM,
                      color: token.colorText,
                      overflow: 'hidden',
                      whiteSpace: 'nowrap',
                      textOverflow: 'ellipsis',
                      cursor: 'pointer',
                      fontSize: token.fontSizeSM,
                    }}
                  >
                    {r.guestName} · {t(`reservations.status.${r.status}`)}
                  </button>
                </Tooltip>
              ))}
          </div>
        </div>
      ))}
    </div>
  );
}
