import { isRecognisedImageUrl, normaliseImageUrl } from '@kit/images';
import type { ProductPayload } from '../api/save-product';
import type { AdminProduct } from '../../../lib/admin-product';

export type ProductFormValues = {
  name: string;
  category: string;
  price: string;
  stock_quantity: string;
  imageUrls: string;
  description: string;
  powerPoints: string;
  hsn: string;
  gstRate: string;
  /** 'true' when the product is a pre-order (the checkbox), '' otherwise. */
  preorder: string;
  /** YYYY-MM-DD (the date input). */
  releaseDate: string;
};

export const emptyProductForm: ProductFormValues = {
  name: '',
  category: '',
  price: '',
  stock_quantity: '',
  imageUrls: '',
  description: '',
  powerPoints: '50',
  hsn: '',
  gstRate: '',
  preorder: '',
  releaseDate: '',
};

/** Today in India (YYYY-MM-DD): a pre-order's release date may not be before it. */
export const indiaToday = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

export function productToForm(p: AdminProduct): ProductFormValues {
  const urls = [p.image, ...p.images.filter((u) => u !== p.image)].filter(Boolean);
  return {
    name: p.name,
    category: p.category,
    price: String(p.price),
    stock_quantity: String(p.stock_quantity),
    imageUrls: urls.join('\n'),
    description: p.description,
    powerPoints: String(p.powerPoints),
    hsn: p.hsn ?? '',
    gstRate: p.gstRate === null ? '' : String(p.gstRate),
    preorder: p.isPreorder ? 'true' : '',
    releaseDate: p.isPreorder ? (p.releaseDate ?? '') : '',
  };
}

/** The product form's rules (spec section 5): returns the payload, or the first message to show. */
export function validateProductForm(v: ProductFormValues, today = indiaToday()): { ok: true; product: ProductPayload } | { ok: false; error: string } {
  if (!v.name.trim() || !v.price.trim() || !v.category.trim() || !v.stock_quantity.trim()) return { ok: false, error: 'Please fill in all required fields' };
  const price = Number(v.price);
  if (!Number.isFinite(price) || price <= 0) return { ok: false, error: 'Please enter a valid price' };
  const stock = Number(v.stock_quantity);
  if (!Number.isInteger(stock) || stock < 0) return { ok: false, error: 'Please enter a valid stock quantity' };
  const urls = v.imageUrls
    .split(/[\n,]+/)
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.some((u) => !isRecognisedImageUrl(u))) return { ok: false, error: 'One or more image URLs are invalid...' };
  const images = urls.map(normaliseImageUrl);
  const powerPoints = Number(v.powerPoints);
  const hsn = v.hsn.trim();
  if (hsn && !/^(\d{4}|\d{6}|\d{8})$/.test(hsn)) return { ok: false, error: 'HSN must be 4, 6 or 8 digits' };
  const preorder = v.preorder === 'true';
  if (preorder && !v.releaseDate) return { ok: false, error: 'A pre-order needs a release date' };
  if (preorder && v.releaseDate < today) return { ok: false, error: 'Release date cannot be in the past' };
  return {
    ok: true,
    product: {
      name: v.name.trim(),
      category: v.category,
      price,
      stock_quantity: stock,
      image: images[0] ?? '',
      images,
      description: v.description.trim(),
      powerPoints: v.powerPoints.trim() && Number.isFinite(powerPoints) ? powerPoints : 0,
      hsn: hsn || null,
      gst_rate: v.gstRate.trim() || null,
      is_preorder: preorder,
      release_date: preorder ? v.releaseDate : null,
    },
  };
}
