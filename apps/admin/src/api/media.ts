import type { MediaFile, MediaPage } from '@platform/contracts/media';
import { AdminApiError, adminGet, envelopeValue, headersFor } from './client.ts';
import { currentSession } from './session-store.ts';

/** The merchant's uploaded pictures, the latest first. */
export const mediaPage = (pageNo: number, pageSize: number) => adminGet<MediaPage>(`/media?pageNo=${pageNo}&pageSize=${pageSize}`);

/**
 * Uploads one picture (`POST /admin-api/media`, multipart field `file`) and answers its lasting
 * address. Sent with XMLHttpRequest, the one browser call that reports how much of the body has gone
 * (`onProgress`, 0 to 100); a refusal is thrown as `adminCall`'s are.
 */
export function uploadMedia(file: File, onProgress: (percent: number) => void): Promise<MediaFile> {
  const token = currentSession()?.token;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/admin-api/media');
    for (const [name, value] of Object.entries(headersFor('application/json'))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onerror = () => reject(new AdminApiError('network', null, null));
    request.ontimeout = () => reject(new AdminApiError('network', null, null));
    request.onload = () => {
      try {
        resolve(envelopeValue<MediaFile>(JSON.parse(request.responseText), request.status, token));
      } catch (error) {
        reject(error instanceof AdminApiError ? error : new AdminApiError('unreadable', null, request.status));
      }
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
