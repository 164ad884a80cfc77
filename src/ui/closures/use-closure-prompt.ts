import { useState } from 'react';
import type { CoveredBooking, CoveredChoice } from '../../domain/closures';
import { isApiError } from '../../providers/http';

/**
 * The schedule screens' way of closing days that have bookings (src/domain/closures.ts): ask the
 * server which bookings the change would cover, save at once when none, else hold the input
 * until the owner answers in CoveredBookingsDialog. `submit` and `choose` resolve true once
 * saved, false while the question is open; they reject as the calls do (the screen shows it).
 */
export function useClosurePrompt<I extends object>(
  preview: (input: I) => Promise<CoveredBooking[]>,
  write: (input: I & { affected?: CoveredChoice }) => Promise<void>,
) {
  const [pending, setPending] = useState<{ input: I; affected: CoveredBooking[] } | null>(null);

  const ask = async (input: I) => {
    const affected = await preview(input);
    if (affected.length) setPending({ input, affected });
    return affected.length > 0;
  };

  const submit = async (input: I): Promise<boolean> => {
    if (await ask(input)) return false;
    try {
      await write(input);
      return true;
    } catch (error) {
      // Someone booked on those days since the dry run: the server refused; ask about them now.
      if (isApiError(error) && error.statusCode === 409 && error.errors.affected && (await ask(input))) return false;
      throw error;
    }
  };

  const choose = async (affected: CoveredChoice): Promise<boolean> => {
    if (!pending) return false;
    try {
      await write({ ...pending.input, affected });
      return true;
    } finally {
      setPending(null);
    }
  };

  return { pending: pending?.affected ?? null, submit, choose, cancel: () => setPending(null) };
}
