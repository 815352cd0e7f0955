import { useDocumentTitle } from '../../lib/use-document-title';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LazyImage } from '../../components/ui/lazy-image';
import { useToast } from '@kit/ui/toast';
import { IMAGE_SIZES } from '../../lib/responsive-images';
import { useCart } from '../../lib/cart/cart-provider';
import { stockRefusal } from '../../lib/cart/cart-store';
import { productQuery } from '../../features/products/api/get-product';
import type { Product } from '../../lib/product';
import { useWishlist } from '../../lib/wishlist/wishlist-provider';
import { formatINR } from '@kit/format';

export default function WishlistRoute() {
  useDocumentTitle('My Wishlist');
  const { items, remove } = useWishlist();
  const { items: cartItems, addToCart } = useCart();
  const { toast } = useToast();
  const queryClient = useQueryClient();

  /** The wishlist keeps a summary: the product's current stock decides (the saved one when it cannot be loaded). */
  const onAdd = async (saved: Product) => {
    const product = await queryClient.fetchQuery({ ...productQuery(saved.id), staleTime: 0 }).catch(() => saved);
    const refusal = stockRefusal(cartItems, product);
    if (refusal) {
      toast({ ...refusal, variant: 'destructive' });
      return;
    }
    addToCart(product, 1);
    toast({ title: 'Added to cart', description: `${product.name} has been added to your cart.`, variant: 'success' });
  };
  return (
    <div className="container section">
      <div className="section__head">
        <h1 className="page-title">My Wishlist</h1>
        <Link to="/cart" className="link">
          View Cart →
        </Link>
      </div>
      {items.length === 0 ? (
        <div className="empty-state">
          <h2>Your wishlist is empty</h2>
          <p>Tap the heart on any product to save it for later.</p>
          <Link to="/products" className="button button--primary">
            Browse Products
          </Link>
        </div>
      ) : (
        <div className="product-grid">
          {items.map((p) => (
            <article key={p.id} className="card product-card" data-testid="wishlist-item">
              <Link to={`/product/${p.id}`} className="product-card__media">
                <LazyImage src={p.image} alt={p.name} width={400} height={400} sizes={IMAGE_SIZES.card} />
              </Link>
              <div className="product-card__body">
                <p className="product-card__category">{p.category}</p>
                <h3 className="product-card__name">
                  <Link to={`/product/${p.id}`}>{p.name}</Link>
                </h3>
                <p className="price">{formatINR(p.price)}</p>
                {!p.inStock && <p className="muted small">Out of Stock</p>}
                <div className="row">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => void onAdd(p)}
                    aria-label={p.inStock ? `Add ${p.name} to cart` : `${p.name} is out of stock`}
                  >
                    {p.inStock ? 'Add to Cart' : 'Out of Stock'}
                  </button>
                  <button type="button" className="button button--ghost button--small" onClick={() => remove(p)}>
                    Remove
                  </button>
                </div>
              </div>
            </article>
          ))}
        </div>
      )}
    </div>
  );
}
