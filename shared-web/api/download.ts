import { apiBlob } from './api-client.js';
import { downloadFileName } from './download-file-name.js';

/** Saves a blob as a file the browser downloads (a link the app clicks, then lets go of). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetches an API file with the bearer token (a plain link cannot carry it) and saves it under the name the server
 * gives in Content-Disposition, else `fallbackName`. Resolves with the name saved.
 */
export async function downloadFromApi(path: string, fallbackName: string): Promise<string> {
  const { blob, contentDisposition } = await apiBlob(path);
  const name = downloadFileName(contentDisposition, fallbackName);
  saveFile(blob, name);
  return name;
}
