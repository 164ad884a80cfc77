/**
 * The form builder's calls (src/domain/forms/api.ts), typed by the routes' wire schemas
 * (src/domain/forms/wire.ts) through the project's call hooks and Refine's list hook.
 */
import { useList } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { FORM_API, formFilePath, formPath, notSpamPath } from '../../domain/forms/api';
import type { FormDefinition } from '../../domain/forms/definition';
import type { CreateFormInput, SubmissionInput } from '../../domain/forms/requests';
import type {
  formDeletedAnswer,
  FormDeleted,
  formDetail,
  FormSummary,
  FormUpload,
  NotSpamResult,
  notSpamAnswer,
  PublicForm,
  Submission,
} from '../../domain/forms/wire';
import { http, uploadWithProgress } from '../../providers/http';
import { useApiMutation, useApiQuery } from '../../providers/use-api';
import { filenameFromDisposition, saveBlob } from '../../ui/download';

export function useFormsList(page: number, perPage: number) {
  const { result, query } = useList<FormSummary>({
    resource: 'forms',
    meta: { path: FORM_API.forms },
    pagination: { currentPage: page, pageSize: perPage, mode: 'server' },
    errorNotification: false,
  });
  return { rows: result.data, total: result.total ?? 0, loading: query.isLoading };
}

export function useFormDetail(slug: string) {
  return useApiQuery<typeof formDetail>({ url: formPath('form', slug), queryOptions: { retry: false } });
}

/** The builder's writes; each answers the form as it now is, and lists and details are read again. */
export function useFormWrites() {
  const queryClient = useQueryClient();
  const { send, isPending } = useApiMutation<typeof formDetail>();
  const write = async (url: string, method: 'post' | 'put' | 'patch', values: unknown) => {
    const form = await send({ url, method, values });
    await queryClient.invalidateQueries();
    return form;
  };
  return {
    busy: isPending,
    create: (input: CreateFormInput) => write(FORM_API.forms, 'post', input),
    rename: (slug: string, input: { name?: string; slug?: string }) => write(formPath('form', slug), 'patch', input),
    /** `updatedAt`: the form as this tab last had it (use-form-version.ts); saved since elsewhere, 409. */
    saveDraft: (slug: string, draft: FormDefinition, updatedAt?: string) =>
      write(formPath('draft', slug), 'put', updatedAt ? { ...draft, updatedAt } : draft),
    publish: (slug: string, confirmBreaking: boolean) => write(formPath('publish', slug), 'post', { confirmBreaking }),
    /** false: the public address stops taking answers (and says so); true: takes them again. */
    setAccepting: (slug: string, accepting: boolean) => write(formPath('accepting', slug), 'put', { accepting }),
  };
}

/**
 * Deleting a form with its answers and files. `before` runs once the server deleted it and
 * before the lists are read again (the page leaves the form first, so its own read, now a 404,
 * is not made again). Answers how many answers went with it.
 */
export function useDeleteForm() {
  const queryClient = useQueryClient();
  const { send, isPending } = useApiMutation<typeof formDeletedAnswer>();
  return {
    busy: isPending,
    remove: async (slug: string, before: () => void): Promise<FormDeleted> => {
      const result = await send({ url: formPath('form', slug), method: 'delete' });
      before();
      await queryClient.invalidateQueries();
      return result;
    },
  };
}

/** A form's answers, or with `spam` those kept as spam (sent faster than a person fills a form in). */
export function useSubmissions(
  slug: string,
  { version, q, spam }: { version?: number; q: string; spam: boolean },
  page: number,
  perPage: number,
) {
  const { result, query } = useList<Submission>({
    resource: 'formSubmissions',
    meta: { path: formPath('submissions', slug) },
    pagination: { currentPage: page, pageSize: perPage, mode: 'server' },
    filters: [
      ...(version ? [{ field: 'version', operator: 'eq' as const, value: version }] : []),
      ...(q ? [{ field: 'q', operator: 'eq' as const, value: q }] : []),
      ...(spam ? [{ field: 'spam', operator: 'eq' as const, value: 'true' }] : []),
    ],
    errorNotification: false,
  });
  return { rows: result.data, total: result.total ?? 0, loading: query.isLoading };
}

/**
 * "Not spam": the submission joins the answers; the lists and the form's counts are read again.
 * Answers why no contact was saved for it, if the contact mapping refused one.
 */
export function useNotSpam(slug: string) {
  const queryClient = useQueryClient();
  const { send, isPending } = useApiMutation<typeof notSpamAnswer>();
  return {
    busy: isPending,
    notSpam: async (id: string): Promise<NotSpamResult> => {
      const result = await send({ url: notSpamPath(slug, id), method: 'post' });
      await queryClient.invalidateQueries();
      return result;
    },
  };
}

/** Every submission as CSV, saved under the server's file name. */
export async function downloadSubmissions(slug: string): Promise<void> {
  const { data, headers } = await http.get<Blob>(formPath('export', slug), { responseType: 'blob' });
  saveBlob(data, filenameFromDisposition(headers.get('content-disposition'), `${slug}-submissions.csv`));
}

/** The public form (no session, so plain calls): an old slug's 308 is followed by the browser. */
export async function getPublicForm(slug: string): Promise<PublicForm> {
  return (await http.get<PublicForm>(formPath('publicForm', slug))).data;
}

export async function submitAnswers(slug: string, body: SubmissionInput): Promise<void> {
  await http.post(formPath('submit', slug), body);
}

/** A file field's file, sent for the form opened (its start token); the answer's id is the field's answer. */
export function uploadFormFile(
  slug: string,
  startToken: string,
  key: string,
  file: File,
  onProgress: (fraction: number) => void,
) {
  const query = new URLSearchParams({ field: key, startToken });
  return uploadWithProgress<FormUpload>(
    `${formPath('upload', slug)}?${query}`,
    () => {
      const form = new FormData();
      form.append('file', file, file.name);
      return form;
    },
    onProgress,
  );
}

/** A submitted file, read with the admin's sign-in and saved under its own name. */
export async function downloadSubmittedFile(slug: string, id: string, name: string): Promise<void> {
  const { data, headers } = await http.get<Blob>(formFilePath(slug, id), { responseType: 'blob' });
  saveBlob(data, filenameFromDisposition(headers.get('content-disposition'), name));
}
