import { apiRequest } from '@kit/api';

/** A Google Drive share link (the store copies these into its own storage; other URLs are used as given). */
export const isDriveLink = (value: string) => /^https?:\/\/(drive|docs)\.google\.com\//i.test(value.trim());

export interface DriveCopy {
  /** Original link → the store's own URL. */
  copied: Record<string, string>;
  failed: { link: string; reason: string }[];
}

/** POST /cloudinary/bulk-upload-drive-urls: the server fetches each link under the SSRF rules and stores the image. */
export async function copyDriveImages(links: string[]): Promise<DriveCopy> {
  const urls = [...new Set(links.map((l) => l.trim()).filter(Boolean))];
  if (urls.length === 0) return { copied: {}, failed: [] };
  try {
    const body = await apiRequest<{ results?: { originalUrl: string; url?: string; error?: string }[] }>('/cloudinary/bulk-upload-drive-urls', {
      method: 'POST',
      body: { urls },
    });
    const results = body.results ?? [];
    return {
      copied: Object.fromEntries(results.filter((r) => r.url).map((r) => [r.originalUrl, r.url!])),
      failed: results.filter((r) => !r.url).map((r) => ({ link: r.originalUrl, reason: r.error ?? 'Could not fetch the image' })),
    };
  } catch (error) {
    // Nothing could be copied (the server answers 400 'No valid images'): every link failed.
    return { copied: {}, failed: urls.map((link) => ({ link, reason: (error as Error).message || 'Could not fetch the image' })) };
  }
}
