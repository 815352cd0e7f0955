import { FallbackImage } from '../../../components/ui/fallback-image';
import { isPlaceholder } from '@kit/images';
import type { AdminProduct } from '../../../lib/admin-product';
import { extraImages } from '../../../lib/admin-product';

const placeholder = <div className="thumb thumb-placeholder" aria-label="No image" data-testid="thumb-placeholder" />;

export function ProductThumb({ product }: { product: AdminProduct }) {
  const extra = extraImages(product).length;
  return (
    <div className="thumb-wrap" title={extra > 0 ? 'Multiple images' : undefined}>
      {isPlaceholder(product.image) ? placeholder : <FallbackImage className="thumb" src={product.image} alt="" fallback={placeholder} />}
      {extra > 0 && <span className="thumb-extra">+{extra}</span>}
    </div>
  );
}
