import { useMutation } from '@tanstack/react-query';
import { downloadFromApi } from '@kit/api';

export type ExportFormat = 'ndjson' | 'csv';
export type ExportRequest = { from: string; to: string; format: ExportFormat };

/** GET /admin/audit/export?from=&to=&format=: the events of the window (India dates, `to` inclusive) with their hashes. */
export function exportEvents(request: ExportRequest): Promise<string> {
  const query = new URLSearchParams({ from: request.from, to: request.to, format: request.format });
  return downloadFromApi(`/admin/audit/export?${query}`, `events-${request.from}-to-${request.to}.${request.format}`);
}

export const useExportEvents = () => useMutation({ mutationFn: exportEvents });
