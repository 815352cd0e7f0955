import { displayImageUrl, isPlaceholder } from '../../../lib/image-url';
import type { AdminProduct } from '../api/product';
import { extraImages } from '../api/product';

export function ProductThumb({ product }: { product: AdminProduct }) {
  const extra = extraImages(product).length;
  return (
    <div className="thumb-wrap" title={extra > 0 ? 'Multiple images' : undefined}>
      {isPlaceholder(product.image) ? <div className="thumb thumb-placeholder" aria-label="No image" /> : <img className="thumb" src={displayImageUrl(product.image)} alt="" loading="lazy" />}
      {extra > 0 && <span className="thumb-extra">+{extra}</span>}
    </div>
  );
}
