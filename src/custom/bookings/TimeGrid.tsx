import { useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SLOT_STEP_MINUTES } from '../../domain/bookings/rules';
import type { BookingRow } from './bookings-api';
import { dayLabel, hourLabel, instantAt, minutesOf, timeLabel, weekdayOf, zonedDay } from './business-time';
import './bookings.css';

/** Rows of 30 minutes, each this tall; a 15-minute snap is half a row. */
const ROW_PX = 28;
const PX_PER_MIN = ROW_PX / 30;
/** A pointer must move this far before a press becomes a drag (a tap opens the booking). */
const DRAG_THRESHOLD_PX = 4;

interface Drag {
  booking: BookingRow;
  startX: number;
  startY: number;
  moved: boolean;
  /** Snapped minutes moved, and days moved (week view). */
  deltaMinutes: number;
  deltaDays: number;
}

/**
 * Week or day view: a column per business day, rows per 30 minutes between the earliest opening
 * and the latest closing shown (07:00–19:00 at least), open hours shaded, confirmed bookings as
 * blocks. A block dragged with the pointer (mouse, pen or finger) moves in 15-minute steps and,
 * in the week view, across days; letting go asks the server to reschedule. A tap or Enter opens it.
 */
export function TimeGrid({
  days,
  timeZone,
  bookings,
  open,
  onOpen,
  onMove,
}: {
  days: string[];
  timeZone: string;
  bookings: BookingRow[];
  open: { day: string; start: string; end: string }[];
  onOpen: (booking: BookingRow) => void;
  onMove: (booking: BookingRow, startsAt: number, endsAt: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const [drag, setDrag] = useState<Drag | null>(null);
  const columnsRef = useRef<HTMLDivElement>(null);
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });

  const shown = bookings.filter((b) => b.status === 'confirmed');
  const openMinutes = open.map((i) => ({
    day: i.day,
    start: minutesOf(Date.parse(i.start), timeZone),
    end: minutesOf(Date.parse(i.end), timeZone) || 24 * 60,
  }));
  const first = Math.min(7 * 60, ...openMinutes.map((o) => Math.floor(o.start / 60) * 60));
  const last = Math.max(19 * 60, ...openMinutes.map((o) => Math.ceil(o.end / 60) * 60));
  const rows = Array.from({ length: (last - first) / 30 }, (_, i) => first + i * 30);
  const height = (last - first) * PX_PER_MIN;

  const columnWidth = () => (columnsRef.current?.getBoundingClientRect().width ?? 1) / days.length;

  const onPointerDown = (e: ReactPointerEvent, booking: BookingRow) => {
    if (e.button !== 0) return;
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    setDrag({ booking, startX: e.clientX, startY: e.clientY, moved: false, deltaMinutes: 0, deltaDays: 0 });
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (!drag) return;
    const dx = e.clientX - drag.startX;
    const dy = e.clientY - drag.startY;
    const moved = drag.moved || Math.hypot(dx, dy) > DRAG_THRESHOLD_PX;
    const deltaMinutes = Math.round(dy / PX_PER_MIN / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
    const deltaDays = days.length > 1 ? Math.round(dx / columnWidth()) : 0;
    setDrag({ ...drag, moved, deltaMinutes, deltaDays });
  };
  const onPointerUp = () => {
    if (!drag) return;
    const { booking, moved, deltaMinutes, deltaDays } = drag;
    setDrag(null);
    if (!moved) return onOpen(booking);
    if (!deltaMinutes && !deltaDays) return;
    const start = Date.parse(booking.startsAt);
    const length = Date.parse(booking.endsAt) - start;
    const day = days[days.indexOf(zonedDay(start, timeZone)) + deltaDays] ?? zonedDay(start, timeZone);
    const startsAt = instantAt(day, minutesOf(start, timeZone) + deltaMinutes, timeZone);
    onMove(booking, startsAt, startsAt + length);
  };

  return (
    // The day count and the height are this render's: bookings.css reads them as variables.
    <div
      className="bookings-grid"
      style={{ '--grid-days': days.length, '--grid-height': `${height}px` } as CSSProperties}
    >
      <div />
      <div className="bookings-grid-days">
        {days.map((day) => (
          <div key={day} className="bookings-grid-day-name" aria-hidden>
            {weekday.format(new Date(`${day}T12:00:00Z`))} {dayLabel(day).slice(0, 5)}
          </div>
        ))}
      </div>
      <div className="bookings-grid-hours" aria-hidden>
        {rows
          .filter((m) => m % 60 === 0)
          .map((m) => (
            <div
              key={m}
              className="bookings-grid-hour"
              style={{ top: (m - first) * PX_PER_MIN - 7, color: token.colorTextSecondary }}
            >
              {hourLabel(m)}
            </div>
          ))}
      </div>
      <div ref={columnsRef} className="bookings-grid-days bookings-grid-columns">
        {days.map((day) => (
          <div
            key={day}
            role="list"
            aria-label={t('bookings.dayColumn', {
              day: `${weekday.format(new Date(`${day}T12:00:00Z`))} ${dayLabel(day)}`,
            })}
            data-day={day}
            className="bookings-grid-column"
            style={{
              borderColor: token.colorBorderSecondary,
              background: weekdayOf(day) === 0 || weekdayOf(day) === 6 ? token.colorFillQuaternary : undefined,
            }}
          >
            {rows.map((m) => (
              <div
                key={m}
                className="bookings-grid-line"
                style={{
                  top: (m - first) * PX_PER_MIN,
                  height: ROW_PX,
                  borderTop: `1px ${m % 60 ? 'dashed' : 'solid'} ${token.colorBorderSecondary}`,
                }}
              />
            ))}
            {openMinutes
              .filter((o) => o.day === day)
              .map((o) => (
                <div
                  key={o.start}
                  data-testid="open-hours"
                  className="bookings-grid-open"
                  style={{
                    top: (o.start - first) * PX_PER_MIN,
                    height: (o.end - o.start) * PX_PER_MIN,
                    background: token.colorSuccessBg,
                  }}
                />
              ))}
            {shown
              .filter((b) => zonedDay(Date.parse(b.startsAt), timeZone) === day)
              .map((b) => {
                const start = minutesOf(Date.parse(b.startsAt), timeZone);
                const minutes = (Date.parse(b.endsAt) - Date.parse(b.startsAt)) / 60_000;
                const dragging = drag?.booking.id === b.id && drag.moved;
                const top = (start - first + (dragging ? drag.deltaMinutes : 0)) * PX_PER_MIN;
                const label = `${b.customerName}, ${timeLabel(Date.parse(b.startsAt), timeZone)} – ${timeLabel(
                  Date.parse(b.endsAt),
                  timeZone,
                )}${b.productName ? `, ${b.productName}` : ''}`;
                return (
                  <div
                    key={b.id}
                    role="listitem"
                    tabIndex={0}
                    aria-label={label}
                    title={label}
                    data-booking={b.id}
                    onPointerDown={(e) => onPointerDown(e, b)}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onPointerCancel={() => setDrag(null)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        onOpen(b);
                      }
                    }}
                    className={
                      dragging ? 'bookings-grid-booking bookings-grid-booking-dragging' : 'bookings-grid-booking'
                    }
                    style={{
                      top,
                      height: Math.max(minutes * PX_PER_MIN - 2, 14),
                      transform: dragging ? `translateX(calc(${drag.deltaDays} * 100%))` : undefined,
                      background: token.colorPrimary,
                      color: token.colorTextLightSolid,
                      boxShadow: dragging ? token.boxShadow : undefined,
                    }}
                  >
                    <strong>{timeLabel(Date.parse(b.startsAt), timeZone)}</strong> {b.customerName}
                    {b.productName && <div className="bookings-grid-product">{b.productName}</div>}
                  </div>
                );
              })}
          </div>
        ))}
      </div>
    </div>
  );
}
