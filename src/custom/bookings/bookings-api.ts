/**
 * The calendar's calls (src/domain/bookings/api.ts), through Refine's hooks. Every write re-reads
 * the bookings and free slots; another tab's or device's write arrives on the live channel.
 */
import { useCustom, useCustomMutation, useList, useSubscription } from '@refinedev/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { BOOKING_API, BOOKINGS_LIVE_RESOURCE, cancelPath, reschedulePath } from '../../domain/bookings/api';
import type { BookingInput, BookingStatus, RescheduleInput } from '../../domain/bookings/rules';

export interface BookingRow {
  id: string;
  productId: string | null;
  productName: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  startsAt: string;
  endsAt: string;
  status: BookingStatus;
  notes: string;
}

/** Bookings sharing time with from…to (instants, ms). */
export function useBookings(from: number | null, to: number | null) {
  const { query } = useCustom<BookingRow[]>({
    url: BOOKING_API.bookings,
    method: 'get',
    config: { query: { from: from && new Date(from).toISOString(), to: to && new Date(to).toISOString() } },
    queryOptions: { enabled: from !== null && to !== null, placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const data = query.data?.data;
  return { bookings: Array.isArray(data) ? data : null, query };
}

export interface FreeSlotsAnswer {
  timeZone: string;
  durationMinutes: number;
  starts: string[];
}

export function useFreeSlots(
  from: string | null,
  to: string | null,
  what: { productId?: string; durationMinutes?: number } | null,
) {
  const { query } = useCustom<FreeSlotsAnswer>({
    url: BOOKING_API.freeSlots,
    method: 'get',
    config: { query: { from, to, ...what } },
    queryOptions: { enabled: Boolean(from && to && what) },
    errorNotification: false,
  });
  return { answer: query.data?.data ?? null, query };
}

export interface ServiceOption {
  id: string;
  name: string;
  durationMinutes: number;
}

/** The catalogue's active services (a user's; a mover has no catalogue and books by duration). */
export function useServices(enabled: boolean) {
  const { result, query } = useList<{ id: string; name: string; durationMinutes: number | null }>({
    resource: 'products',
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    filters: [
      { field: 'kind', operator: 'eq', value: 'service' },
      { field: 'active', operator: 'eq', value: true },
    ],
    sorters: [{ field: 'name', order: 'asc' }],
    queryOptions: { enabled },
    errorNotification: false,
  });
  const services: ServiceOption[] | null = enabled
    ? query.isLoading
      ? null
      : result.data
          .filter((p) => p.durationMinutes)
          .map((p) => ({ id: p.id, name: p.name, durationMinutes: p.durationMinutes! }))
    : [];
  return { services, query };
}

/** Writes; each resolves with the saved booking once the server said yes, and re-reads the calendar. */
export function useBookingWrites() {
  const queryClient = useQueryClient();
  const { mutateAsync, mutation } = useCustomMutation<BookingRow>();
  const send = async (url: string, method: 'post' | 'put' | 'patch', values: object = {}) => {
    try {
      const res = await mutateAsync({ url, method, values, successNotification: false, errorNotification: false });
      return res.data;
    } finally {
      // A 409 means the calendar was out of date: read it again either way.
      await queryClient.invalidateQueries();
    }
  };
  return {
    saving: mutation.isPending,
    book: (input: BookingInput) => send(BOOKING_API.bookings, 'post', input),
    reschedule: (id: string, input: RescheduleInput) => send(reschedulePath(id), 'put', input),
    cancel: (id: string) => send(cancelPath(id), 'patch'),
  };
}

/** Another tab or device booked, moved or cancelled: the calendar is read again. */
export function useBookingsLive() {
  const queryClient = useQueryClient();
  useSubscription({
    channel: `resources/${BOOKINGS_LIVE_RESOURCE}`,
    types: ['*'],
    params: { subscriptionType: 'useList', resource: BOOKINGS_LIVE_RESOURCE },
    onLiveEvent: () => void queryClient.invalidateQueries(),
  });
}
