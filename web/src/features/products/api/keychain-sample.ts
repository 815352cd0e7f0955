import { queryOptions } from '@tanstack/react-query';
import { api } from '@kit/api';
import { isUsableImage } from '@kit/images';
import { normalizeProduct, type Product, type RawProduct } from '../../../lib/product';
import { productKeys } from '../../../lib/query-keys';

/** Enough for the arrows to browse (3 shown at most at once); the server's sample is at most 12. */
export const KEYCHAIN_SAMPLE_SIZE = 12;

export const keychainSamplePath = () => `/products/sample?category=Keychains&count=${KEYCHAIN_SAMPLE_SIZE}`;

export async function getKeychainSample(signal?: AbortSignal): Promise<Product[]> {
  try {
    const data = await api.get<{ products?: RawProduct[] }>(keychainSamplePath(), signal);
    // Spec: products whose image is empty, 'null' or 'undefined' are dropped.
    return (data.products ?? []).map(normalizeProduct).filter((p) => isUsableImage(p.image));
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to load Keychains', error);
    return [];
  }
}

/** The home page's keychain showcase: a random sample drawn by the server, kept for the visit (no reshuffle on refetch). */
export const keychainSampleQuery = () =>
  queryOptions({ queryKey: productKeys.sample('Keychains', KEYCHAIN_SAMPLE_SIZE), queryFn: ({ signal }) => getKeychainSample(signal), staleTime: Infinity });
