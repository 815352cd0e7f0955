import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Stars } from '../../../components/ui/stars';
import { useToast } from '@kit/ui/toast';
import { REDIRECT_DELAY_MS } from '../../../lib/constants';
import { formatINR } from '@kit/format';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useCart } from '../../../lib/cart/cart-provider';
import { addToCartRefusal } from '../../../lib/cart/cart-store';
import { useWishlist } from '../../../lib/wishlist/wishlist-provider';
import { useEarlyAction } from '../../../lib/early-actions';
import { maxQuantity, type Product } from '../../../lib/product';
import { NotifyMeButton } from './notify-me-button';
import { discountPercent } from './product-card';
import { PreorderChip, ShipsFrom } from './preorder-labels';

export function PurchasePanel({ product, averageRating, reviewCount }: { product: Product; averageRating: number; reviewCount: number }) {
  const { user } = useAuth();
  const { items, addToCart, ready: cartReady } = useCart();
  const { isInWishlist, toggle, ready: wishlistReady } = useWishlist();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(1);
  const max = maxQuantity(product);
  const off = discountPercent(product);

  const checkStock = (outTitle: string, quantity: number): boolean => {
    const refusal = addToCartRefusal(items, product, quantity, outTitle);
    if (refusal) toast({ ...refusal, variant: 'destructive' });
    return refusal === null;
  };

  const onAddToCart = (quantity: number) => {
    if (!checkStock('Out of Stock', quantity)) return;
    addToCart(product, quantity);
    toast({ title: 'Added to cart', description: `${quantity} × ${product.name} added to your cart.`, variant: 'success' });
  };

  const onBuyNow = (quantity: number) => {
    if (!user) {
      toast({ title: 'Please sign in', description: 'You need to be signed in to make a purchase.', variant: 'destructive' });
      navigate('/login');
      return;
    }
    if (!checkStock('Out of stock', quantity)) return;
    addToCart(product, quantity);
    toast({ title: 'Added to cart', description: 'Redirecting to checkout…', variant: 'success' });
    setTimeout(() => navigate('/checkout'), REDIRECT_DELAY_MS);
  };

  // Taps made before the app started (the quantity chosen then comes with them).
  const early = (run: (quantity: number) => void) => (item: { quantity: number }) => {
    const chosen = Math.min(Math.max(1, item.quantity), Math.max(max, 1));
    setQuantity(chosen);
    run(chosen);
  };
  useEarlyAction('add-to-cart', product.id, early(onAddToCart), cartReady);
  useEarlyAction('buy-now', product.id, early(onBuyNow), cartReady);
  useEarlyAction('wishlist', product.id, () => toggle(product), wishlistReady);

  const stockText = !product.inStock
    ? 'Out of Stock'
    : product.stockQuantity === undefined
      ? 'In Stock'
      : product.stockQuantity < 10
        ? `Only ${product.stockQuantity} left in stock`
        : 'In Stock';

  return (
    <div className="purchase">
      <p className="purchase__category">{product.category}</p>
      <h1 className="purchase__name">{product.name}</h1>
      <div className="purchase__rating">
        <Stars value={averageRating} />
        <span className="muted">
          {averageRating.toFixed(1)} ({reviewCount} {reviewCount === 1 ? 'review' : 'reviews'})
        </span>
      </div>
      <p className="price-row price-row--large">
        <span className="price">{formatINR(product.price)}</span>
        {product.originalPrice && product.originalPrice > product.price && <s className="price-original">{formatINR(product.originalPrice)}</s>}
        {off ? <span className="chip chip--sale">-{off}%</span> : null}
      </p>
      <ShipsFrom product={product} />
      <p className="chip chip--accent">Online Exclusive</p>
      <PreorderChip product={product} />
      <p className={`stock ${product.inStock ? 'stock--in' : 'stock--out'}`} data-testid="stock-indicator">
        {stockText}
      </p>
      <div className="purchase__controls" data-early-scope>
        <label className="field field--inline">
          <span className="field__label">Quantity</span>
          <select value={quantity} onChange={(e) => setQuantity(Number(e.target.value))} disabled={!product.inStock} aria-label="Quantity" data-early-quantity>
            {Array.from({ length: Math.max(max, 1) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => onBuyNow(quantity)}
          data-early="buy-now"
          data-product-id={product.id}
        >
          BUY NOW
        </button>
        <button
          type="button"
          className="button button--outline button--large"
          onClick={() => onAddToCart(quantity)}
          data-early="add-to-cart"
          data-product-id={product.id}
        >
          ADD TO CART
        </button>
        <button
          type="button"
          className={`button button--ghost ${isInWishlist(product.id) ? 'is-on' : ''}`}
          aria-pressed={isInWishlist(product.id)}
          onClick={() => toggle(product)}
          data-early="wishlist"
          data-product-id={product.id}
        >
          {isInWishlist(product.id) ? '♥ In Wishlist' : '♡ Add to Wishlist'}
        </button>
      </div>
      {product.inStock ? null : <NotifyMeButton productId={product.id} productName={product.name} />}
      <ul className="purchase__notes">
        <li>Free shipping on orders above ₹999</li>
        <li>Authentic product guarantee</li>
      </ul>
      {product.description && (
        <div className="purchase__description">
          <h2>Description</h2>
          <p>{product.description}</p>
        </div>
      )}
    </div>
  );
}
