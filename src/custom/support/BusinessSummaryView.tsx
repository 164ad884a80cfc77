import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOne } from '@refinedev/core';
import { Alert, Spin, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../providers/i18n/translate-message';
import { planName } from '../../ui/plan-text';
import { useClock } from '../../ui/venue/use-clock';
import { BUSINESSES, STATUS_COLORS, statusLabel, SUPPORT_API, type BusinessSummary } from './support-api';

/** One business as IT reads it (read-only): its owner, plan, counts, place, and recent tickets. */
export function BusinessSummaryView({ id }: { id: string }) {
  const { t } = useTranslation();
  const clock = useClock();
  const { token } = theme.useToken();
  const { result: b, query } = useOne<BusinessSummary>({
    resource: BUSINESSES,
    id,
    meta: { path: SUPPORT_API.businesses },
    errorNotification: false,
  });
  if (query.isLoading) return <Spin className="support-loading" />;
  if (query.error || !b) return <Alert type="error" showIcon message={errorText(t, query.error)} />;
  const row = (label: string, value: ReactNode) => (
    <div className="support-business-fact">
      <dt style={{ color: token.colorTextSecondary }}>{label}</dt>
      <dd className="support-business-value">{value}</dd>
    </div>
  );
  const place = [b.city, b.state, b.country].filter(Boolean).join(', ');
  return (
    <article aria-labelledby="business-title" data-testid="business-summary">
      <h2 id="business-title" className="support-business-title">
        {b.name}
      </h2>
      <Alert type="info" showIcon message={t('supportDesk.business.readOnly')} className="support-business-note" />
      <dl className="support-business-facts">
        {row(
          t('supportDesk.business.owner'),
          b.owner
            ? `${b.owner.name} · ${b.owner.email} · ${t(`roles.${b.owner.role}`, { defaultValue: b.owner.role })}`
            : '—',
        )}
        {row(t('supportDesk.business.status'), t(`supportDesk.businessStatus.${b.status}`, { defaultValue: b.status }))}
        {row(
          t('supportDesk.business.plan'),
          b.subscription.plan ? planName(t, b.subscription.plan) : t('supportDesk.business.noPlan'),
        )}
        {row(
          t('supportDesk.business.subscription'),
          <>
            {t(`supportDesk.subscription.${b.subscription.state}`)}
            {b.subscription.state === 'trial' && b.subscription.trialEndsAt
              ? ` · ${t('supportDesk.business.trialUntil', { date: clock.date(b.subscription.trialEndsAt) })}`
              : ''}
          </>,
        )}
        {row(t('supportDesk.business.members'), b.counts.members)}
        {row(t('supportDesk.business.accounts'), b.counts.accounts)}
        {row(t('supportDesk.business.venues'), b.counts.venues)}
        {row(t('supportDesk.business.employees'), b.counts.employees)}
        {row(t('supportDesk.business.customers'), b.counts.customers)}
        {row(t('supportDesk.business.place'), place || '—')}
        {row(t('supportDesk.business.timeZone'), b.timeZone)}
        {row(t('supportDesk.business.website'), b.website || '—')}
        {row(t('supportDesk.business.since'), clock.date(b.createdAt))}
      </dl>
      <h3 className="support-business-recent">{t('supportDesk.business.recentTickets')}</h3>
      {b.recentTickets.length === 0 ? (
        <p style={{ color: token.colorTextSecondary }}>{t('supportDesk.business.noTickets')}</p>
      ) : (
        <ul className="support-recent-list">
          {b.recentTickets.map((ticket) => (
            <li key={ticket.id}>
              <Link to={`/ticket_management?ticket=${ticket.id}`}>
                #{ticket.number} {ticket.subject}
              </Link>{' '}
              <Tag color={STATUS_COLORS[ticket.status]}>{statusLabel(t, ticket.status)}</Tag>
              <span className="support-recent-date" style={{ color: token.colorTextSecondary }}>
                {clock.date(ticket.lastActivityAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
