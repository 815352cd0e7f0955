import { useState, type KeyboardEvent } from 'react';
import { formatINR } from '@kit/format';
import { applyCoupon, type CouponQuote } from '../api/apply-coupon';

/**
 * The checkout's coupon field: the code is checked and the cart priced by the server; its message ('Invalid coupon
 * code', 'This coupon has expired', …) is shown as it is. The order's placement decides the use again.
 */
export function CouponField({
  items,
  applied,
  onChange,
}: {
  items: { productId: string; quantity: number }[];
  applied: CouponQuote | null;
  onChange: (quote: CouponQuote | null) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    if (!code.trim() || checking) return;
    setChecking(true);
    setError(null);
    try {
      onChange(await applyCoupon(code, items));
    } catch (e) {
      onChange(null);
      setError(e instanceof Error ? e.message : 'Invalid coupon code');
    } finally {
      setChecking(false);
    }
  };
  // Enter in the field applies the code instead of submitting the checkout form.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void apply();
  };

  if (applied) {
    return (
      <div className="coupon coupon--applied" data-testid="coupon-applied">
        <span>
          <strong>{applied.coupon.code}</strong> applied: you save {formatINR(applied.discount)}
        </span>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            onChange(null);
            setCode('');
          }}
        >
          Remove
        </button>
      </div>
    );
  }
  return (
    <div className="coupon">
      <label className="field">
        <span className="field__label">Coupon code</span>
        <span className="coupon__row">
          <input
            name="coupon_code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={onKeyDown}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'coupon-error' : undefined}
          />
          <button type="button" className="button button--outline" onClick={() => void apply()} disabled={checking || !code.trim()}>
            {checking ? 'Checking…' : 'Apply'}
          </button>
        </span>
      </label>
      {error && (
        <p id="coupon-error" className="form-error" role="alert" data-testid="coupon-error">
          {error}
        </p>
      )}
    </div>
  );
}
