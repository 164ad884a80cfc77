/**
 * The details page's calls beyond the engine's (src/domain/reports/deliveries.ts): the report's
 * deliveries through useApiQuery (Refine's useCustom), re-read whenever the report changes (its
 * updatedAt moves with every delivery, discount, close or reopen), and the writes through
 * useCustomMutation.
 * Files (exports, proofs) are blobs and multipart, through the app's http client.
 */
import { useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import { REPORTS_API, type ExportFormat } from '../../../domain/reports/deliveries';
import type { deliveriesAnswer } from '../../../domain/reports/wire';
import { http } from '../../../providers/http';
import { useApiQuery } from '../../../providers/use-api';

export type { Delivery } from '../../../domain/reports/wire';

export function useDeliveries(reportId: string, version: unknown) {
  const { data, query } = useApiQuery<typeof deliveriesAnswer>({
    url: REPORTS_API.deliveries,
    query: { reportId },
    queryOptions: { queryKey: ['reports', 'deliveries', reportId, version], enabled: !!reportId },
  });
  return { deliveries: data ?? null, error: query.error };
}

type Method = 'post' | 'put' | 'patch' | 'delete';

/** One write of the page; afterwards the report (and with it the deliveries and history) is read again. */
export function useReportWrite(reportId: string) {
  const mutation = useCustomMutation<BaseRecord>();
  const invalidate = useInvalidate();
  const write = async (method: Method, url: string, values: object = {}, query?: Record<string, string>) => {
    const { data } = await mutation.mutateAsync({
      // The brief's query ids (reportId, id) ride in the URL: this hook sends only a body.
      url: query ? `${url}?${new URLSearchParams(query).toString()}` : url,
      method,
      values,
      successNotification: false,
      errorNotification: false,
    });
    await refresh();
    return data as unknown;
  };
  const refresh = () => invalidate({ resource: 'reports', id: reportId, invalidates: ['detail', 'list'] });
  return { write, refresh, pending: mutation.mutation.isPending };
}

/** The report as a file, named by the server (content-disposition). */
export async function downloadExport(
  reportId: string,
  format: ExportFormat,
): Promise<{ blob: Blob; filename: string }> {
  const { data, headers } = await http.get<Blob>(REPORTS_API.export, {
    query: { reportId, format },
    responseType: 'blob',
  });
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? `report.${format}`;
  return { blob: data, filename: decodeURIComponent(filename) };
}

export async function uploadProof(deliveryId: string, file: File) {
  const body = new FormData();
  body.append('proof', file);
  await http.post(REPORTS_API.deliveryProof, body, { query: { id: deliveryId } });
}

/** The proof image as an object URL (the call needs the session's token, so no plain <img src>). */
export async function proofUrl(deliveryId: string): Promise<string> {
  const { data } = await http.get<Blob>(REPORTS_API.deliveryProof, { query: { id: deliveryId }, responseType: 'blob' });
  return URL.createObjectURL(data);
}
