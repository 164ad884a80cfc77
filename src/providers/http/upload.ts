/**
 * A signed-in multipart POST with upload progress and cancel, for the screens that show a bar
 * (the gallery, document chat): fetch reports no upload progress, XMLHttpRequest does. An expired
 * access token is renewed once (shared with every other request) and the form sent again.
 */
import { errorTextFromBody, HTTP_MESSAGES } from '../../domain/http-messages';
import { getStoredUser } from '../session';
import { ApiError } from './api-error';
import { API_BASE_URL, refreshSession } from './client';

export interface UploadHandle<T> {
  done: Promise<T>;
  cancel: () => void;
}

function send(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  onXhr: (xhr: XMLHttpRequest) => void,
) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    onXhr(xhr);
    xhr.open('POST', `${API_BASE_URL}${path}`);
    const auth = getStoredUser()?.auth.authorization;
    if (auth) xhr.setRequestHeader('Authorization', auth);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(HTTP_MESSAGES.connectionError, 0));
    xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
    xhr.send(form);
  });
}

/**
 * POSTs the form `makeForm` builds (built again for a retry: a FormData is read once) to `path`;
 * `done` is the answer's `result`, `cancel` aborts the upload (the server then keeps nothing).
 */
export function uploadWithProgress<T>(
  path: string,
  makeForm: () => FormData,
  onProgress: (fraction: number) => void,
): UploadHandle<T> {
  let current: XMLHttpRequest | null = null;
  let cancelled = false;
  const track = (xhr: XMLHttpRequest) => (current = xhr);
  const done = (async () => {
    let answer = await send(path, makeForm(), onProgress, track);
    if (answer.status === 401 && !cancelled && (await refreshSession()))
      answer = await send(path, makeForm(), onProgress, track);
    if (answer.status < 200 || answer.status >= 300) throw ApiError.fromBody(answer.status, answer.body);
    const result = (answer.body as { result?: T } | null)?.result;
    if (!result) throw new ApiError(errorTextFromBody(answer.body), answer.status);
    return result;
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      current?.abort();
    },
  };
}
