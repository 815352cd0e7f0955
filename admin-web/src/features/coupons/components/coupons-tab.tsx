import { useState, type FormEvent } from 'react';
import { Badge } from '@kit/ui/badge';
import { formatINR } from '@kit/format';
import { useToast } from '@kit/ui/toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PAGE_SIZE, useCouponUses, useCoupons, useSaveCoupon, useSetPaused, type Coupon, type CouponInput } from '../api/coupons';

/** An instant shown in IST, as the coupon's times are entered. */
const ist = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'medium' }) + ' IST' : '—';
/** An instant as a datetime-local value in IST (the server reads a value without a zone as IST). */
const istInput = (iso: string | null) => (iso ? new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 19) : '');
const worth = (c: Coupon) => (c.kind === 'percent' ? `${c.value}% off` : `${formatINR(c.value)} off`);

type Draft = {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  minOrder: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  categories: string;
  firstOrderOnly: boolean;
};
const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  minOrder: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  categories: '',
  firstOrderOnly: false,
};
const draftOf = (c: Coupon): Draft => ({
  code: c.code,
  kind: c.kind,
  value: String(c.value),
  minOrder: c.minOrder === null ? '' : String(c.minOrder),
  startsAt: istInput(c.startsAt),
  endsAt: istInput(c.endsAt),
  maxUses: c.maxUses === null ? '' : String(c.maxUses),
  maxUsesPerCustomer: c.maxUsesPerCustomer === null ? '' : String(c.maxUsesPerCustomer),
  categories: c.categories.join(', '),
  firstOrderOnly: c.firstOrderOnly,
});
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const inputOf = (d: Draft): CouponInput => ({
  code: d.code,
  kind: d.kind,
  value: Number(d.value),
  minOrder: numberOrNull(d.minOrder),
  startsAt: d.startsAt || null,
  endsAt: d.endsAt || null,
  maxUses: numberOrNull(d.maxUses),
  maxUsesPerCustomer: numberOrNull(d.maxUsesPerCustomer),
  categories: d.categories
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean),
  firstOrderOnly: d.firstOrderOnly,
});

/** Coupons: create, edit, pause or resume, and each coupon's uses. The server checks every field and says what is wrong. */
export function CouponsTab() {
  const { toast } = useToast();
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useCoupons(page);
  const save = useSaveCoupon();
  const pause = useSetPaused();
  const [editing, setEditing] = useState<{ code?: string; draft: Draft } | null>(null);
  const [usesOf, setUsesOf] = useState<string | null>(null);
  const uses = useCouponUses(usesOf);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    setFormError(null);
    save.mutate(
      { code: editing.code, coupon: inputOf(editing.draft) },
      {
        onSuccess: ({ coupon }) => {
          toast({ title: editing.code ? 'Coupon updated' : 'Coupon created', description: coupon.code, variant: 'success' });
          setEditing(null);
        },
        onError: (err) => setFormError(err instanceof Error ? err.message : 'Could not save the coupon'),
      },
    );
  };
  const field = (key: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setEditing(
      (cur) => cur && { ...cur, draft: { ...cur.draft, [key]: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value } },
    );

  return (
    <div className="stack">
      <Card
        title="Coupons"
        caption="Codes shoppers enter at checkout (any case). Times are India time (IST)."
        actions={
          <Button variant="primary" onClick={() => setEditing({ draft: EMPTY })}>
            New Coupon
          </Button>
        }
      >
        {error && <p className="error-text">{(error as Error).message}</p>}
        {isLoading && <p className="muted">Loading coupons…</p>}
        {data && data.coupons.length === 0 && <p className="empty">No coupons yet</p>}
        {data && data.coupons.length > 0 && (
          <table className="table" data-testid="coupons-table">
            <thead>
              <tr>
                <th>Code</th>
                <th>Discount</th>
                <th>Valid</th>
                <th>Uses</th>
                <th>Status</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {data.coupons.map((c) => (
                <tr key={c.code} data-testid={`coupon-${c.code}`}>
                  <td className="mono">{c.code}</td>
                  <td>
                    {worth(c)}
                    {c.minOrder !== null && <span className="muted"> · min {formatINR(c.minOrder)}</span>}
                    {c.categories.length > 0 && <span className="muted"> · {c.categories.join(', ')}</span>}
                    {c.firstOrderOnly && <span className="muted"> · first order</span>}
                  </td>
                  <td className="small">
                    {ist(c.startsAt)} → {ist(c.endsAt)}
                  </td>
                  <td>
                    {c.uses}
                    {c.maxUses !== null && ` / ${c.maxUses}`} <span className="muted">({formatINR(c.discountTotal)})</span>
                  </td>
                  <td>
                    <Badge>{c.status}</Badge>
                  </td>
                  <td className="row-actions">
                    <Button size="sm" variant="ghost" onClick={() => setEditing({ code: c.code, draft: draftOf(c) })}>
                      Edit
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => pause.mutate({ code: c.code, paused: !c.paused })} disabled={pause.isPending}>
                      {c.paused ? 'Resume' : 'Pause'}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setUsesOf(usesOf === c.code ? null : c.code)}>
                      Uses
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data && data.totalPages > 1 && (
          <div className="row-actions">
            <Button size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span className="muted">
              Page {page} of {data.totalPages} ({data.total} coupons, {PAGE_SIZE} a page)
            </span>
            <Button size="sm" disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </div>
        )}
      </Card>

      {editing && (
        <Card title={editing.code ? `Edit ${editing.code}` : 'New coupon'}>
          <form className="form-grid" onSubmit={submit} noValidate aria-label="Coupon">
            <label className="field">
              <span>Code</span>
              <input value={editing.draft.code} onChange={field('code')} disabled={!!editing.code} autoCapitalize="characters" spellCheck={false} />
            </label>
            <label className="field">
              <span>Kind</span>
              <select value={editing.draft.kind} onChange={field('kind')}>
                <option value="percent">Percent off</option>
                <option value="amount">Amount off (₹)</option>
              </select>
            </label>
            <label className="field">
              <span>Value</span>
              <input inputMode="decimal" value={editing.draft.value} onChange={field('value')} />
            </label>
            <label className="field">
              <span>Minimum order (₹, optional)</span>
              <input inputMode="decimal" value={editing.draft.minOrder} onChange={field('minOrder')} />
            </label>
            <label className="field">
              <span>Starts (IST, optional)</span>
              <input type="datetime-local" step={1} value={editing.draft.startsAt} onChange={field('startsAt')} />
            </label>
            <label className="field">
              <span>Ends (IST, optional)</span>
              <input type="datetime-local" step={1} value={editing.draft.endsAt} onChange={field('endsAt')} />
            </label>
            <label className="field">
              <span>Total uses (optional)</span>
              <input inputMode="numeric" value={editing.draft.maxUses} onChange={field('maxUses')} />
            </label>
            <label className="field">
              <span>Uses per customer (optional)</span>
              <input inputMode="numeric" value={editing.draft.maxUsesPerCustomer} onChange={field('maxUsesPerCustomer')} />
            </label>
            <label className="field">
              <span>Categories (comma-separated; empty: all)</span>
              <input value={editing.draft.categories} onChange={field('categories')} />
            </label>
            <label className="field checkbox">
              <input type="checkbox" checked={editing.draft.firstOrderOnly} onChange={field('firstOrderOnly')} />
              <span>First order only</span>
            </label>
            {formError && (
              <p className="error-text" role="alert">
                {formError}
              </p>
            )}
            <div className="row-actions">
              <Button type="submit" variant="primary" disabled={save.isPending}>
                {save.isPending ? 'Saving…' : 'Save coupon'}
              </Button>
              <Button variant="ghost" onClick={() => setEditing(null)}>
                Cancel
              </Button>
            </div>
          </form>
        </Card>
      )}

      {usesOf && (
        <Card title={`Uses of ${usesOf}`} caption={uses.data ? `${uses.data.total} in all (latest 50)` : undefined}>
          {uses.isLoading && <p className="muted">Loading uses…</p>}
          {uses.data && uses.data.uses.length === 0 && <p className="empty">Not used yet</p>}
          {uses.data && uses.data.uses.length > 0 && (
            <table className="table" data-testid="coupon-uses">
              <thead>
                <tr>
                  <th>When (IST)</th>
                  <th>Order</th>
                  <th>Customer</th>
                  <th>Discount</th>
                </tr>
              </thead>
              <tbody>
                {uses.data.uses.map((u) => (
                  <tr key={u.orderId}>
                    <td>{ist(u.usedAt)}</td>
                    <td className="mono">{u.orderId}</td>
                    <td className="mono">{u.customerId}</td>
                    <td>{formatINR(u.discount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      )}
    </div>
  );
}
