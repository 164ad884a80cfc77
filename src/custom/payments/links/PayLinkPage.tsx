import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { Result, Skeleton, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { maskCardNumber } from '../../../domain/payments/card-number';
import { formatUsd } from '../../../domain/money';
import { isApiError } from '../../../providers/http';
import { errorText } from '../../../providers/i18n/translate-message';
import { PublicCard } from '../../../ui/shell/PublicCard';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CardForm } from '../card-form/CardForm';
import { brandLabel } from '../CardLabel';
import { IntentKey } from '../payments-api';
import { getPublicLink, payLink, type LinkPayment, type PublicPaymentLink } from './links-api';
import '../payments.css';

type Loaded =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'link'; link: PublicPaymentLink };

/**
 * /pay/:token — the public page of a payment link (no sign-in): what it is for, how much, and
 * the card form. The card goes through the same processor as everywhere else; the owner's list
 * then shows the link paid.
 */
export default function PayLinkPage() {
  const { t } = useTranslation();
  const { token: colors } = theme.useToken();
  const { token = '' } = useParams();
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [paid, setPaid] = useState<LinkPayment | null>(null);
  const [key] = useState(() => new IntentKey());
  useDocumentTitle(t('payments.pay.title'));

  useEffect(() => {
    let live = true;
    getPublicLink(token)
      .then((link) => live && setState({ kind: 'link', link }))
      .catch((error: unknown) => {
        if (!live) return;
        // The server answers 404 for an unknown link and a malformed token alike.
        if (isApiError(error) && error.status === 404) setState({ kind: 'missing' });
        else
          setState({
            kind: 'error',
            message: errorText(t, error),
          });
      });
    return () => {
      live = false;
    };
  }, [token, t]);

  let body;
  if (paid) {
    body = (
      <Result
        status="success"
        title={t('messages.paymentSucceeded')}
        subTitle={t('payments.pay.receipt', {
          amount: formatUsd(paid.amount),
          card: `${brandLabel(paid.cardBrand)} ${maskCardNumber(paid.cardLast4)}`,
        })}
      />
    );
  } else if (state.kind === 'loading') {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (state.kind === 'missing') {
    body = <Result status="404" title={t('payments.pay.missingTitle')} subTitle={t('payments.pay.missing')} />;
  } else if (state.kind === 'error') {
    body = <Result status="error" title={state.message} />;
  } else if (state.link.status === 'paid') {
    body = <Result status="success" title={t('messages.paymentLinkPaid')} />;
  } else if (state.link.status !== 'active') {
    body = <Result status="warning" title={t('messages.paymentLinkInactive')} />;
  } else {
    const { link } = state;
    body = (
      <>
        <div className="payments-pay-head">
          <div style={{ color: colors.colorTextSecondary }}>
            {t('payments.pay.requestedBy', { name: link.businessName })}
          </div>
          <div className="payments-pay-description">{link.description}</div>
          <div className="payments-pay-amount" data-testid="pay-amount">
            {formatUsd(link.amount)}
          </div>
        </div>
        <CardForm
          idPrefix="pay-card"
          makeDefault={false}
          submitLabel={t('payments.pay.submit', { amount: formatUsd(link.amount) })}
          onSubmit={async (payload) => {
            try {
              const result = await payLink(link.token, payload, key.value);
              key.settle();
              setPaid(result);
            } catch (error) {
              key.settle(error);
              if (isApiError(error) && error.status === 409) {
                // Paid meanwhile (by someone else, or by our own earlier attempt): show what is true now.
                getPublicLink(link.token)
                  .then((fresh) => setState({ kind: 'link', link: fresh }))
                  .catch(() => undefined);
              }
              throw error;
            }
          }}
        />
      </>
    );
  }

  return (
    <PublicCard titleId="pay-title" title={t('payments.pay.title')} maxWidth={620}>
      {body}
    </PublicCard>
  );
}
