import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { formatINR } from '@kit/format';
import { simulatePayment, type PaymentResult } from '../api/payments';

export interface SimulatorRequest {
  razorpayOrderId: string;
  amountRupees: number;
  prefill: { name: string; email: string; contact: string };
  description: string;
}

interface Props {
  request: SimulatorRequest;
  onSuccess(result: PaymentResult): void;
  onFailure(message: string): void;
  onDismiss(): void;
}

const BANKS = ['State Bank of India', 'HDFC Bank', 'ICICI Bank', 'Axis Bank', 'Kotak Mahindra Bank'];

/** Local mode's payment window: looks and behaves like Razorpay's checkout (card, UPI, netbanking), signed by our simulator. */
export function PaymentSimulatorDialog({ request, onSuccess, onFailure, onDismiss }: Props) {
  const [busy, setBusy] = useState(false);
  const [method, setMethod] = useState('card');
  const pay = async (outcome: 'success' | 'failure') => {
    setBusy(true);
    try {
      const result = await simulatePayment(request.razorpayOrderId, outcome);
      if (outcome === 'failure') onFailure('Payment was declined by the bank');
      else onSuccess(result);
    } catch (error) {
      onFailure(error instanceof Error && error.message ? error.message : 'Payment was not completed');
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="paywin" aria-describedby="paywin-desc" data-testid="payment-window">
          <header className="paywin__head">
            <div>
              <Dialog.Title className="paywin__merchant">Anime Collectibles</Dialog.Title>
              <p id="paywin-desc" className="paywin__desc">
                {request.description}
              </p>
            </div>
            <div className="paywin__amount">{formatINR(request.amountRupees)}</div>
            <Dialog.Close className="paywin__close" aria-label="Close payment window" disabled={busy}>
              ×
            </Dialog.Close>
          </header>
          <p className="paywin__contact">
            {request.prefill.contact || 'No phone'} · {request.prefill.email}
          </p>
          <Tabs.Root value={method} onValueChange={setMethod} className="paywin__body">
            <Tabs.List className="paywin__tabs" aria-label="Payment method">
              <Tabs.Trigger value="card">Card</Tabs.Trigger>
              <Tabs.Trigger value="upi">UPI</Tabs.Trigger>
              <Tabs.Trigger value="netbanking">Netbanking</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="card" className="paywin__panel">
              <label className="field">
                <span className="field__label">Card number</span>
                <input defaultValue="4111 1111 1111 1111" inputMode="numeric" />
              </label>
              <div className="row">
                <label className="field">
                  <span className="field__label">Expiry</span>
                  <input defaultValue="12/30" />
                </label>
                <label className="field">
                  <span className="field__label">CVV</span>
                  <input defaultValue="123" inputMode="numeric" />
                </label>
              </div>
            </Tabs.Content>
            <Tabs.Content value="upi" className="paywin__panel">
              <label className="field">
                <span className="field__label">UPI ID</span>
                <input defaultValue="success@razorpay" />
              </label>
            </Tabs.Content>
            <Tabs.Content value="netbanking" className="paywin__panel">
              <label className="field">
                <span className="field__label">Bank</span>
                <select defaultValue={BANKS[0]}>
                  {BANKS.map((b) => (
                    <option key={b}>{b}</option>
                  ))}
                </select>
              </label>
            </Tabs.Content>
          </Tabs.Root>
          <footer className="paywin__foot">
            <button type="button" className="button button--primary button--block" disabled={busy} onClick={() => pay('success')}>
              {busy ? 'Processing…' : `Pay ${formatINR(request.amountRupees)}`}
            </button>
            <button type="button" className="button button--ghost button--block" disabled={busy} onClick={() => pay('failure')}>
              Simulate failure
            </button>
            <p className="paywin__note">Test mode · no money is moved</p>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
