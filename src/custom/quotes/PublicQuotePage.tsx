import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Descriptions, Flex, Result, Skeleton, Table, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clockTime } from '../../domain/venue/zoned-format';
import { formatPercent, formatUsd } from '../../domain/money';
import { isApiError } from '../../providers/http';
import { MESSAGES } from '../../domain/messages';
import { errorText, translateMessage } from '../../providers/i18n/translate-message';
import { formatDate } from '../../ui/format';
import { useDocumentTitle } from '../../ui/use-document-title';
import { PublicCard } from '../../ui/shell/PublicCard';
import { MoverContact } from './MoverContact';
import { answerQuote, getPublicQuote, type PublicQuote } from './public-quote-api';
import { changedParts } from './quote-changes';
import { SteadyPopconfirm } from '../../ui/confirm/SteadyPopconfirm';
import './quotes.css';

/** The quote changed since the customer read it: what changed, by its label keys (quote-changes.ts). */
type Changed = { parts: string[] } | null;

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'quote'; quote: PublicQuote };

/**
 * /quote/:token — the customer's page of a sent quote (no sign-in): the move, the inventory and
 * the price by its pricing type (subtotal, tax at the quote's rate, total: a cap includes the tax,
 * an hourly total is an estimate) (money en-US, dates MM/DD/YYYY), with Accept and Decline while it
 * waits for an answer. Accepting books the move and creates the invoice on the server; a refusal
 * (expired, answered meanwhile, the time no longer free) is shown as the server words it, above
 * the mover's contact (the mover is notified of a failed accept too).
 *
 * An answer names the version the page shows. When the mover changed the quote since (409), the
 * page shows the new version, says so at its top with what changed, and takes the customer there:
 * they answer again, knowingly (docs/quotes.md, "Editing a sent quote").
 */
export default function PublicQuotePage() {
  const { t, i18n } = useTranslation();
  const { token: colors } = theme.useToken();
  const { token = '' } = useParams();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [changed, setChanged] = useState<Changed>(null);
  const changedAlert = useRef<HTMLDivElement>(null);
  useDocumentTitle(t('quotes.public.title'));

  useEffect(() => {
    let live = true;
    getPublicQuote(token)
      .then((quote) => live && setState({ kind: 'quote', quote }))
      .catch((error: unknown) => {
        if (!live) return;
        // 400: a token the server cannot even read (run together with other text, past the
        // router's length for a path part) leads to no quote either.
        if (isApiError(error) && (error.status === 404 || error.status === 400)) setState({ kind: 'missing' });
        else setState({ kind: 'error', message: errorText(t, error) });
      });
    return () => {
      live = false;
    };
  }, [token, t]);

  const answer = async (kind: 'accept' | 'decline', read: PublicQuote) => {
    setBusy(kind);
    setRefusal(null);
    setChanged(null);
    try {
      setState({ kind: 'quote', quote: await answerQuote(token, kind, read.version) });
    } catch (error) {
      // Answered, expired or changed meanwhile: show what is true now.
      const now = await getPublicQuote(token).catch(() => null);
      if (now) setState({ kind: 'quote', quote: now });
      if (now && now.status === 'sent' && now.version !== read.version) setChanged({ parts: changedParts(read, now) });
      else setRefusal(errorText(t, error));
    } finally {
      setBusy(null);
    }
  };

  // The new version is above where the customer pressed: take them (and a screen reader) to its notice.
  useEffect(() => {
    if (!changed) return;
    changedAlert.current?.scrollIntoView({ block: 'start' });
    changedAlert.current?.focus();
  }, [changed]);

  let body;
  if (state.kind === 'loading') body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (state.kind === 'missing')
    body = <Result status="404" title={t('quotes.public.missingTitle')} subTitle={t('quotes.public.missing')} />;
  else if (state.kind === 'error') body = <Result status="error" title={state.message} />;
  else {
    const q = state.quote;
    const open = q.status === 'sent' && !q.expired;
    const price =
      q.pricingType === 'hourly'
        ? [
            { key: 'rate', label: t('quotes.public.rate'), children: formatUsd(q.hourlyRateCents ?? 0) },
            {
              key: 'billed',
              label: t('quotes.public.hours'),
              children: t('quotes.public.billedHours', {
                hours: q.billedHours ?? q.estimatedHours,
                minimum: q.minimumHours ?? q.estimatedHours,
              }),
            },
          ]
        : [];
    const parts = changed?.parts.map((part) => t(`quotes.public.changedParts.${part}`)) ?? [];
    body = (
      <Flex vertical gap={colors.marginMD}>
        {changed && (
          <div ref={changedAlert} tabIndex={-1} className="public-quote-changed" data-testid="quote-changed">
            <Alert
              type="warning"
              showIcon
              message={t('quotes.public.changedTitle')}
              description={
                <>
                  {translateMessage(t, MESSAGES.quoteChanged)}
                  {parts.length > 0 && (
                    <div>
                      {t('quotes.public.changedWhat', {
                        parts: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(parts),
                      })}
                    </div>
                  )}
                </>
              }
            />
          </div>
        )}
        <div>
          <div style={{ color: colors.colorTextSecondary }}>
            {t('quotes.public.from', { number: q.number, business: q.businessName })}
          </div>
          <div style={{ fontSize: colors.fontSizeLG }}>{t('quotes.public.for', { name: q.customerName })}</div>
        </div>
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'date', label: t('quotes.public.date'), children: formatDate(q.moveDate) },
            { key: 'time', label: t('quotes.public.time'), children: clockTime(q.startTime) },
            { key: 'origin', label: t('quotes.public.origin'), children: q.originAddress },
            { key: 'destination', label: t('quotes.public.destination'), children: q.destinationAddress },
            { key: 'crew', label: t('quotes.public.crew'), children: t('quotes.public.crewOf', { count: q.crewSize }) },
            ...(q.truck ? [{ key: 'truck', label: t('quotes.public.truck'), children: q.truck }] : []),
            { key: 'hours', label: t('quotes.public.hours'), children: q.estimatedHours },
            ...(q.notes
              ? [
                  {
                    key: 'notes',
                    label: t('quotes.public.notes'),
                    children: <span style={{ whiteSpace: 'pre-line' }}>{q.notes}</span>,
                  },
                ]
              : []),
          ]}
        />
        {q.inventory.length > 0 && (
          <Table
            size="small"
            pagination={false}
            // A line has no id of its own; its place in the list is its key (antd no longer passes rowKey an index).
            dataSource={q.inventory.map((line, place) => ({ ...line, key: place }))}
            title={() => <strong>{t('quotes.public.inventory')}</strong>}
            columns={[
              { key: 'item', dataIndex: 'item', title: t('quotes.public.item') },
              {
                key: 'quantity',
                dataIndex: 'quantity',
                title: t('quotes.public.quantity'),
                align: 'right',
                width: 100,
              },
              {
                key: 'cubicFeet',
                dataIndex: 'cubicFeet',
                title: t('quotes.public.cubicFeet'),
                align: 'right',
                width: 110,
                render: (v: number | null) => v ?? '',
              },
            ]}
          />
        )}
        <div>
          <div style={{ color: colors.colorTextSecondary }}>{t(`quotes.public.pricing.${q.pricingType}`)}</div>
          <Descriptions
            size="small"
            column={1}
            className="public-quote-money"
            items={[
              ...price,
              {
                key: 'subtotal',
                label: t('quotes.public.subtotal'),
                children: <span data-testid="quote-subtotal">{formatUsd(q.subtotalCents ?? 0)}</span>,
              },
              {
                key: 'tax',
                label: t('quotes.public.tax', { rate: formatPercent(q.taxRate ?? 0) }),
                children: <span data-testid="quote-tax">{formatUsd(q.taxCents ?? 0)}</span>,
              },
            ]}
          />
          <Typography.Text type="secondary">{t(`quotes.public.totalName.${q.pricingType}`)}</Typography.Text>
          <div style={{ fontSize: colors.fontSizeHeading2, fontWeight: 600 }} data-testid="quote-total">
            {formatUsd(q.totalCents ?? 0)}
          </div>
          {q.pricingType === 'hourly' && (
            <Typography.Paragraph type="secondary" className="public-quote-note">
              {t('quotes.public.taxNote.hourly', {
                hours: q.billedHours ?? q.estimatedHours,
                rate: formatPercent(q.taxRate ?? 0),
              })}
            </Typography.Paragraph>
          )}
          <div style={{ color: colors.colorTextSecondary }}>
            {t('quotes.public.validUntil', { date: formatDate(q.validUntil) })}
          </div>
        </div>
        {refusal && <Alert type="error" showIcon message={refusal} />}
        <MoverContact quote={q} />
        {q.status === 'accepted' && <Alert type="success" showIcon message={t('quotes.public.accepted')} />}
        {q.status === 'declined' && <Alert type="info" showIcon message={t('quotes.public.declined')} />}
        {q.status === 'sent' && q.expired && <Alert type="warning" showIcon message={t('quotes.public.expired')} />}
        {open && (
          <Flex gap="small" wrap>
            <Button
              type="primary"
              size="large"
              loading={busy === 'accept'}
              disabled={!!busy}
              onClick={() => void answer('accept', q)}
            >
              {t('quotes.public.accept')}
            </Button>
            <SteadyPopconfirm
              title={t('quotes.public.confirmDecline')}
              okText={t('quotes.public.decline')}
              cancelText={t('resourceEngine.cancel')}
              onConfirm={() => answer('decline', q)}
            >
              <Button size="large" danger loading={busy === 'decline'} disabled={!!busy}>
                {t('quotes.public.decline')}
              </Button>
            </SteadyPopconfirm>
          </Flex>
        )}
      </Flex>
    );
  }

  return (
    <PublicCard titleId="quote-title" title={t('quotes.public.title')} maxWidth={720}>
      {body}
    </PublicCard>
  );
}
