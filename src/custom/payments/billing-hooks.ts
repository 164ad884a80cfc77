import { useCallback } from 'react';
import { useCustom, useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core';
import { API } from '../../domain/api-paths';
import type { AddCardPayloadInput } from '../../domain/payments/card-schema';
import type { Plan, SubscriptionChange, UserPlanState } from './billing-api';
import { idempotencyHeader, type SavedCard } from './payments-api';

/**
 * The payments area's calls on Refine's data layer (docs/architecture.md, "Data on the
 * client"): reads through `useCustom` (cached and shared between screens, re-read when a screen
 * mounts), changes through `useCustomMutation`. Refine's own notices stay off: each screen says
 * what happened in its own words (errorText), as before.
 */

/** A GET through the data provider; `data` is undefined until it answers (null stays null). */
function useGet<T>(url: string, enabled = true) {
  // useCustom's types want a record; arrays and null answers are what these endpoints send.
  const { query } = useCustom<BaseRecord>({
    url,
    method: 'get',
    errorNotification: false,
    queryOptions: { enabled },
  });
  const { refetch } = query;
  return {
    data: query.data?.data as T | undefined,
    loading: query.isLoading,
    error: query.error,
    reload: useCallback(() => void refetch(), [refetch]),
  };
}

export const useCards = () => useGet<SavedCard[]>(API.cards);
export const useDefaultCard = (enabled: boolean) => useGet<SavedCard | null>(API.defaultCard, enabled);
export const useUserPlan = () => useGet<UserPlanState>(API.userPlan);
export const usePlansForRole = () => useGet<Plan[]>(API.plansByRole);

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/** The payment changes; each resolves with the server's answer or throws its error. */
export function usePaymentActions() {
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord, HttpError, unknown>();
  const send = useCallback(
    async <T>(method: 'post' | 'patch' | 'delete', url: string, values?: unknown, headers?: Record<string, string>) =>
      (
        await mutateAsync({
          url,
          method,
          values,
          config: headers ? { headers } : undefined,
          successNotification: false,
          errorNotification: false,
        })
      ).data as T,
    [mutateAsync],
  );
  return {
    pending: mutation.isPending,
    /** A new card; its own Idempotency-Key (a second press is a second card only if it is a new decision). */
    addCard: useCallback(
      (payload: AddCardPayloadInput) =>
        send<SavedCard>('post', API.addPaymentMethod, payload, idempotencyHeader(crypto.randomUUID())),
      [send],
    ),
    setDefaultCard: useCallback(
      (cardId: string) => send<unknown>('patch', withQuery(API.setDefaultCard, { cardId })),
      [send],
    ),
    deleteCard: useCallback((cardId: string) => send<unknown>('delete', withQuery(API.deleteCard, { cardId })), [send]),
    /** POST subscription with the plan (and the card chosen at checkout), under one Idempotency-Key. */
    createSubscription: useCallback(
      (planId: string, key: string, cardId?: string) =>
        send<SubscriptionChange>(
          'post',
          API.subscription,
          cardId ? { planId, cardId } : { planId },
          idempotencyHeader(key),
        ),
      [send],
    ),
    /** PATCH subscription: stop it. */
    stopSubscription: useCallback(
      (key: string) => send<SubscriptionChange>('patch', API.subscription, undefined, idempotencyHeader(key)),
      [send],
    ),
  };
}
