/**
 * The invoice pages' calls beyond the engine's: the business's invoice settings (useApiQuery),
 * saving them and the status moves and the pay link (useApiMutation, then the invoices are read
 * again), and the PDF as a blob through the app's http client (the call needs the session's token).
 */
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { INVOICE_SETTINGS_API, INVOICES_API, type InvoiceSettingsInput } from '../../../domain/invoices/invoices';
import type { invoiceSettingsAnswer, PayLink, payLinkAnswer } from '../../../domain/invoices/wire';
import { fieldMessage, http } from '../../../providers/http';
import { getStoredUser } from '../../../providers/session';
import { useApiMutation, useApiQuery } from '../../../providers/use-api';

export type { InvoiceSettings } from '../../../domain/invoices/wire';

/** The signed-in mover's business id (the settings are read by it: GET /{id}). */
export const myBusinessId = () => getStoredUser()?.userData.business?.id ?? '';

export function useInvoiceSettings() {
  const id = myBusinessId();
  const { data, query } = useApiQuery<typeof invoiceSettingsAnswer>({
    url: `${INVOICE_SETTINGS_API}/${id}`,
    queryOptions: { queryKey: ['invoiceSettings', id], enabled: !!id },
  });
  return { settings: data ?? null, loading: query.isLoading, error: query.error };
}

export function useSaveInvoiceSettings() {
  const { send, isPending } = useApiMutation<typeof invoiceSettingsAnswer>();
  const invalidate = useInvalidate();
  const save = async (values: InvoiceSettingsInput) => {
    const settings = await send({ url: INVOICE_SETTINGS_API, method: 'post', values });
    await invalidate({ resource: 'invoices', invalidates: ['list'] });
    return settings;
  };
  return { save, pending: isPending };
}

/** A move of the invoice's status (its answer, the invoice, is read again through the engine). */
export type InvoiceMove = 'send' | 'mark-paid' | 'void';
export type InvoiceAction = InvoiceMove | 'pay-link';

/**
 * The show page's actions; afterwards the invoice (and its history) is read again, refused or
 * not: a refusal ('This status cannot follow the current one') mostly means another tab or
 * person moved it meanwhile, and the page must then show where it is now, not keep offering
 * moves it no longer has. A move answers the engine's record, which is not read here (the
 * engine reads the invoice again); the pay link answers the link.
 */
export function useInvoiceAction(id: string) {
  const moving = useCustomMutation();
  const linking = useApiMutation<typeof payLinkAnswer>();
  const invalidate = useInvalidate();
  const url = (action: InvoiceAction) => `${INVOICES_API}/${id}/${action}`;
  const reread = () => invalidate({ resource: 'invoices', id, invalidates: ['detail', 'list'] });
  const move = async (action: InvoiceMove) => {
    try {
      await moving.mutateAsync({
        url: url(action),
        method: 'post',
        values: {},
        successNotification: false,
        errorNotification: false,
      });
    } catch (error) {
      // The reason of a refused move is on `status`, under the generic 'Some fields are not valid'.
      const reason = fieldMessage(error, 'status');
      throw reason ? new Error(reason) : error;
    } finally {
      await reread();
    }
  };
  const payLink = async (): Promise<PayLink> => {
    try {
      return await linking.send({ url: url('pay-link'), method: 'post' });
    } finally {
      await reread();
    }
  };
  return { move, payLink, pending: moving.mutation.isPending || linking.isPending };
}

/** The invoice as a PDF, named by the server (content-disposition). */
export async function downloadInvoicePdf(id: string): Promise<{ blob: Blob; filename: string }> {
  const { data, headers } = await http.get<Blob>(`${INVOICES_API}/${id}/pdf`, { responseType: 'blob' });
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'invoice.pdf';
  return { blob: data, filename };
}
