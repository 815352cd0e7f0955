import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for RazorpayX's Payouts API (v1) speaking its documented JSON shapes: contacts, fund accounts of type
 * `vpa`, and payouts with the `X-Payout-Idempotency` header, required. Like RazorpayX it keeps the first answer of each
 * idempotency key (a repeated key with the same body gets the same payout; with another body, 400), and returns the
 * existing contact or fund account for the same details. A UPI id starting with `fail` makes a payout that fails.
 * Faults: the answers of the next payout calls held past the client's timeout after the payout is made.
 */
export interface FakeRazorpayx {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  accountNumber: string;
  /** Payouts made, by id (a payout answered again for its key is not made again). */
  payouts: Map<string, FakePayout>;
  /** Calls per route ('POST /v1/payouts', …). */
  calls: Map<string, number>;
  /** The next this-many payout calls do their work, then hold their answer for holdMs (past the client's timeout). */
  holdPayouts: number;
  holdMs: number;
  /** Every route answers 503 while true. */
  down: boolean;
  count(route: string): number;
  close(): Promise<void>;
}

export interface FakePayout {
  id: string;
  fund_account_id: string;
  amount: number;
  currency: string;
  mode: string;
  purpose: string;
  reference_id: string | null;
  status: string;
  idempotencyKey: string;
  vpa: string;
}

const sequence = (prefix: string) => {
  let n = 0;
  return () => `${prefix}_${String(++n).padStart(14, '0')}`;
};

export async function startFakeRazorpayx(): Promise<FakeRazorpayx> {
  const keyId = 'rzp_test_fakex';
  const keySecret = 'fakex_secret';
  const accountNumber = '7878780080316316';
  const contacts = new Map<string, { id: string; name: string }>();
  const fundAccounts = new Map<string, { id: string; contact_id: string; vpa: string }>();
  const idempotent = new Map<string, { body: string; answer: object }>();
  const contactId = sequence('cont');
  const fundAccountId = sequence('fa');
  const payoutId = sequence('pout');

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, description: string, field?: string) =>
    send(res, 400, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: null, reason: null, field: field ?? null } });

  const fake: FakeRazorpayx = {
    baseUrl: '',
    keyId,
    keySecret,
    accountNumber,
    payouts: new Map(),
    calls: new Map(),
    holdPayouts: 0,
    holdMs: 0,
    down: false,
    count: (route) => fake.calls.get(route) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const route = `${req.method} ${req.url}`;
    fake.calls.set(route, fake.count(route) + 1);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (fake.down) return send(res, 503, { error: { code: 'SERVER_ERROR', description: 'The server is down' } });
    if (req.headers.authorization !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`) {
      return send(res, 401, { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return refuse(res, 'The request body is not valid JSON');
    }
    switch (route) {
      case 'POST /v1/contacts': {
        if (typeof body.name !== 'string' || body.name.length < 3) return refuse(res, 'The name must be at least 3 characters.', 'name');
        const key = JSON.stringify([body.name, body.email ?? null, body.contact ?? null, body.type ?? null, body.reference_id ?? null]);
        let contact = contacts.get(key);
        if (!contact) contacts.set(key, (contact = { id: contactId(), name: body.name }));
        return send(res, 201, {
          id: contact.id,
          entity: 'contact',
          name: contact.name,
          type: body.type ?? null,
          reference_id: body.reference_id ?? null,
          active: true,
        });
      }
      case 'POST /v1/fund_accounts': {
        const vpa = (body.vpa as { address?: unknown } | undefined)?.address;
        if (body.account_type !== 'vpa' || typeof vpa !== 'string' || !/^[\w.-]+@[a-zA-Z]+$/.test(vpa)) return refuse(res, 'Invalid VPA', 'vpa');
        if (![...contacts.values()].some((c) => c.id === body.contact_id)) return refuse(res, 'The id provided does not exist', 'contact_id');
        const key = `${body.contact_id as string}|${vpa}`;
        let account = fundAccounts.get(key);
        if (!account) fundAccounts.set(key, (account = { id: fundAccountId(), contact_id: body.contact_id as string, vpa }));
        return send(res, 201, {
          id: account.id,
          entity: 'fund_account',
          contact_id: account.contact_id,
          account_type: 'vpa',
          vpa: { address: vpa },
          active: true,
        });
      }
      case 'POST /v1/payouts': {
        const key = req.headers['x-payout-idempotency'];
        if (typeof key !== 'string' || !/^[\w -]{4,36}$/.test(key)) {
          return refuse(res, 'Idempotency key is missing. Include idempotency header and key in the request.', 'X-Payout-Idempotency');
        }
        const known = idempotent.get(key);
        if (known) {
          if (known.body !== raw) return refuse(res, 'Different request body sent for the same Idempotency Header');
          return send(res, 200, known.answer);
        }
        if (body.account_number !== accountNumber) return refuse(res, 'Invalid account number', 'account_number');
        if (body.mode !== 'UPI' || body.purpose !== 'refund' || body.currency !== 'INR') return refuse(res, 'Invalid mode, purpose or currency');
        if (!Number.isInteger(body.amount) || (body.amount as number) < 100) return refuse(res, 'Minimum amount is 100 paise', 'amount');
        const account = [...fundAccounts.values()].find((a) => a.id === body.fund_account_id);
        if (!account) return refuse(res, 'The id provided does not exist', 'fund_account_id');
        const failing = /^fail/i.test(account.vpa);
        const payout: FakePayout = {
          id: payoutId(),
          fund_account_id: account.id,
          amount: body.amount as number,
          currency: 'INR',
          mode: 'UPI',
          purpose: 'refund',
          reference_id: (body.reference_id as string | undefined) ?? null,
          status: failing ? 'failed' : 'processing',
          idempotencyKey: key,
          vpa: account.vpa,
        };
        fake.payouts.set(payout.id, payout);
        const answer = {
          id: payout.id,
          entity: 'payout',
          fund_account_id: payout.fund_account_id,
          amount: payout.amount,
          currency: 'INR',
          fees: 0,
          tax: 0,
          status: payout.status,
          utr: null,
          mode: 'UPI',
          purpose: 'refund',
          reference_id: payout.reference_id,
          narration: body.narration ?? null,
          status_details: failing ? { description: 'The beneficiary VPA is invalid', source: 'beneficiary_bank', reason: 'invalid_vpa' } : null,
          created_at: Math.floor(Date.now() / 1000),
        };
        idempotent.set(key, { body: raw, answer });
        if (fake.holdPayouts > 0) {
          fake.holdPayouts--;
          await new Promise((resolve) => setTimeout(resolve, fake.holdMs));
        }
        return send(res, 200, answer);
      }
      default:
        return send(res, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { error: { code: 'SERVER_ERROR' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
