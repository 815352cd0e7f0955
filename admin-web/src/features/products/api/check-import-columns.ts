import { uploadWithProgress } from '@kit/api';

export interface ImportColumns {
  /** The file's own header row. */
  headers: string[];
  /** The bulk-import template's columns. */
  templateColumns: string[];
  /** Template column → the file's header that feeds it (matched by name, or by the mapping sent). */
  columns: Record<string, string>;
  /** Required template columns nothing feeds yet. */
  missing: string[];
}

/** POST /admin/products/bulk/columns: reads the file's headers on the server (any format it imports); imports nothing. */
export async function checkImportColumns(file: File, columnMapping: Record<string, string>): Promise<ImportColumns> {
  const form = new FormData();
  if (Object.keys(columnMapping).length > 0) form.append('columnMapping', JSON.stringify(columnMapping));
  form.append('file', file);
  const body = await uploadWithProgress<Partial<ImportColumns>>('/admin/products/bulk/columns', form);
  return { headers: body.headers ?? [], templateColumns: body.templateColumns ?? [], columns: body.columns ?? {}, missing: body.missing ?? [] };
}
