import { Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardItem } from '../../../domain/home/dashboard';

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
  const { token } = theme.useToken();
  const id = `home-list-${title.replace(/\W+/g, '-').toLowerCase()}`;
  // MM/DD/YYYY h:mm A at the business's clock, from Intl (no date library on the first page).
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    ...(timeOnly ? {} : { month: '2-digit', day: '2-digit', year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
  const when = (iso: string) => format.format(new Date(iso)).replace(', ', ' ');
  return (
    <section aria-labelledby={id}>
      <h2 id={id} style={{ fontSize: token.fontSizeHeading5, margin: `0 0 ${token.marginSM}px` }}>
        {title}
      </h2>
      {items.length === 0 ? (
        <p style={{ margin: 0, color: token.colorTextSecondary }}>{empty}</p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li
              key={`${item.kind}-${item.id}`}
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'baseline',
                columnGap: token.marginSM,
                padding: `${token.paddingXS}px 0`,
                borderTop: `1px solid ${token.colorBorderSecondary}`,
              }}
            >
              <span style={{ minWidth: timeOnly ? 72 : 160, color: token.colorTextSecondary }}>
                {when(item.startsAt)}
              </span>
              <strong style={{ overflowWrap: 'anywhere' }}>{item.title}</strong>
              {item.detail && <span style={{ color: token.colorTextSecondary }}>{item.detail}</span>}
              {item.partySize !== null && (
                <span style={{ color: token.colorTextSecondary }}>
                  {t('homeDashboard.guests', { count: item.partySize })}
                </span>
              )}
              <Tag style={{ marginInlineStart: 'auto' }}>{t(`homeDashboard.kind.${item.kind}`)}</Tag>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
