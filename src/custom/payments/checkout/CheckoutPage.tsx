import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Descriptions, Flex, Steps, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '../../../domain/constants';
import { subscriptionGuard } from '../../../domain/guards';
import { MESSAGES } from '../../../domain/messages';
import type { AddCardPayloadInput } from '../../../domain/payments/card-schema';
import { formatUsd } from '../../../domain/money';
import { orderTerms } from '../../../domain/payments/order-terms';
import { errorText } from '../../../providers/i18n/translate-message';
import { showToast } from '../../../providers/notification/toast-bus';
import { updateSession } from '../../../providers/session';
import { useMediaQuery } from '../../../providers/theme/use-media-query';
import { useSession } from '../../../providers/use-session';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { PagePanel } from '../../../ui/PagePanel';
import { planName } from '../../../ui/plan-text';
import { CardForm } from '../card-form/CardForm';
import { CardLabel } from '../CardLabel';
import { useDefaultCard, usePaymentActions, useUserPlan } from '../billing-hooks';
import { IntentKey, type SavedCard } from '../payments-api';
import { readCheckoutState } from './checkout-state';
import { goBack } from './go-back';
import { billingText, trialNote } from './order-terms-text';
import { PlanSummary } from './PlanSummary';
import type { SuccessState } from './SuccessPage';
import '../payments.css';

/**
 * /checkout (the product brief, sections 2 and 4): step 0 Payment details (add a card, or keep
 * the default one), step 1 Review your order (Place order). Opened with the plan in the route
 * state; without one it goes back. Back goes to /settings. During a free trial the order keeps
 * the trial: the review says "Free until …, then …/month" and that nothing is due today
 * (src/domain/payments/order-terms.ts, the rule the server follows).
 */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const opened = readCheckoutState(location.state);
  const user = useSession()?.userData;
  const [step, setStep] = useState<0 | 1>(0);
  const [card, setCard] = useState<SavedCard | null>(null);
  const [addedCard, setAddedCard] = useState<SavedCard | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  // One intent to buy: pressing Place order again after a network error must not charge twice.
  const [orderKey] = useState(() => new IntentKey());
  const wide = useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);
  useDocumentTitle(t('pages.checkout'));

  const hasPlan = opened !== null;
  // A saved default card can be used instead of typing one; a failed read just offers none.
  const defaultCard = useDefaultCard(hasPlan);
  const savedCard = addedCard ?? (defaultCard.error ? null : (defaultCard.data ?? null));
  const { addCard, createSubscription } = usePaymentActions();
  // The trial's end decides what is due today; the order waits for it to be known.
  const mine = useUserPlan();
  const mustSubscribe = user ? subscriptionGuard(user).kind === 'redirect' : false;
  useEffect(() => {
    if (hasPlan) return;
    // Going back would return to a page whose guard sends a user without a subscription here
    // again; settings lists the plans to choose from instead.
    if (mustSubscribe) void navigate('/settings', { replace: true });
    else goBack(navigate, location);
  }, [hasPlan, mustSubscribe, navigate, location]);

  if (!opened) return null;
  const { plan, markdown } = opened;
  const terms = mine.data ? orderTerms(plan.price, mine.data.trialEndsAt, Date.now()) : null;
  const note = terms && trialNote(t, terms);

  const onAddCard = async (payload: AddCardPayloadInput) => {
    const added = await addCard(payload);
    showToast({ kind: 'message', type: 'success', content: t('messages.paymentMethodAdded') });
    setCard(added);
    setAddedCard(added);
    setStep(1);
  };

  const placeOrder = async () => {
    setPlacing(true);
    setOrderError(null);
    try {
      const result = await createSubscription(plan.id, orderKey.value, card?.id);
      orderKey.settle();
      // The trial and subscription state the server now holds (the product brief, section 4, stores
      // freeTrial 0 and active when it is charged today; a trial kept keeps its days); the plan shown on home follows.
      const bought = result.plan;
      updateSession({
        userData: {
          freeTrial: result.freeTrial,
          subscriptionActive: result.subscriptionActive,
          ...(bought && {
            plan: {
              id: bought.id,
              name: bought.name,
              price: bought.price,
              quota: bought.quota,
              pagesPerPdf: bought.pagesPerPdf,
            },
          }),
        },
      });
      const state: SuccessState = { message: MESSAGES.subscriptionActivated };
      void navigate('/success', { state, replace: true });
    } catch (error) {
      orderKey.settle(error);
      setOrderError(errorText(t, error));
      setPlacing(false);
    }
  };

  const steps = [{ title: t('checkout.steps.payment') }, { title: t('checkout.steps.review') }];

  return (
    <PagePanel title={t('pages.checkout')}>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={() => void navigate('/settings')}
        className="payments-back"
      >
        {t('checkout.back')}
      </Button>
      <Steps current={step} items={steps} responsive={false} size="small" className="payments-gap-below-lg" />
      <div className={wide ? 'payments-checkout payments-checkout-wide' : 'payments-checkout'}>
        <div>
          {step === 0 ? (
            <section aria-labelledby="checkout-step-title">
              <h2 id="checkout-step-title" className="payments-section-title">
                {t('checkout.steps.payment')}
              </h2>
              {plan.price === 0 && (
                <Alert
                  type="info"
                  showIcon
                  message={t('checkout.freePlan')}
                  action={
                    <Button size="small" type="primary" onClick={() => setStep(1)}>
                      {t('checkout.continue')}
                    </Button>
                  }
                  className="payments-gap-below-lg"
                />
              )}
              {savedCard && (
                <Card className="payments-saved-card">
                  <Flex wrap gap={token.marginSM} align="center" justify="space-between">
                    <span>
                      {t('checkout.savedCard')} <CardLabel card={savedCard} />
                    </span>
                    <Button
                      onClick={() => {
                        setCard(savedCard);
                        setStep(1);
                      }}
                    >
                      {t('checkout.useSavedCard')}
                    </Button>
                  </Flex>
                </Card>
              )}
              {savedCard && (
                <p className="payments-note" style={{ color: token.colorTextSecondary }}>
                  {t('checkout.orAddCard')}
                </p>
              )}
              <CardForm onSubmit={onAddCard} submitLabel={t('checkout.addCard')} idPrefix="checkout-card" />
            </section>
          ) : (
            <section aria-labelledby="checkout-step-title">
              <h2 id="checkout-step-title" className="payments-section-title">
                {t('checkout.steps.review')}
              </h2>
              {mine.error && (
                <Alert type="error" showIcon message={errorText(t, mine.error)} className="payments-gap-below-lg" />
              )}
              {orderError && (
                <Alert
                  type="error"
                  showIcon
                  closable
                  message={orderError}
                  onClose={() => setOrderError(null)}
                  className="payments-gap-below-lg"
                />
              )}
              <Descriptions
                bordered
                column={1}
                size="middle"
                items={[
                  { key: 'plan', label: t('checkout.review.plan'), children: planName(t, plan.name) },
                  {
                    key: 'billing',
                    label: t('checkout.review.billing'),
                    children: terms ? billingText(t, terms) : t('checkout.review.checking'),
                  },
                  ...(card
                    ? [{ key: 'card', label: t('checkout.review.card'), children: <CardLabel card={card} /> }]
                    : []),
                  {
                    key: 'total',
                    label: t('checkout.review.total'),
                    children: terms ? <strong>{formatUsd(terms.dueTodayCents)}</strong> : '…',
                  },
                ]}
              />
              {note && <Alert type="info" showIcon message={note} className="payments-gap-above-lg" />}
              <Flex gap={token.marginSM} justify="flex-end" wrap className="payments-gap-above-lg">
                <Button size="large" onClick={() => setStep(0)} disabled={placing}>
                  {t('checkout.changeCard')}
                </Button>
                <Button
                  type="primary"
                  size="large"
                  loading={placing}
                  disabled={!terms}
                  onClick={() => void placeOrder()}
                >
                  {t('checkout.placeOrder')}
                </Button>
              </Flex>
            </section>
          )}
        </div>
        {/* On narrow screens the plan comes first (payments.css): people see what they buy before the card form. */}
        <div className="payments-checkout-plan">
          <PlanSummary plan={plan} markdown={markdown} trialEndsAt={terms?.trialEndsAt ?? null} />
        </div>
      </div>
    </PagePanel>
  );
}
