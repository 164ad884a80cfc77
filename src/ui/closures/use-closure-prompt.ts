import { useState } from 'react';
import type { CoveredBooking, CoveredChoice } from '../../domain/closures';
import { isApiError } from '../../providers/http';

/**
 * The schedule screens' way of closing days that have bookings (src/domain/closures.ts): ask the
 * server which bookings the change would cover, save at once when none, else hold the input
 * until the owner answers in CoveredBookingsDialog. `save` (the form's button) and `answer` (the
 * dialog's choice) call `onSaved` once written and `onFailed` with what the calls rejected with
 * (the screen shows it); while the question is open neither is called.
 */
export function useClosurePrompt<I extends object>(
  preview: (input: I) => Promise<CoveredBooking[]>,
  write: (input: I & { affected?: CoveredChoice }) => Promise<void>,
  { onSaved, onFailed }: { onSaved: () => void; onFailed: (error: unknown) => void },
) {
  const [pending, setPending] = useState<{ input: I; affected: CoveredBooking[] } | null>(null);

  const ask = async (input: I) => {
    const affected = await preview(input);
    if (affected.length) setPending({ input, affected });
    return affected.length > 0;
  };

  /** True once saved, false while the question is open; rejects as the calls do. */
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

  /** Runs one step and reports it: saved, failed, or nothing while the owner is asked. */
  const report = async (step: Promise<boolean>) => {
    try {
      if (await step) onSaved();
    } catch (error) {
      onFailed(error);
    }
  };

  return {
    pending: pending?.affected ?? null,
    save: (input: I) => report(submit(input)),
    answer: (choice: CoveredChoice) => report(choose(choice)),
    cancel: () => setPending(null),
  };
}
