/**
 * The gallery screen's calls that Refine's data hooks cannot make: an upload with progress and
 * cancel (uploadWithProgress), and an image's bytes read
 * with the session's token (the routes are signed-in, so a plain <img src> cannot load them).
 */
import { useEffect, useState } from 'react';
import { GALLERY_API, type GalleryImage } from '../../domain/gallery/gallery';
import { http, uploadWithProgress } from '../../providers/http';

/** Sends one image; `cancel` aborts it (the server then keeps nothing). */
export function uploadImage(file: File, venueId: string | null, onProgress: (fraction: number) => void) {
  return uploadWithProgress<GalleryImage>(
    GALLERY_API.gallery,
    () => {
      const f = new FormData();
      // A mover's gallery has no venues: its images are the business's own.
      if (venueId) f.append('venueId', venueId);
      f.append('image', file, file.name);
      return f;
    },
    onProgress,
  );
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
