import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../../domain/api-paths';
import { MESSAGES } from '../../../domain/messages';
import { formatUsd } from '../../../domain/money';
import type {
  balanceAnswer,
  bankAccountsAnswer,
  connectAccountAnswer,
  linkAnswer,
  payoutAnswer,
  payoutsAnswer,
} from '../../../domain/payments/connect-wire';
import { errorText } from '../../../providers/i18n/translate-message';
import { showToast } from '../../../providers/notification/toast-bus';
import { readCents } from '../../../ui/forms/number-text';
import { useApiFetch, useApiMutation, useApiQuery } from '../../../providers/use-api';
import { useSession } from '../../../providers/use-session';
import { idempotencyHeader, IntentKey } from '../payments-api';
import { appUrl } from './connect-api';

export type ConnectAction = 'create' | 'onboard' | 'dashboard' | 'payout';

/**
 * The payout account and what hangs on it (bank accounts, balance, payouts), read through the
 * wire schemas, and the Dashboard's actions. A failed action is said until the next one or the
 * next reading; a failed reading until it is closed or read again.
 */
export function useConnectAccount() {
  const { t } = useTranslation();
  const userId = useSession()?.userData.id ?? '';
  // The account first; its bank accounts, balance and payouts once there is one.
  const accountRead = useApiQuery<typeof connectAccountAnswer>({ url: API.accountStatus, query: { userId } });
  const account = accountRead.data ?? null;
  const connected = !!account && account.status !== 'none';
  const banksRead = useApiQuery<typeof bankAccountsAnswer>({
    url: API.externalAccounts,
    queryOptions: { enabled: connected },
  });
  const balanceRead = useApiQuery<typeof balanceAnswer>({ url: API.balances, queryOptions: { enabled: connected } });
  const payoutsRead = useApiQuery<typeof payoutsAnswer>({ url: API.payouts, queryOptions: { enabled: connected } });
  const createAccount = useApiMutation<typeof connectAccountAnswer>();
  const createPayout = useApiMutation<typeof payoutAnswer>();
  const fetchApi = useApiFetch();

  const [actionError, setActionError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  const reads = [accountRead, banksRead, balanceRead, payoutsRead];
  const readError = reads.find((read) => read.query.error)?.query.error ?? null;
  const error = actionError ?? (readError && readError !== dismissed ? errorText(t, readError) : null);
  const [busy, setBusy] = useState<ConnectAction | null>(null);
  const [createKey] = useState(() => new IntentKey());
  const [payoutKey] = useState(() => new IntentKey());

  /** Reads the account again, and what hangs on it. */
  const reload = async () => {
    await Promise.all((connected ? reads : [accountRead]).map((read) => read.reread()));
    setActionError(null);
  };

  const run = async (kind: ConnectAction, action: () => Promise<void>) => {
    setBusy(kind);
    setActionError(null);
    try {
      await action();
    } catch (err) {
      setActionError(errorText(t, err));
    } finally {
      setBusy(null);
    }
  };

  /** Sends a money-moving request under its intent's key (payments-api.ts IntentKey). */
  const once = async <T>(key: IntentKey, send: (headers: Record<string, string>) => Promise<T>) => {
    try {
      const answer = await send(idempotencyHeader(key.value));
      key.settle();
      return answer;
    } catch (err) {
      key.settle(err);
      throw err;
    }
  };

  /** A link fetched when pressed (it is single-use: never cached). */
  const link = async (url: string, query?: Record<string, string>) =>
    appUrl((await fetchApi<typeof linkAnswer>(url, query)).url);

  return {
    account,
    banks: banksRead.data ?? [],
    balance: balanceRead.data ?? null,
    payouts: payoutsRead.data ?? [],
    error,
    dismissError: () => {
      setActionError(null);
      setDismissed(readError);
    },
    busy,
    reload,
    create: () =>
      run('create', async () => {
        await once(createKey, (headers) =>
          createAccount.send({ url: API.createConnectedAccount, method: 'post', headers }),
        );
        await reload();
      }),
    onboard: () =>
      run('onboard', async () => {
        window.location.assign(await link(API.externalAccountLink, { userId }));
      }),
    openDashboard: () =>
      run('dashboard', async () => {
        window.open(await link(API.dashboardLink), '_blank', 'noopener,noreferrer');
      }),
    /** Pays out `amountText` (dollars as typed); resolves true when the payout was made. */
    payout: (amountText: string) => {
      let made = false;
      return run('payout', async () => {
        // Refused in words, never sent as something else: text, a part of a cent, nothing.
        const cents = readCents(amountText);
        if (typeof cents === 'string') throw new Error(MESSAGES.numberInvalid);
        if (cents !== null && !Number.isInteger(cents)) throw new Error(MESSAGES.amountInvalid);
        if (cents === null || cents < 1) throw new Error(MESSAGES.amountRequired);
        const payout = await once(payoutKey, (headers) =>
          createPayout.send({ url: API.payouts, method: 'post', values: { amount: cents }, headers }),
        );
        showToast({
          kind: 'message',
          type: 'success',
          content: t('payments.connect.payoutCreated', { amount: formatUsd(payout.amount) }),
        });
        made = true;
        await reload();
      }).then(() => made);
    },
  };
}
