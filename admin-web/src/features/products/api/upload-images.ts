import { uploadWithProgress } from '../../../lib/api-client';

/** POST /cloudinary/bulk-product (field images, up to 50): original file names mapped to URLs, with upload progress. */
export async function uploadBulkProductImages(files: File[], onProgress: (percent: number) => void): Promise<Record<string, string>> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  const body = await uploadWithProgress<{ imageMap?: Record<string, string> }>('/cloudinary/bulk-product', form, onProgress);
  return body.imageMap ?? {};
}

/** POST /cloudinary/single (field image) -> imageUrl. */
export async function uploadSingleImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file, file.name);
  const body = await uploadWithProgress<{ imageUrl?: string; url?: string }>('/cloudinary/single', form);
  return body.imageUrl ?? body.url ?? '';
}
