import { announceIfSignedOut, ApiError, errorFromText, memberApi } from '../api/client.js';
import type { ImageCandidate } from '../api/types.js';

export interface Uploaded {
  image_url: string;
  candidates: ImageCandidate[];
}

export interface Upload {
  done: Promise<Uploaded>;
  abort: () => void;
}

/**
 * Sends a file to POST /posts/{id}/images/upload (multipart `file`, and `alt_text` when given)
 * with XMLHttpRequest, the one browser API that reports how much of a request body has gone:
 * `onProgress` gets the share sent (0–1), or null while the browser cannot tell.
 */
export function uploadFile(postId: string, file: File, altText: string, onProgress: (sent: number | null) => void): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Uploaded>((resolve, reject) => {
    xhr.open('POST', memberApi(`/posts/${encodeURIComponent(postId)}/images/upload`));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable && event.total > 0 ? event.loaded / event.total : null);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as Uploaded);
        } catch {
          reject(new ApiError(xhr.status, 'http_error', 'The server’s answer to the upload could not be read.'));
        }
        return;
      }
      const error = errorFromText(xhr.status, xhr.statusText, xhr.responseText);
      announceIfSignedOut(error);
      reject(error);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload could not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.'));
    const form = new FormData();
    if (altText.trim()) form.append('alt_text', altText.trim());
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
