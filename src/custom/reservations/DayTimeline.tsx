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
    <div role="table" aria-label={t('reservations.views.day')} className="reservations-day">
      <div role="row" className="reservations-day-hours">
        <div className="reservations-day-table" />
        <div className="reservations-day-track">
          {hours.map((h) => (
            <span key={h} className="reservations-day-hour" style={{ left: pct(h) }}>
              {showTime(h, availability.timeZone)}
            </span>
          ))}
        </div>
      </div>
      {availability.tables.map((table) => (
        <div role="row" key={table.id} className="reservations-day-row">
          <div role="rowheader" className="reservations-day-table">
            {t('reservations.tableOption', { name: table.name, places: table.places })}
          </div>
          <div role="cell" className="reservations-day-track">
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
                    className="reservations-day-bar"
                    // Where the bar stands is the reservation's hours; its colour, the theme's for its status.
                    style={{
                      left: pct(Date.parse(r.startsAt)),
                      width: `calc(${pct(Date.parse(r.endsAt))} - ${pct(Date.parse(r.startsAt))})`,
                      background: colors[r.status as keyof typeof colors],
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
