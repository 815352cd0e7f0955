/**
 * `srcset` for an image, so a phone downloads a copy sized for its screen instead of the full picture.
 * - Our own media (`/media/<name>`): the server's resized WebP copies, `/media/resized/<width>/<name>`
 *   (src/modules/media/image-variants.ts answers exactly these widths; any other is refused with 400).
 * - Cloudinary (`https://res.cloudinary.com/<cloud>/image/upload/...`): Cloudinary's own URL transformations
 *   (`w_<width>,c_limit,f_auto,q_auto`: never enlarged, WebP/AVIF by what the browser accepts).
 * - Anything else (Drive through the image proxy, other hosts): no srcset, the `src` as it is.
 */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1280] as const;

const OWN_MEDIA = /^\/media\/(?!resized\/)([A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)?\.(?:webp|png|jpe?g|gif|avif))$/i;
const CLOUDINARY = /^(https:\/\/res\.cloudinary\.com\/[^/?#]+\/image\/upload\/)([^?#]+)$/;

export function responsiveSrcSet(src: string): string | undefined {
  const own = OWN_MEDIA.exec(src);
  if (own) return VARIANT_WIDTHS.map((w) => `/media/resized/${w}/${own[1]} ${w}w`).join(', ');
  const cloud = CLOUDINARY.exec(src);
  if (cloud) return VARIANT_WIDTHS.map((w) => `${cloud[1]}w_${w},c_limit,f_auto,q_auto/${cloud[2]} ${w}w`).join(', ');
  return undefined;
}

/** `sizes` of the storefront's image slots (the CSS in styles/index.css: 2/3/4 columns, a 1240 px container). */
export const IMAGE_SIZES = {
  fullWidth: '100vw',
  /**
   * A carousel slide covers a box 70-80vh tall (object-fit: cover): on a portrait phone a wide banner is drawn far
   * wider than the screen, so it asks for the largest copy there (an upscaled image also counts less as the page's
   * Largest Contentful Paint, which then moves to a card that is not preloaded); landscape: the screen's width.
   */
  slide: '(orientation: portrait) 1280px, 100vw',
  card: '(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw',
  listCard: '(min-width: 768px) 200px, 132px',
  productMain: '(min-width: 900px) 640px, 100vw',
  showcase: '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw',
} as const;
