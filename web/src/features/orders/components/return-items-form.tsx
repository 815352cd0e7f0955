import { useState, type FormEvent } from 'react';
import { RETURN_REASON_MAX } from '@contract/return-rules';
import { useToast } from '@kit/ui/toast';
import { useRequestReturn } from '../api/request-return';
import { checkReturnForm, fieldOfServerError, type ReturnableLine, type ReturnFormErrors } from '../return-request';

/**
 * The shopper's return request: per product a checkbox and how many units (never more than are left to return), a
 * reason and, for cash on delivery, the UPI id the refund goes to. Checked here first, then by the server; its answer
 * is the toast.
 */
export function ReturnItemsForm({
  orderId,
  lines,
  cashOnDelivery,
  onDone,
}: {
  orderId: string;
  lines: ReturnableLine[];
  cashOnDelivery: boolean;
  onDone(): void;
}) {
  const { toast } = useToast();
  const request = useRequestReturn(orderId);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [upiId, setUpiId] = useState('');
  const [errors, setErrors] = useState<ReturnFormErrors>({});

  const toggle = (line: ReturnableLine, on: boolean) =>
    setChosen((current) => {
      const next = { ...current };
      if (on) next[line.productId] = 1;
      else delete next[line.productId];
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const checked = checkReturnForm({ chosen, reason, upiId }, lines, cashOnDelivery);
    setErrors(checked.errors);
    if (!checked.body) return;
    request.mutate(checked.body, {
      onSuccess: (answer) => {
        toast({ title: answer.message, variant: 'success' });
        onDone();
      },
      onError: (error) => {
        const message = error instanceof Error ? error.message : 'Could not request the return';
        const field = fieldOfServerError(message);
        if (field) setErrors({ [field]: message });
        toast({ title: message, variant: 'destructive' });
      },
    });
  };

  const fieldError = (id: string, message: string | undefined) =>
    message ? (
      <p id={id} className="form-error" role="alert">
        {message}
      </p>
    ) : null;

  return (
    <form className="stack return-form" onSubmit={onSubmit} noValidate aria-label="Return items" data-testid="return-form">
      <fieldset className="stack return-form__lines" aria-describedby={errors.items ? 'return-items-error' : undefined}>
        <legend className="field__label">Items to return</legend>
        {lines.map((line) => {
          const checked = chosen[line.productId] !== undefined;
          return (
            <div key={line.productId} className="return-form__line">
              <label className="field--check">
                <input type="checkbox" checked={checked} disabled={line.left === 0} onChange={(e) => toggle(line, e.target.checked)} />
                <span>{line.name}</span>
              </label>
              {line.left === 0 ? (
                <span className="muted small">All {line.delivered} already in a return</span>
              ) : (
                <label className="field field--inline">
                  <span className="visually-hidden">Units of {line.name} to return</span>
                  <select
                    value={chosen[line.productId] ?? 1}
                    disabled={!checked}
                    onChange={(e) => setChosen((current) => ({ ...current, [line.productId]: Number(e.target.value) }))}
                  >
                    {Array.from({ length: line.left }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n} of {line.left}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </div>
          );
        })}
      </fieldset>
      {fieldError('return-items-error', errors.items)}
      <label className="field">
        <span className="field__label">Reason for the return *</span>
        <textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          maxLength={RETURN_REASON_MAX}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'return-reason-error' : 'return-reason-hint'}
        />
        <span id="return-reason-hint" className="field__hint">
          {reason.length}/{RETURN_REASON_MAX} characters
        </span>
      </label>
      {fieldError('return-reason-error', errors.reason)}
      {cashOnDelivery && (
        <>
          <label className="field">
            <span className="field__label">UPI ID for the refund *</span>
            <input
              value={upiId}
              onChange={(e) => setUpiId(e.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="email"
              placeholder="name@bank"
              aria-invalid={errors.upiId ? true : undefined}
              aria-describedby={errors.upiId ? 'return-upi-error' : 'return-upi-hint'}
            />
            <span id="return-upi-hint" className="field__hint">
              You paid cash on delivery: the refund is sent to this UPI ID.
            </span>
          </label>
          {fieldError('return-upi-error', errors.upiId)}
        </>
      )}
      <div className="return-form__actions">
        <button type="submit" className="button button--primary" disabled={request.isPending} data-testid="submit-return">
          {request.isPending ? 'Sending…' : 'Request return'}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone} disabled={request.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
