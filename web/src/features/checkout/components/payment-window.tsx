import { PaymentCancelledError } from '../razorpay';
import type { PendingSimulator } from '../use-payment-window';
import { PaymentSimulatorDialog } from './payment-simulator-dialog';

/** Local mode's payment window while a payment is open (Razorpay's own window needs nothing here). */
export function PaymentWindow({ simulator }: { simulator: PendingSimulator | null }) {
  if (!simulator) return null;
  return (
    <PaymentSimulatorDialog
      request={simulator.request}
      onSuccess={simulator.resolve}
      onFailure={(message) => simulator.reject(new Error(message))}
      onDismiss={() => simulator.reject(new PaymentCancelledError())}
    />
  );
}
