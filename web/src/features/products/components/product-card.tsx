import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { HeartIcon } from '../../../components/ui/icons';
import { LazyImage } from '../../../components/ui/lazy-image';
import { IMAGE_SIZES } from '../../../lib/responsive-images';
import { Stars } from '../../../components/ui/stars';
import { useToast } from '@kit/ui/toast';
import { CARD_IMAGE_CYCLE_MS } from '../../../lib/constants';
import { formatINR } from '@kit/format';
import { useCart } from '../../../lib/cart/cart-provider';
import { addToCartRefusal } from '../../../lib/cart/cart-store';
import { useWishlist } from '../../../lib/wishlist/wishlist-provider';
import type { Product } from '../../../lib/product';
import { useEarlyAction } from '../../../lib/early-actions';
import { PreorderChip, ShipsFrom } from './preorder-labels';

export function discountPercent(product: Pick<Product, 'discount' | 'originalPrice' | 'price'>): number | undefined {
  if (product.discount) return Math.round(product.discount);
  if (product.originalPrice && product.originalPrice > product.price) return Math.round((1 - product.price / product.originalPrice) * 100);
  return undefined;
}

interface ProductCardProps {
  product: Product;
  layout?: 'grid' | 'list';
  eager?: boolean;
  /** This card's image is the page's LCP element. */
  priority?: boolean;
}

export function ProductCard({ product, layout = 'grid', eager = false, priority = false }: ProductCardProps) {
  const { items, addToCart, ready: cartReady } = useCart();
  const { isInWishlist, toggle, ready: wishlistReady } = useWishlist();
  const { toast } = useToast();
  const [imageIndex, setImageIndex] = useState(0);
  const images = product.images.length > 0 ? product.images : [product.image];
  const saved = isInWishlist(product.id);
  const off = discountPercent(product);

  useEffect(() => {
    if (images.length < 2) return;
    const timer = setInterval(() => setImageIndex((i) => (i + 1) % images.length), CARD_IMAGE_CYCLE_MS);
    return () => clearInterval(timer);
  }, [images.length]);

  const onAdd = () => {
    const refusal = addToCartRefusal(items, product, 1);
    if (refusal) {
      toast({ ...refusal, variant: 'destructive' });
      return;
    }
    addToCart(product, 1);
    toast({ title: 'Added to cart', description: `${product.name} has been added to your cart.`, variant: 'success' });
  };

  useEarlyAction('add-to-cart', product.id, onAdd, cartReady);
  useEarlyAction('wishlist', product.id, () => toggle(product), wishlistReady);

  return (
    <article className={`card product-card product-card--${layout} ${product.inStock ? '' : 'is-out'}`} data-testid="product-card" data-product-id={product.id}>
      <Link to={`/product/${product.id}`} className="product-card__media" aria-label={product.name}>
        <LazyImage
          src={images[imageIndex % images.length]}
          alt={product.name}
          eager={eager}
          priority={priority}
          width={400}
          height={400}
          sizes={layout === 'list' ? IMAGE_SIZES.listCard : IMAGE_SIZES.card}
        />
        <div className="product-card__chips">
          {off ? <span className="chip chip--sale">-{off}%</span> : null}
          <PreorderChip product={product} />
          {product.isNew && <span className="chip chip--new">New</span>}
        </div>
        {!product.inStock && <span className="product-card__veil">Out of Stock</span>}
      </Link>
      <button
        type="button"
        className={`wish-toggle ${saved ? 'is-on' : ''}`}
        aria-pressed={saved}
        aria-label={saved ? `Remove ${product.name} from wishlist` : `Add ${product.name} to wishlist`}
        onClick={() => toggle(product)}
        data-early="wishlist"
        data-product-id={product.id}
      >
        <HeartIcon filled={saved} />
      </button>
      <div className="product-card__body">
        <p className="product-card__category">{product.category}</p>
        <h3 className="product-card__name">
          <Link to={`/product/${product.id}`}>{product.name}</Link>
        </h3>
        {product.rating > 0 && <Stars value={product.rating} />}
        <p className="price-row">
          <span className="price">{formatINR(product.price)}</span>
          {product.originalPrice && product.originalPrice > product.price && <s className="price-original">{formatINR(product.originalPrice)}</s>}
        </p>
        <ShipsFrom product={product} />
        {layout === 'list' && product.description && <p className="product-card__description">{product.description}</p>}
        <button
          type="button"
          className="button button--primary button--small product-card__add"
          onClick={onAdd}
          data-early="add-to-cart"
          data-product-id={product.id}
          disabled={!product.inStock}
          aria-label={product.inStock ? `Add ${product.name} to cart` : `${product.name} is out of stock`}
        >
          {product.inStock ? 'Add to Cart' : 'Out of Stock'}
        </button>
      </div>
    </article>
  );
}
