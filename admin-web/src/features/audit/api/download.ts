import { API_BASE, authHeaders, errorFrom } from '../../../lib/api-client';
import { downloadFileName } from './download-file-name';

/**
 * Fetches an admin API file with the bearer token (a plain link cannot carry it) and saves the body under the name
 * the server gives in Content-Disposition, else `fallbackName`. Resolves with the name saved.
 */
export async function downloadFromApi(pathAndQuery: string, fallbackName: string): Promise<string> {
  const response = await fetch(`${API_BASE}${pathAndQuery}`, { headers: authHeaders() });
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw errorFrom(response.status, body, response.headers.get('Retry-After'));
  }
  const blob = await response.blob();
  const name = downloadFileName(response.headers.get('Content-Disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
