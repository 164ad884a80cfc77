/**
 * The schedule screen's calls on Refine's data layer: the venue's week and special dates
 * through useCustom (re-read after every change), changes through useCustomMutation.
 */
import { useCallback } from 'react';
import { useCustom, useCustomMutation, type BaseRecord } from '@refinedev/core';
import type { SpecialDate, WeeklyHours } from '../../domain/venue/opening-hours';
import type { ScheduleInput, SpecialDateInput } from '../../domain/venue/schedule';
import { VENUE_API, venuePath } from '../../domain/venue/api';

export interface Schedule {
  timeZone: string;
  hours: WeeklyHours[];
  specialDates: (SpecialDate & { id: string; note: string })[];
}

export function useSchedule(venueId: string) {
  const url = venuePath(VENUE_API.schedule, { venueId });
  const { query } = useCustom<BaseRecord>({ url, method: 'get', errorNotification: false });
  const { mutateAsync, mutation } = useCustomMutation();
  const { refetch } = query;
  const send = useCallback(
    async (method: 'put' | 'post' | 'delete', path: string, values: object = {}) => {
      await mutateAsync({ url: path, method, values, successNotification: false, errorNotification: false });
      await refetch();
    },
    [mutateAsync, refetch],
  );
  return {
    schedule: query.data?.data as unknown as Schedule | undefined,
    error: query.error,
    saving: mutation.isPending,
    saveWeek: (input: ScheduleInput) => send('put', url, input),
    addSpecialDate: (input: SpecialDateInput) => send('post', venuePath(VENUE_API.specialDates, { venueId }), input),
    removeSpecialDate: (id: string) => send('delete', venuePath(VENUE_API.specialDate, { venueId, id })),
  };
}
