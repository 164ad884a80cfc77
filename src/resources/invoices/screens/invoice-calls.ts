/**
 * The invoice pages' calls beyond the engine's: the business's invoice settings (useCustom), the
 * status moves and the pay link (useCustomMutation, then the invoice is read again), and the PDF
 * as a blob through the app's http client (the call needs the session's token).
 */
import { useCustom, useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import { INVOICE_SETTINGS_API, INVOICES_API, type InvoiceSettingsInput } from '../../../domain/invoices/invoices';
import { http } from '../../../providers/http';
import { getStoredUser } from '../../../providers/session';

export interface InvoiceSettings extends InvoiceSettingsInput {
  businessId: string;
  nextNumberPreview: string;
}

/** The signed-in mover's business id (the settings are read by it: GET /{id}). */
export const myBusinessId = () => getStoredUser()?.userData.business?.id ?? '';

export function useInvoiceSettings() {
  const id = myBusinessId();
  const { query } = useCustom<BaseRecord>({
    url: `${INVOICE_SETTINGS_API}/${id}`,
    method: 'get',
    queryOptions: { queryKey: ['invoiceSettings', id], enabled: !!id },
    errorNotification: false,
  });
  return {
    settings: (query.data?.data as unknown as InvoiceSettings | undefined) ?? null,
    loading: query.isLoading,
    error: query.error,
  };
}

export function useSaveInvoiceSettings() {
  const mutation = useCustomMutation<BaseRecord>();
  const invalidate = useInvalidate();
  const save = async (values: InvoiceSettingsInput) => {
    const { data } = await mutation.mutateAsync({
      url: INVOICE_SETTINGS_API,
      method: 'post',
      values,
      successNotification: false,
      errorNotification: false,
    });
    await invalidate({ resource: 'invoices', invalidates: ['list'] });
    return data as unknown as InvoiceSettings;
  };
  return { save, pending: mutation.mutation.isPending };
}

export type InvoiceAction = 'send' | 'mark-paid' | 'void' | 'pay-link';

/** One action of the show page; afterwards the invoice (and its history) is read again. */
export function useInvoiceAction(id: string) {
  const mutation = useCustomMutation<BaseRecord>();
  const invalidate = useInvalidate();
  const run = async (action: InvoiceAction) => {
    const { data } = await mutation.mutateAsync({
      url: `${INVOICES_API}/${id}/${action}`,
      method: 'post',
      values: {},
      successNotification: false,
      errorNotification: false,
    });
    await invalidate({ resource: 'invoices', id, invalidates: ['detail', 'list'] });
    return data as unknown as Record<string, unknown>;
  };
  return { run, pending: mutation.mutation.isPending };
}

/** The invoice as a PDF, named by the server (content-disposition). */
export async function downloadInvoicePdf(id: string): Promise<{ blob: Blob; filename: string }> {
  const { data, headers } = await http.get<Blob>(`${INVOICES_API}/${id}/pdf`, { responseType: 'blob' });
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'invoice.pdf';
  return { blob: data, filename };
}
