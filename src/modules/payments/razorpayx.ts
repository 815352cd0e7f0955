import type { PayoutPort, UpiPayoutRequest, UpiPayoutResult } from './payout-port.js';

/** The provider answered and refused the payout (a 4xx, or a payout in a failed state): no money moved. */
export class PayoutRefusedError extends Error {}

export interface RazorpayxConfig {
  /** e.g. https://api.razorpay.com/v1 */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** The business account the money leaves from (RAZORPAYX_ACCOUNT_NUMBER). */
  accountNumber: string;
  timeoutMs: number;
  /** How many times a payout call without an answer is sent again with the same idempotency key (default 2). */
  resends?: number;
}

/** Payout states that mean the money will not arrive; the others (queued, pending, processing, processed) are on their way. */
const FAILED_STATES = new Set(['failed', 'rejected', 'reversed', 'cancelled']);
/** RazorpayX's narration: at most 30 letters, digits and spaces, shown on the payee's statement. */
const NARRATION = 'Anime Collectibles refund';

interface RazorpayError {
  error?: { description?: string; code?: string };
}

/** A call that got no usable answer (network, timeout, 5xx): its outcome is unknown. */
class NoAnswerError extends Error {}

/**
 * RazorpayX Payouts over its REST API (the `razorpay` SDK covers the payment gateway, not payouts): a contact for the
 * shopper, a fund account of type `vpa` for the UPI id, then the payout, mode UPI, purpose refund, with the attempt's
 * key in `X-Payout-Idempotency`. RazorpayX keeps the first answer of a key, so a payout call that timed out is sent again
 * with the same key and body and can only return the same payout. Shapes: docs/after-sale.md (UPI refunds).
 */
export function razorpayxPayouts(config: RazorpayxConfig): PayoutPort {
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  const resends = config.resends ?? 2;

  async function call<T>(path: string, body: object, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new NoAnswerError(`RazorpayX did not answer ${path} (${(error as Error).name === 'TimeoutError' ? 'timeout' : (error as Error).message})`);
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // an HTML error page: judged by the status alone
    }
    if (response.status >= 500 || response.status === 429) throw new NoAnswerError(`RazorpayX answered ${response.status} to ${path}`);
    if (response.status >= 400) {
      const description = (json as RazorpayError | null)?.error?.description;
      throw new PayoutRefusedError(description ? `RazorpayX refused: ${description}` : `RazorpayX refused ${path} (${response.status})`);
    }
    return json as T;
  }

  /** The payout call, sent again with the same key and body while no answer comes back. */
  async function payout(body: object, idempotencyKey: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call<{ id: string; status: string; status_details?: { description?: string | null } | null }>('/payouts', body, {
          'X-Payout-Idempotency': idempotencyKey,
        });
      } catch (error) {
        if (!(error instanceof NoAnswerError) || attempt >= resends) throw error;
      }
    }
  }

  return {
    kind: 'razorpayx',
    async payToUpi(request: UpiPayoutRequest): Promise<UpiPayoutResult> {
      // Creating a contact or a fund account with the same details again returns the existing one.
      const contact = await call<{ id: string }>('/contacts', { name: request.name.slice(0, 50), type: 'customer', reference_id: request.referenceId });
      const fundAccount = await call<{ id: string }>('/fund_accounts', { contact_id: contact.id, account_type: 'vpa', vpa: { address: request.upiId } });
      const made = await payout(
        {
          account_number: config.accountNumber,
          fund_account_id: fundAccount.id,
          amount: request.amountPaise,
          currency: 'INR',
          mode: 'UPI',
          purpose: 'refund',
          queue_if_low_balance: true,
          reference_id: request.referenceId.slice(0, 40),
          narration: NARRATION,
        },
        request.idempotencyKey,
      );
      if (FAILED_STATES.has(made.status)) {
        return { id: made.id, status: 'failed', reason: made.status_details?.description || `RazorpayX payout ${made.status}` };
      }
      return { id: made.id, status: made.status === 'processed' ? 'processed' : 'processing' };
    },
  };
}
