import { useState } from 'react';
import { Alert, Badge, Button, Flex, Grid, Segmented, Skeleton } from 'antd';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../providers/use-session';
import { errorText } from '../../providers/i18n/translate-message';
import { toastError, toastSuccess } from '../../resources/engine/errors';
import { PagePanel } from '../../ui/PagePanel';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useOpenIntervals } from '../availability';
import { useBusinessTimeZone } from '../../ui/venue/use-business-time-zone';
import { zonedCalendar } from '../../ui/time/zoned-calendar';
import { BookDialog } from './BookDialog';
import { BookingDrawer } from './BookingDrawer';
import { useBookings, useBookingsLive, useBookingWrites, type BookingRow } from './bookings-api';
import { addDays, dayLabel, instantAt, mondayOf, zonedDay } from './business-time';
import { TimeGrid } from './TimeGrid';
import './bookings.css';

type View = 'month' | 'week' | 'day';

/** The business days a view shows around `anchor` (from included, to excluded). */
function rangeOf(view: View, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: anchor, to: addDays(anchor, 1) };
  if (view === 'week') return { from: mondayOf(anchor), to: addDays(mondayOf(anchor), 7) };
  const first = mondayOf(`${anchor.slice(0, 7)}-01`);
  return { from: first, to: addDays(first, 42) };
}

/**
 * calendar_management (USER, MOVER): the selected business's bookings by month, week or day, on
 * the BUSINESS's clock (its time zone, named on the page: a viewer elsewhere sees business time).
 * Book from the free slots, move a booking by dragging it (week, day) or from its drawer, cancel
 * it there. A phone starts on the day view. Another device's change refreshes the page (live).
 */
export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const title = t('pages.calendar_management');
  useDocumentTitle(title);
  useBookingsLive();
  const screens = Grid.useBreakpoint();
  const role = useSession()?.userData.roleName;
  const { timeZone, query: zoneQuery } = useBusinessTimeZone();
  const [view, setView] = useState<View | null>(null);
  const shownView: View = view ?? (screens.md === false ? 'day' : 'week');
  const [anchor, setAnchor] = useState<string | null>(null);
  const today = timeZone ? zonedDay(Date.now(), timeZone) : null;
  const day = anchor ?? today;
  const range = day ? rangeOf(shownView, day) : null;
  const { bookings, query } = useBookings(
    range && timeZone ? instantAt(range.from, 0, timeZone) : null,
    range && timeZone ? instantAt(range.to, 0, timeZone) : null,
  );
  const { answer: open } = useOpenIntervals(
    range && shownView !== 'month' ? range.from : null,
    range && shownView !== 'month' ? addDays(range.to, -1) : null,
  );
  const writes = useBookingWrites();
  const [booking, setBooking] = useState<BookingRow | null>(null);
  const [bookOpen, setBookOpen] = useState(false);

  if (zoneQuery.error) return <Alert type="error" showIcon message={errorText(t, zoneQuery.error)} />;
  if (!timeZone || !day || !range) return <Skeleton active />;
  // Its month marks today on the business's clock, as the week and day views count from it.
  const BusinessCalendar = zonedCalendar(timeZone);

  const step = (n: number) =>
    setAnchor(
      shownView === 'day'
        ? addDays(day, n)
        : shownView === 'week'
          ? addDays(day, 7 * n)
          : dayjs(`${day.slice(0, 7)}-01`)
              .add(n, 'month')
              .format('YYYY-MM-DD'),
    );
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const heading =
    shownView === 'month'
      ? month.format(new Date(`${day.slice(0, 7)}-15T12:00:00Z`))
      : shownView === 'week'
        ? `${dayLabel(range.from)} – ${dayLabel(addDays(range.to, -1))}`
        : dayLabel(day);
  const confirmed = (bookings ?? []).filter((b) => b.status === 'confirmed');
  const countOn = (d: string) => confirmed.filter((b) => zonedDay(Date.parse(b.startsAt), timeZone) === d).length;

  const move = async (b: BookingRow, startsAt: number, endsAt: number) => {
    try {
      await writes.reschedule(b.id, {
        startsAt: new Date(startsAt).toISOString(),
        endsAt: new Date(endsAt).toISOString(),
      });
      toastSuccess(t('bookings.moved'));
    } catch (error) {
      toastError(t, error);
    }
  };

  const days = Array.from({ length: shownView === 'day' ? 1 : 7 }, (_, i) => addDays(range.from, i));

  return (
    <PagePanel title={title} intro={t('bookings.intro')}>
      <div className="bookings-page">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Flex align="center" gap={4} wrap>
            <Button icon={<LeftOutlined aria-hidden />} aria-label={t('bookings.previous')} onClick={() => step(-1)} />
            <Button onClick={() => setAnchor(today)}>{t('bookings.today')}</Button>
            <Button icon={<RightOutlined aria-hidden />} aria-label={t('bookings.next')} onClick={() => step(1)} />
            <h2 className="bookings-heading" aria-live="polite">
              {heading}
            </h2>
          </Flex>
          <Flex align="center" gap={8} wrap>
            <Segmented<View>
              aria-label={t('bookings.view')}
              value={shownView}
              onChange={setView}
              options={(['month', 'week', 'day'] as const).map((v) => ({ value: v, label: t(`bookings.views.${v}`) }))}
            />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setBookOpen(true)}>
              {t('bookings.book')}
            </Button>
          </Flex>
        </Flex>
        <span className="bookings-muted" data-testid="zone-label">
          {t('bookings.shownIn', { zone: timeZone.replace(/_/g, ' ') })}
        </span>
        {query.error ? (
          <Alert type="error" showIcon message={errorText(t, query.error)} />
        ) : !bookings ? (
          <Skeleton active />
        ) : shownView === 'month' ? (
          <BusinessCalendar
            fullscreen={screens.md !== false}
            value={dayjs(day)}
            headerRender={() => null}
            onSelect={(d: Dayjs, info) => {
              if (info.source !== 'date') return;
              setAnchor(d.format('YYYY-MM-DD'));
              setView('day');
            }}
            cellRender={(current: Dayjs, info) => {
              if (info.type !== 'date') return info.originNode;
              const n = countOn(current.format('YYYY-MM-DD'));
              return n ? (
                <Badge
                  count={n}
                  color="blue"
                  title={t('bookings.countOn', { count: n, day: dayLabel(current.format('YYYY-MM-DD')) })}
                />
              ) : null;
            }}
          />
        ) : (
          <TimeGrid
            days={days}
            timeZone={timeZone}
            bookings={bookings}
            open={open?.intervals ?? []}
            onOpen={setBooking}
            onMove={(b, s, e) => void move(b, s, e)}
          />
        )}
      </div>
      {bookOpen && (
        <BookDialog timeZone={timeZone} withCatalogue={role === 'USER'} onClose={() => setBookOpen(false)} />
      )}
      {booking && <BookingDrawer booking={booking} timeZone={timeZone} onClose={() => setBooking(null)} />}
    </PagePanel>
  );
}
