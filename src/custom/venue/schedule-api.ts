/**
 * The schedule screen's calls on Refine's data layer: the venue's week and special dates
 * through useApiQuery (re-read after every change), changes through useCustomMutation (their
 * answers are not read: the schedule is read again instead).
 */
import { useCallback } from 'react';
import { useCustomMutation } from '@refinedev/core';
import type { coveredAnswer } from '../../domain/closures';
import type { ScheduleInput, SpecialDateInput } from '../../domain/venue/schedule';
import { VENUE_API, venuePath } from '../../domain/venue/api';
import type { scheduleAnswer } from '../../domain/venue/wire';
import { useApiMutation, useApiQuery } from '../../providers/use-api';

export type { Schedule } from '../../domain/venue/wire';

export function useSchedule(venueId: string) {
  const url = venuePath(VENUE_API.schedule, { venueId });
  const { data: schedule, query, reread } = useApiQuery<typeof scheduleAnswer>({ url });
  const { mutateAsync, mutation } = useCustomMutation();
  const dryRun = useApiMutation<typeof coveredAnswer>();
  const send = useCallback(
    async (method: 'put' | 'post' | 'delete', path: string, values: object = {}) => {
      await mutateAsync({ url: path, method, values, successNotification: false, errorNotification: false });
      await reread();
    },
    [mutateAsync, reread],
  );
  return {
    schedule,
    error: query.error,
    saving: mutation.isPending,
    saveWeek: (input: ScheduleInput) => send('put', url, input),
    addSpecialDate: (input: SpecialDateInput) => send('post', venuePath(VENUE_API.specialDates, { venueId }), input),
    removeSpecialDate: (id: string) => send('delete', venuePath(VENUE_API.specialDate, { venueId, id })),
    /** The dry run: the reservations this date would cover (nothing is written, nothing re-read). */
    previewSpecialDate: async (input: SpecialDateInput) =>
      (
        await dryRun.send({
          url: venuePath(VENUE_API.specialDatesAffected, { venueId }),
          method: 'post',
          values: input,
        })
      ).affected,
  };
}
