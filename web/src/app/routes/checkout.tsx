import { useDocumentTitle } from '../../lib/use-document-title';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '@kit/ui/toast';
import { useAuth } from '../../lib/auth/auth-provider';
import { useSignInRedirect } from '../../lib/auth/use-sign-in-redirect';
import { useCart } from '../../lib/cart/cart-provider';
import { PaymentCancelledError } from '../../features/checkout/razorpay';
import { PaymentWindow } from '../../features/checkout/components/payment-window';
import { signupAddress } from '../../features/checkout/signup-address';
import { usePlaceOrder, type FinalAddress } from '../../features/checkout/use-place-order';
import { useAddressSelection } from '../../features/user/address-selection';
import { usePincodeLookup } from '../../features/user/use-pincode-lookup';
import { LocationFields } from '../../features/user/components/location-fields';
import { CHECKOUT_STATES, COD_MINIMUM, PREORDER_ONLINE_ONLY } from '../../lib/constants';
import { formatINR } from '@kit/format';
import { OrderTotals } from '../../features/checkout/components/order-totals';
import { CouponField } from '../../features/checkout/components/coupon-field';
import type { CouponQuote } from '../../features/checkout/api/apply-coupon';
import { DeliveryEstimate } from '../../features/checkout/components/delivery-estimate';
import { useServiceability } from '../../features/checkout/api/get-serviceability';

const EMPTY = { name: '', phone: '', address: '', city: '', state: '', pincode: '' };

export const isComplete = (a: FinalAddress) => !!(a.address.trim() && a.city.trim() && a.state.trim() && a.pincode.trim());

export default function CheckoutRoute() {
  useDocumentTitle('Checkout');
  const { user } = useAuth();
  const signInRedirect = useSignInRedirect();
  const { items, subtotal, shipping: cartShipping, total: cartTotal, ready } = useCart();
  const [coupon, setCoupon] = useState<CouponQuote | null>(null);
  const couponItems = items.map((i) => ({ productId: i.id, quantity: i.quantity }));
  const cartKey = JSON.stringify(couponItems);
  // The server's prices with the coupon; a changed cart drops the quote (the shopper applies the code again).
  const shipping = coupon ? coupon.shipping : cartShipping;
  const total = coupon ? coupon.total : cartTotal;
  const { addresses, selectedAddress, loading: addressesLoading } = useAddressSelection();
  const { toast } = useToast();
  const { place, busy, placed, simulator } = usePlaceOrder(user);
  const [mode, setMode] = useState<'saved' | 'manual'>('saved');
  const [savedId, setSavedId] = useState<string | null>(null);
  const [manual, setManual] = useState(EMPTY);
  const [method, setMethod] = useState<'razorpay' | 'cod'>('razorpay');
  // A cart with a pre-order is paid online (the server refuses cash on delivery for it too).
  const hasPreorder = items.some((i) => i.isPreorder);
  const payWith = hasPreorder ? 'razorpay' : method;
  const lookup = usePincodeLookup(manual.pincode, (city, state) => setManual((m) => ({ ...m, city, state })));
  const deliveryPincode = mode === 'saved' ? (addresses.find((a) => a.id === savedId)?.pincode ?? '') : manual.pincode;
  const reach = useServiceability(deliveryPincode, payWith === 'cod');
  const unserviceable = reach.data?.serviceable === false ? (reach.data.message ?? 'We do not deliver to this pincode yet.') : null;

  useEffect(() => {
    if (addressesLoading || addresses.length > 0) return;
    setMode('manual');
    // No saved address yet: the one given at sign-up fills the form (the shopper can still change it).
    const fromSignup = signupAddress(user);
    if (fromSignup) setManual((m) => (Object.values(m).some(Boolean) ? m : fromSignup));
  }, [addressesLoading, addresses.length, user]);
  useEffect(() => {
    if (!savedId && selectedAddress) setSavedId(selectedAddress.id);
  }, [savedId, selectedAddress]);
  useEffect(() => setCoupon(null), [cartKey]);

  if (signInRedirect || !user) return signInRedirect;
  if (!ready) return <Spinner />;
  if (items.length === 0 && !placed && !busy) return <Navigate to="/cart" replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let address: FinalAddress;
    if (mode === 'saved') {
      const saved = addresses.find((a) => a.id === savedId);
      if (!saved) {
        toast({ title: 'Invalid address selection', description: 'Please choose one of your saved addresses.', variant: 'destructive' });
        return;
      }
      address = {
        name: saved.name,
        phone: saved.phone,
        address: [saved.addressLine1, saved.addressLine2, saved.landmark].filter(Boolean).join(', '),
        city: saved.city,
        state: saved.state,
        pincode: saved.pincode,
      };
      if (!isComplete(address)) {
        toast({ title: 'Address issue detected', description: 'This saved address is incomplete. Please enter the address below.', variant: 'destructive' });
        setMode('manual');
        setManual({ ...address });
        return;
      }
    } else {
      address = { ...manual };
      if (!isComplete(address)) {
        toast({ title: 'Incomplete shipping address', description: 'Please fill in address, city, state and pincode.', variant: 'destructive' });
        return;
      }
    }
    if (!isComplete(address)) {
      toast({ title: 'Address validation failed', description: 'Please check the shipping address.', variant: 'destructive' });
      return;
    }
    if (unserviceable) {
      toast({ title: 'Delivery not available', description: unserviceable, variant: 'destructive' });
      return;
    }
    if (payWith === 'cod' && total < COD_MINIMUM) {
      toast({ title: 'Cash on Delivery not available', description: 'Cash on Delivery is only available for orders above ₹1000.', variant: 'destructive' });
      return;
    }
    place(address, payWith, coupon?.coupon.code).catch((error: unknown) => {
      if (error instanceof PaymentCancelledError) return;
      toast({
        title: 'Checkout failed',
        description: error instanceof Error && error.message ? error.message : 'An error occurred during checkout.',
        variant: 'destructive',
      });
    });
  };
  const setField = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setManual((m) => ({ ...m, [key]: key === 'pincode' ? e.target.value.replace(/\D/g, '').slice(0, 6) : e.target.value }));

  return (
    <div className="container section">
      <h1 className="page-title">Checkout</h1>
      {placed ? (
        <div className="status-page">
          <h2>Thank you! Your order is placed.</h2>
          <p className="muted">Taking you to your orders…</p>
        </div>
      ) : (
        <form className="two-column" onSubmit={submit} noValidate>
          <div className="stack">
            <section className="card panel" aria-labelledby="ship-title">
              <h2 id="ship-title">Shipping Address</h2>
              {addresses.length > 0 && (
                <div className="choice-list" role="radiogroup" aria-label="Saved addresses">
                  {addresses.map((a) => (
                    <label key={a.id} className={`choice ${mode === 'saved' && savedId === a.id ? 'is-selected' : ''}`}>
                      <input
                        type="radio"
                        name="address"
                        checked={mode === 'saved' && savedId === a.id}
                        onChange={() => {
                          setMode('saved');
                          setSavedId(a.id);
                        }}
                      />
                      <span>
                        <strong>{a.name}</strong> <span className="chip">{a.addressType}</span>
                        <br />
                        {a.addressLine1}, {a.city}, {a.state} {a.pincode}
                        {a.phone && <> · {a.phone}</>}
                      </span>
                    </label>
                  ))}
                  <label className={`choice ${mode === 'manual' ? 'is-selected' : ''}`}>
                    <input type="radio" name="address" checked={mode === 'manual'} onChange={() => setMode('manual')} />
                    <span>Use a new address</span>
                  </label>
                </div>
              )}
              {mode === 'manual' && (
                <div className="form-grid">
                  <label className="field">
                    <span className="field__label">Full name</span>
                    <input name="name" value={manual.name} onChange={setField('name')} autoComplete="name" />
                  </label>
                  <label className="field">
                    <span className="field__label">Phone (optional)</span>
                    <input name="phone" type="tel" value={manual.phone} onChange={setField('phone')} autoComplete="tel" />
                  </label>
                  <label className="field form-grid__wide">
                    <span className="field__label">Address *</span>
                    <textarea name="address" rows={2} value={manual.address} onChange={setField('address')} autoComplete="street-address" />
                  </label>
                  <LocationFields
                    pincode={manual.pincode}
                    city={manual.city}
                    state={manual.state}
                    onChange={setField}
                    states={CHECKOUT_STATES}
                    lookingUp={lookup === 'loading'}
                  />
                </div>
              )}
              <DeliveryEstimate pincode={deliveryPincode} cod={payWith === 'cod'} />
            </section>
            <section className="card panel" aria-labelledby="pay-title">
              <h2 id="pay-title">Payment Method</h2>
              <div className="choice-list" role="radiogroup" aria-label="Payment method">
                <label className={`choice ${payWith === 'razorpay' ? 'is-selected' : ''}`}>
                  <input type="radio" name="payment" value="razorpay" checked={payWith === 'razorpay'} onChange={() => setMethod('razorpay')} />
                  <span>
                    <strong>Pay Online</strong>
                    <br />
                    Card, UPI or netbanking (Razorpay)
                  </span>
                </label>
                <label className={`choice ${payWith === 'cod' ? 'is-selected' : ''} ${total < COD_MINIMUM || hasPreorder ? 'is-muted' : ''}`}>
                  <input type="radio" name="payment" value="cod" checked={payWith === 'cod'} disabled={hasPreorder} onChange={() => setMethod('cod')} />
                  <span>
                    <strong>Cash on Delivery</strong>
                    <br />
                    {hasPreorder ? PREORDER_ONLINE_ONLY : total < COD_MINIMUM ? 'Available for orders of ₹1,000 or more' : 'Pay when your order arrives'}
                  </span>
                </label>
              </div>
            </section>
          </div>
          <aside className="summary card" aria-labelledby="co-summary">
            <h2 id="co-summary">Order Summary</h2>
            <ul className="summary__items">
              {items.map((i) => (
                <li key={i.id}>
                  <span>
                    {i.name} × {i.quantity}
                  </span>
                  <span>{formatINR(i.price * i.quantity)}</span>
                </li>
              ))}
            </ul>
            <CouponField items={couponItems} applied={coupon} onChange={setCoupon} />
            <OrderTotals subtotal={subtotal} discount={coupon?.discount ?? 0} shipping={shipping} total={total} totalTestId="checkout-total" />
            <button type="submit" className="button button--primary button--block button--large" disabled={busy || !!unserviceable}>
              {busy ? 'Placing order…' : payWith === 'cod' ? 'Place Order' : `Pay ${formatINR(total)}`}
            </button>
            <p className="muted small">Prices include GST. Free returns within 7 days.</p>
          </aside>
        </form>
      )}
      <PaymentWindow simulator={simulator} />
    </div>
  );
}
