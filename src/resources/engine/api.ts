/**
 * The engine's calls beyond plain CRUD (which go through the Refine data provider): bulk delete
 * and actions, reference options, CSV export / import and column preferences (a record's history
 * is read by HistoryList through the data provider; HistoryEntry is its row). Paths come from the
 * shared contract (src/domain/resources/endpoints.ts).
 */
import { extraPaths } from '../../domain/resources/endpoints';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { http, type QueryValue } from '../../providers/http';

export type { HistoryEntry } from '../../domain/resources/wire';

export interface ImportProblem {
  line: number;
  field: string;
  message: string;
}
export interface ImportPreview {
  total: number;
  valid: number;
  invalid: ImportProblem[];
  preview: Record<string, unknown>[];
}
export interface ImportResult {
  imported: number;
  skipped: number;
  invalid: ImportProblem[];
}

export const PREFERENCES_PATH = '/api/User/preferences';

export async function bulkDelete(resource: ResourceDeclaration, ids: string[]): Promise<number> {
  const { data } = await http.post<{ deleted: number }>(extraPaths(resource).bulkDelete, { ids });
  return data.deleted;
}

export async function bulkAction(resource: ResourceDeclaration, action: string, ids: string[]): Promise<number> {
  const { data } = await http.post<{ updated: number }>(extraPaths(resource).bulkAction, { action, ids });
  return data.updated;
}

export async function referenceOptions(
  target: ResourceDeclaration,
  params: { query?: string; ids?: string[] },
  signal?: AbortSignal,
): Promise<{ id: string; label: string }[]> {
  const query = { query: params.query, ids: params.ids?.length ? params.ids.join(',') : undefined };
  const { data } = await http.get<{ id: string; label: string }[]>(extraPaths(target).options, { query, signal });
  return data;
}

/** The server streams every page of the current filter; the name comes from content-disposition. */
export async function exportCsv(
  resource: ResourceDeclaration,
  query: Record<string, QueryValue>,
): Promise<{ blob: Blob; filename: string }> {
  const { data, headers } = await http.get<Blob>(extraPaths(resource).exportCsv, { query, responseType: 'blob' });
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? `${resource.name}.csv`;
  return { blob: data, filename: decodeURIComponent(filename) };
}

export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function importCsv<T extends ImportPreview | ImportResult>(
  resource: ResourceDeclaration,
  file: File,
  confirm: boolean,
): Promise<T> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await http.post<T>(extraPaths(resource).importCsv, body, { query: { confirm } });
  return data;
}

export async function readPreference<T>(key: string): Promise<T | null> {
  const { data } = await http.get<T | null>(`${PREFERENCES_PATH}/${encodeURIComponent(key)}`);
  return data;
}

export async function writePreference<T>(key: string, value: T): Promise<void> {
  await http.put(`${PREFERENCES_PATH}/${encodeURIComponent(key)}`, { value });
}
