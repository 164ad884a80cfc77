/** The quote page's calls beyond the engine's: send (useCustomMutation, then the quote is read again), the PDF, and the move's fit. */
import { useEffect, useState } from 'react';
import { useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import {
  MAX_HOURS,
  MIN_HOURS,
  QUOTE_FIT_API,
  QUOTES_API,
  type QuoteMove,
  type QuoteMoveFit,
} from '../../../domain/quotes/quotes';
import * as z from 'zod/mini';
import { hoursSchema } from '../../../domain/resources/field-rules';
import { http } from '../../../providers/http';
import { useInvoiceSettings } from '../../invoices/screens/invoice-calls';

/** The estimated hours' own rule (the form's), so the move is asked about only once it would save. */
const MOVE_HOURS = hoursSchema(MIN_HOURS, MAX_HOURS);

/**
 * The tax rate a new quote starts at: the business's default invoice rate (its invoice settings,
 * read by the business id as the invoice pages read them, the same cached answer); 0 when unset.
 */
export function useDefaultTaxRate() {
  const { settings, loading } = useInvoiceSettings();
  return { taxRate: settings?.defaultTaxRate ?? 0, loading };
}

export function useSendQuote(id: string) {
  const mutation = useCustomMutation<BaseRecord>();
  const invalidate = useInvalidate();
  const send = async () => {
    try {
      await mutation.mutateAsync({
        url: `${QUOTES_API}/${id}/send`,
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
    } finally {
      // Refused too: another tab may have sent it meanwhile (src/resources/invoices/screens/invoice-calls.ts).
      await invalidate({ resource: 'quotes', id, invalidates: ['detail', 'list'] });
    }
  };
  return { send, pending: mutation.mutation.isPending };
}

/** The quote as a PDF, named by the server (content-disposition); the call needs the session's token. */
export async function downloadQuotePdf(id: string): Promise<{ blob: Blob; filename: string }> {
  const { data, headers } = await http.get<Blob>(`${QUOTES_API}/${id}/pdf`, { responseType: 'blob' });
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'quote.pdf';
  return { blob: data, filename };
}

/**
 * Whether the move can be booked now (the bookings' rule, on the server), for the form while the
 * mover types and for a quote's page. Asked once the three values settle (400 ms), the last answer
 * kept; null while unknown (a value missing or not yet valid: the form's own rules speak then).
 */
export function useMoveFit(move: Partial<QuoteMove> | null): QuoteMoveFit | null {
  const [fit, setFit] = useState<{ key: string; fit: QuoteMoveFit } | null>(null);
  const ready =
    move &&
    typeof move.moveDate === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(move.moveDate) &&
    typeof move.startTime === 'string' &&
    /^\d{2}:\d{2}$/.test(move.startTime) &&
    z.safeParse(MOVE_HOURS, move.estimatedHours).success;
  const key = ready ? `${move.moveDate}|${move.startTime}|${move.estimatedHours}` : '';
  useEffect(() => {
    if (!key) return;
    const [moveDate, startTime, estimatedHours] = key.split('|');
    const controller = new AbortController();
    const timer = setTimeout(() => {
      http
        .get<QuoteMoveFit>(QUOTE_FIT_API, { query: { moveDate, startTime, estimatedHours }, signal: controller.signal })
        .then(({ data }) => setFit({ key, fit: data }))
        // Unknown stays unknown: sending checks again and says why.
        .catch(() => undefined);
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return fit && fit.key === key ? fit.fit : null;
}
