import { uploadWithProgress } from '@kit/api';

/** POST /cloudinary/bulk-product (field images, up to 50): original file names mapped to URLs, with upload progress. */
export async function uploadBulkProductImages(
  files: File[],
  onProgress: (percent: number) => void,
): Promise<{ imageMap: Record<string, string>; rejected: string[] }> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  const body = await uploadWithProgress<{ imageMap?: Record<string, string>; rejected?: string[] }>('/cloudinary/bulk-product', form, onProgress);
  return { imageMap: body.imageMap ?? {}, rejected: body.rejected ?? [] };
}

/** POST /cloudinary/multiple (field images, up to 5) -> the stored URLs in order, and the names the server refused. */
export async function uploadMultipleImages(files: File[]): Promise<{ urls: string[]; rejected: string[] }> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  const body = await uploadWithProgress<{ images?: { url: string }[]; rejected?: string[] }>('/cloudinary/multiple', form);
  return { urls: (body.images ?? []).map((i) => i.url), rejected: body.rejected ?? [] };
}

/** POST /cloudinary/single (field image) -> imageUrl. */
export async function uploadSingleImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const body = await uploadWithProgress<{ imageUrl?: string; url?: string }>('/cloudinary/single', form);
  return body.imageUrl ?? body.url ?? '';
}
