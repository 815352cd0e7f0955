import { useDocumentTitle } from '../../lib/use-document-title';
import { Link, useNavigate } from 'react-router';
import { LazyImage } from '../../components/ui/lazy-image';
import { useToast } from '@kit/ui/toast';
import { useAuth } from '../../lib/auth/auth-provider';
import { useCart } from '../../lib/cart/cart-provider';
import { lineLimit } from '../../lib/cart/cart-store';
import { formatINR } from '@kit/format';
import { OrderTotals } from '../../features/checkout/components/order-totals';

export default function CartRoute() {
  useDocumentTitle('Shopping Cart');
  const { items, subtotal, shipping, total, updateQuantity, removeFromCart, clearCart } = useCart();
  const { user } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();

  if (items.length === 0) {
    return (
      <div className="container status-page">
        <h1>Your cart is empty</h1>
        <p className="muted">Find something you love and it will wait for you here.</p>
        <div className="empty-state__actions">
          <Link to="/" className="button button--primary">
            Continue Shopping
          </Link>
          <Link to="/anime-figures" className="button button--outline">
            Browse Anime Figures
          </Link>
        </div>
      </div>
    );
  }

  const increase = (id: string) => {
    const item = items.find((i) => i.id === id)!;
    if (item.stockQuantity !== undefined && item.quantity + 1 > item.stockQuantity) {
      toast({ title: 'Insufficient Stock', description: `Only ${item.stockQuantity} items available for ${item.name}.`, variant: 'destructive' });
      return;
    }
    updateQuantity(id, item.quantity + 1);
  };

  const proceed = () => {
    if (!user) {
      toast({ title: 'Please log in', description: 'Sign in to proceed to checkout.', variant: 'destructive' });
      navigate('/login');
      return;
    }
    navigate('/checkout');
  };

  return (
    <div className="container section">
      <h1 className="page-title">Shopping Cart</h1>
      <div className="two-column">
        <div className="stack">
          <ul className="cart-lines">
            {items.map((item) => (
              <li key={item.id} className="cart-line card" data-testid="cart-line">
                <Link to={`/product/${item.id}`} className="cart-line__image">
                  <LazyImage src={item.image} alt={item.name} width={96} height={96} sizes="96px" />
                </Link>
                <div className="cart-line__body">
                  <Link to={`/product/${item.id}`} className="cart-line__name">
                    {item.name}
                  </Link>
                  <p className="muted">{item.category}</p>
                  <p className="price">{formatINR(item.price)}</p>
                </div>
                <div className="stepper" role="group" aria-label={`Quantity of ${item.name}`}>
                  <button
                    type="button"
                    aria-label="Decrease quantity"
                    disabled={item.quantity <= 1}
                    onClick={() => updateQuantity(item.id, Math.max(1, item.quantity - 1))}
                  >
                    −
                  </button>
                  <span aria-live="polite" data-testid="line-quantity">
                    {item.quantity}
                  </span>
                  <button type="button" aria-label="Increase quantity" disabled={item.quantity >= lineLimit(item)} onClick={() => increase(item.id)}>
                    +
                  </button>
                </div>
                <p className="cart-line__total price">{formatINR(item.price * item.quantity)}</p>
                <button type="button" className="button button--ghost button--small" onClick={() => removeFromCart(item.id)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button button--ghost" onClick={clearCart}>
            Clear Cart
          </button>
        </div>
        <aside className="summary card" aria-labelledby="summary-title">
          <h2 id="summary-title">Order Summary</h2>
          <OrderTotals subtotal={subtotal} shipping={shipping} total={total} totalTestId="cart-total" />
          {shipping > 0 && <p className="muted small">Add {formatINR(1000 - subtotal)} more for free shipping.</p>}
          <button type="button" className="button button--primary button--block" onClick={proceed}>
            Proceed to Checkout
          </button>
          <p className="muted small">Free returns within 7 days</p>
        </aside>
      </div>
    </div>
  );
}
