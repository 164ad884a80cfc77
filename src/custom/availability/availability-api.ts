import { useCustom, useCustomMutation, useList, useSubscription } from '@refinedev/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  AVAILABILITY_API,
  AVAILABILITY_LIVE_RESOURCE,
  exceptionPath,
  timeSlotPath,
} from '../../domain/availability/api';
import type { AvailabilityException, ExceptionInput, TimeSlot, TimeSlotInput } from '../../domain/availability/rules';
import type { coveredAnswer } from '../../domain/closures';
import { useApiMutation } from '../../providers/use-api';

/**
 * The schedule screens' calls (src/domain/availability/api.ts), through Refine's hooks. Every
 * write re-reads what it can change: the slots or exceptions, and the open hours preview.
 */
export function useTimeSlots() {
  const { query } = useCustom<TimeSlot[]>({ url: AVAILABILITY_API.timeSlots, method: 'get', errorNotification: false });
  const data = query.data?.data;
  return { slots: Array.isArray(data) ? data : null, query };
}

/** A page of exceptions by start date (GET paged; the total comes from the paging-data header). */
export function useExceptions(page: number, perPage: number) {
  const { result, query } = useList<AvailabilityException>({
    resource: 'availabilityExceptions',
    meta: { path: AVAILABILITY_API.exceptions },
    pagination: { currentPage: page, pageSize: perPage, mode: 'server' },
    queryOptions: { placeholderData: keepPreviousData },
    errorNotification: false,
  });
  return { exceptions: query.isLoading ? null : result.data, total: result.total, query };
}

export interface OpenIntervalsAnswer {
  timeZone: string;
  intervals: { day: string; start: string; end: string }[];
}

export function useOpenIntervals(from: string | null, to: string | null) {
  const { query } = useCustom<OpenIntervalsAnswer>({
    url: AVAILABILITY_API.openIntervals,
    method: 'get',
    config: { query: { from, to } },
    queryOptions: { enabled: Boolean(from && to) },
    errorNotification: false,
  });
  return { answer: query.data?.data ?? null, query };
}

/** Writes; each resolves when the server said yes and the screens' data is being re-read. */
export function useAvailabilityWrites() {
  const queryClient = useQueryClient();
  const { mutateAsync, mutation } = useCustomMutation();
  const dryRun = useApiMutation<typeof coveredAnswer>();
  const send = async (url: string, method: 'post' | 'put' | 'delete', values: object = {}) => {
    await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
    await queryClient.invalidateQueries();
  };
  return {
    saving: mutation.isPending,
    saveSlot: (input: TimeSlotInput, id?: string) =>
      id ? send(timeSlotPath(id), 'put', input) : send(AVAILABILITY_API.timeSlots, 'post', input),
    removeSlot: (id: string) => send(timeSlotPath(id), 'delete'),
    addException: (input: ExceptionInput) => send(AVAILABILITY_API.exceptions, 'post', input),
    /** The dry run: the bookings this exception would cover (nothing is written, nothing re-read). */
    previewException: async (input: ExceptionInput) =>
      (await dryRun.send({ url: AVAILABILITY_API.exceptionsAffected, method: 'post', values: input })).affected,
    removeException: (id: string) => send(exceptionPath(id), 'delete'),
  };
}

/**
 * Someone else changed this business's slots or exceptions (another tab or device): the page's
 * queries are read again. One subscription per schedule page.
 */
export function useAvailabilityLive() {
  const queryClient = useQueryClient();
  useSubscription({
    channel: `resources/${AVAILABILITY_LIVE_RESOURCE}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource: AVAILABILITY_LIVE_RESOURCE },
    onLiveEvent: () => void queryClient.invalidateQueries(),
  });
}
