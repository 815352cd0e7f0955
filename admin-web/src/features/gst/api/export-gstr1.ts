import { useMutation } from '@tanstack/react-query';
import { downloadFromApi } from '@kit/api';

export type Gstr1Sheet = 'b2cs' | 'hsn' | 'docs';

/** GET /admin/gst/gstr1?month=&format=csv&sheet=: one sheet in the GSTR-1 offline tool's columns. */
export function exportGstr1({ month, sheet }: { month: string; sheet: Gstr1Sheet }): Promise<string> {
  return downloadFromApi(`/admin/gst/gstr1?month=${encodeURIComponent(month)}&format=csv&sheet=${sheet}`, `gstr1-${month}-${sheet}.csv`);
}

export const useExportGstr1 = () => useMutation({ mutationFn: exportGstr1 });
