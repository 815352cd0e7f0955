import { useMutation } from '@tanstack/react-query';
import { downloadFromApi } from '@kit/api';

/** GET /admin/audit/anchor: every stream's chain head and their digest, to keep outside the database. */
export const downloadAnchor = () => downloadFromApi('/admin/audit/anchor', 'anchor.json');

export const useDownloadAnchor = () => useMutation({ mutationFn: downloadAnchor });
