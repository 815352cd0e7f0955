import { useMutation } from '@tanstack/react-query';
import { API_BASE, authHeaders, errorFrom } from '../../../lib/api-client';
import { downloadFileName } from './download-file-name';

export type ExportFormat = 'ndjson' | 'csv';
export type ExportRequest = { from: string; to: string; format: ExportFormat };

/**
 * GET /admin/audit/export?from=&to=&format=: the events of the window (India dates, `to` inclusive) with their hashes.
 * A plain link cannot carry the bearer token, so fetch it and save the body under the name the server gives it.
 */
export async function exportEvents(request: ExportRequest): Promise<string> {
  const query = new URLSearchParams({ from: request.from, to: request.to, format: request.format });
  const response = await fetch(`${API_BASE}/admin/audit/export?${query}`, { headers: authHeaders() });
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    throw errorFrom(response.status, body, response.headers.get('Retry-After'));
  }
  const blob = await response.blob();
  const name = downloadFileName(response.headers.get('Content-Disposition'), `events-${request.from}-to-${request.to}.${request.format}`);
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

export const useExportEvents = () => useMutation({ mutationFn: exportEvents });
