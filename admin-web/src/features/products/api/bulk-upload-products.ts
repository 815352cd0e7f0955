import { refreshQueries } from '@kit/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress } from '@kit/api';
import { ADMIN_ROOT } from '../../../lib/query-keys';

export type UploadMode = 'add' | 'update' | 'upsert' | 'deleteall';
export type BulkUploadError = { row?: number; reason?: string; error?: string; message?: string; name?: string } | string;
export type BulkUploadResult = {
  mode: string;
  processed: number;
  total: number;
  created: number;
  updated: number;
  skipped?: number;
  deleted?: number;
  errors: BulkUploadError[];
};

/** POST /admin/products/bulk (multipart: file, mode, imageMap JSON, columnMapping JSON). deleteall needs no file. */
export async function bulkUploadProducts({
  file,
  mode,
  imageMap,
  columnMapping = {},
}: {
  file: File | null;
  mode: UploadMode;
  imageMap: Record<string, string>;
  columnMapping?: Record<string, string>;
}): Promise<BulkUploadResult> {
  const form = new FormData();
  form.append('mode', mode);
  if (Object.keys(imageMap).length > 0) form.append('imageMap', JSON.stringify(imageMap));
  // Template column → the file's header, as the admin mapped them (the server reads columnMapping).
  if (Object.keys(columnMapping).length > 0) form.append('columnMapping', JSON.stringify(columnMapping));
  if (file) form.append('file', file);
  const body = await uploadWithProgress<Partial<BulkUploadResult> & { results?: Partial<BulkUploadResult> }>('/admin/products/bulk', form);
  const r = { ...body, ...(body.results ?? {}) };
  return {
    mode: String(r.mode ?? mode),
    processed: Number(r.processed ?? 0),
    total: Number(r.total ?? 0),
    created: Number(r.created ?? 0),
    updated: Number(r.updated ?? 0),
    skipped: r.skipped,
    deleted: r.deleted,
    errors: Array.isArray(r.errors) ? r.errors : [],
  };
}

export function useBulkUploadProducts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkUploadProducts, onSuccess: () => refreshQueries(queryClient, { queryKey: ADMIN_ROOT }) });
}
