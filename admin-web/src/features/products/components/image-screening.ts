/** What the admin may upload at once: 10MB per image; bulk 50 files, the product form's extra images 5. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Files per upload (admin spec: single 1, multi 5, bulk 50), the same as the server's routes. */
export const UPLOAD_LIMITS = { single: 1, multiple: 5, bulk: 50 } as const;

export interface RefusedImage {
  name: string;
  reason: string;
}

export const REFUSED_BY_SERVER = 'not a readable image (refused by the server)';

/**
 * Sorts chosen files before upload: images of 10MB or less are sent, up to `max`; every other file is listed with
 * why it was not (not an image, over 10MB, over the file limit), so nothing is dropped silently.
 */
export function screenImages<F extends { name: string; type: string; size: number }>(files: F[], max: number): { accepted: F[]; refused: RefusedImage[] } {
  const accepted: F[] = [];
  const refused: RefusedImage[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) refused.push({ name: file.name, reason: 'not an image' });
    else if (file.size > MAX_IMAGE_BYTES) refused.push({ name: file.name, reason: 'over 10MB' });
    else if (accepted.length >= max) refused.push({ name: file.name, reason: `over the ${max}-file limit` });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** The server's own refusals (file names), in the same list. */
export const serverRefusals = (names: string[] | undefined): RefusedImage[] => (names ?? []).map((name) => ({ name, reason: REFUSED_BY_SERVER }));
