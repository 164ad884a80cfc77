import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardItem } from '../../../domain/home/dashboard';
import { clockFor } from '../../../ui/format';
import './home.css';

/**
 * Reservations, events or bookings under a heading, at the business's wall clock (a club owner
 * abroad sees the times the venue keeps). `timeOnly` drops the date for today's list.
 */
export function ItemList({
  title,
  items,
  empty,
  timeZone,
  timeOnly = false,
}: {
  title: string;
  items: DashboardItem[];
  empty: string;
  timeZone: string;
  timeOnly?: boolean;
}) {
  const { t } = useTranslation();
  const id = `home-list-${title.replace(/\W+/g, '-').toLowerCase()}`;
  // MM/DD/YYYY h:mm A at the business's clock (no date library on the first page); today's list
  // gives the time alone, under a heading that says the day.
  const clock = clockFor(timeZone);
  const when = timeOnly ? clock.time : clock.dateTime;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="home-list__title">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="home-list__empty">{empty}</p>
      ) : (
        <ul className="home-list">
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="home-list__item">
              <span
                className={
                  timeOnly
                    ? 'home-list__when home-list__when--time home-list__muted'
                    : 'home-list__when home-list__muted'
                }
              >
                {when(item.startsAt)}
              </span>
              <strong className="home-list__title-text">{item.title}</strong>
              {item.detail && <span className="home-list__muted">{item.detail}</span>}
              {item.partySize !== null && (
                <span className="home-list__muted">{t('homeDashboard.guests', { count: item.partySize })}</span>
              )}
              <Tag className="home-list__kind">{t(`homeDashboard.kind.${item.kind}`)}</Tag>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
