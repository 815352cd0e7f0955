import { useDocumentTitle } from '../../lib/use-document-title';
import { Link } from 'react-router';
import { LazyImage } from '../../components/ui/lazy-image';
import { useToast } from '../../components/ui/toaster';
import { useCart } from '../../features/cart/cart-provider';
import { useWishlist } from '../../features/wishlist/wishlist-provider';
import { formatPrice } from '../../lib/format';

export default function WishlistRoute() {
  useDocumentTitle('My Wishlist');
  const { items, remove } = useWishlist();
  const { addToCart } = useCart();
  const { toast } = useToast();
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
                <LazyImage src={p.image} alt={p.name} width={400} height={400} />
              </Link>
              <div className="product-card__body">
                <p className="product-card__category">{p.category}</p>
                <h3 className="product-card__name">
                  <Link to={`/product/${p.id}`}>{p.name}</Link>
                </h3>
                <p className="price">{formatPrice(p.price)}</p>
                <div className="row">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => {
                      addToCart(p, 1);
                      toast({ title: 'Added to cart', description: `${p.name} has been added to your cart.`, variant: 'success' });
                    }}
                  >
                    Add to Cart
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
