/**
 * The gallery screen's calls that Refine's data hooks cannot make: an upload with progress and
 * cancel (fetch reports no upload progress, XMLHttpRequest does), and an image's bytes read
 * with the session's token (the routes are signed-in, so a plain <img src> cannot load them).
 */
import { useEffect, useState } from 'react';
import { GALLERY_API, type GalleryImage } from '../../domain/gallery/gallery';
import { errorTextFromBody, MESSAGES } from '../../domain/messages';
import { API_BASE_URL, ApiError, http, refreshSession } from '../../providers/http';
import { getStoredUser } from '../../providers/session';

export interface UploadHandle {
  done: Promise<GalleryImage>;
  cancel: () => void;
}

function send(form: FormData, onProgress: (fraction: number) => void, xhrRef: { current: XMLHttpRequest | null }) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open('POST', `${API_BASE_URL}${GALLERY_API.gallery}`);
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
    xhr.onerror = () => reject(new ApiError(MESSAGES.connectionError, 0));
    xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
    xhr.send(form);
  });
}

/** Sends one image; `cancel` aborts it (the server then keeps nothing). */
export function uploadImage(file: File, venueId: string | null, onProgress: (fraction: number) => void): UploadHandle {
  const xhrRef: { current: XMLHttpRequest | null } = { current: null };
  let cancelled = false;
  const form = () => {
    const f = new FormData();
    // A mover's gallery has no venues: its images are the business's own.
    if (venueId) f.append('venueId', venueId);
    f.append('image', file, file.name);
    return f;
  };
  const done = (async () => {
    let answer = await send(form(), onProgress, xhrRef);
    // An expired access token: renew once (shared with every other request) and send again.
    if (answer.status === 401 && !cancelled && (await refreshSession()))
      answer = await send(form(), onProgress, xhrRef);
    if (answer.status < 200 || answer.status >= 300) throw ApiError.fromBody(answer.status, answer.body);
    const result = (answer.body as { result?: GalleryImage } | null)?.result;
    if (!result) throw new ApiError(errorTextFromBody(answer.body), answer.status);
    return result;
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      xhrRef.current?.abort();
    },
  };
}

/** An object URL of a signed-in image path, revoked when the path changes or the screen closes. */
export function useImageUrl(path: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    let made: string | null = null;
    http
      .get<Blob>(path, { signal: controller.signal, responseType: 'blob' })
      .then(({ data }) => {
        made = URL.createObjectURL(data);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}
