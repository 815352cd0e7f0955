import { CourierUnavailableError } from '../courier-refusals.js';

/** Where and as whom the adapter talks to Shiprocket's API (docs/after-sale.md). */
export interface ShiprocketAccess {
  /** e.g. https://apiv2.shiprocket.in/v1/external, without a trailing slash. */
  baseUrl: string;
  email: string;
  password: string;
  /** A call that has not answered after this long is given up (the booking is then looked up before any retry). */
  timeoutMs: number;
  now?: () => number;
}

const DAY_MS = 86_400_000;
/** Shiprocket's login token is valid for 10 days; it is renewed a day early so that no call starts with a dying token. */
const TOKEN_LIFETIME_MS = 10 * DAY_MS;
const RENEW_BEFORE_MS = DAY_MS;

/** Shiprocket answered, but not with success: its status and its own words. */
export class ShiprocketAnswerError extends CourierUnavailableError {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Shiprocket answered ${status}: ${reasonOf(body)}`);
  }
}

/**
 * Shiprocket's error bodies are `{ message, errors?: { field: [text] }, status_code }`; an AWB it could not assign says
 * why in `response.data.awb_assign_error` (on a 200). This keeps the readable part.
 */
export function reasonOf(body: unknown): string {
  if (!body || typeof body !== 'object') return 'no details';
  const { message, errors, response } = body as { message?: unknown; errors?: unknown; response?: { data?: { awb_assign_error?: unknown } } };
  const first =
    errors && typeof errors === 'object'
      ? Object.values(errors as Record<string, unknown>)
          .flat()
          .find((e): e is string => typeof e === 'string')
      : undefined;
  const awbError = response && typeof response === 'object' ? response.data?.awb_assign_error : undefined;
  const text = [typeof message === 'string' ? message : null, first, typeof awbError === 'string' ? awbError : null].filter(Boolean).join(' ');
  return (text || 'no details').slice(0, 200);
}

/** The `exp` of a JWT, in ms, when it has one (Shiprocket's tokens do); the token is never verified here, only timed. */
function expiryOf(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Shiprocket's HTTP API with its login handled: one token for every call, kept until a day before it expires, one
 * login at a time however many calls need it, and one fresh login and retry when a call is answered 401 (a token
 * revoked early, or a password changed).
 */
export class ShiprocketClient {
  private token: { value: string; renewAt: number } | null = null;
  private loggingIn: Promise<string> | null = null;
  private readonly now: () => number;

  constructor(private readonly access: ShiprocketAccess) {
    this.now = access.now ?? Date.now;
  }

  /** A JSON call with the bearer token; a non-2xx answer throws ShiprocketAnswerError, no answer CourierUnavailableError. */
  async call<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    let token = await this.currentToken();
    let answer = await this.send(method, path, body, token);
    if (answer.status === 401) {
      if (this.token?.value === token) this.token = null;
      token = await this.currentToken();
      answer = await this.send(method, path, body, token);
    }
    if (answer.status < 200 || answer.status > 299) throw new ShiprocketAnswerError(answer.status, answer.body);
    return answer.body as T;
  }

  private currentToken(): Promise<string> {
    if (this.token && this.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    this.loggingIn ??= this.logIn().finally(() => {
      this.loggingIn = null;
    });
    return this.loggingIn;
  }

  private async logIn(): Promise<string> {
    const answer = await this.send('POST', '/auth/login', { email: this.access.email, password: this.access.password });
    const value = (answer.body as { token?: unknown } | null)?.token;
    if (answer.status >= 500) throw new ShiprocketAnswerError(answer.status, answer.body);
    if (answer.status !== 200 || typeof value !== 'string' || !value) {
      throw new CourierUnavailableError(`Shiprocket refused the API login (${answer.status}: ${reasonOf(answer.body)})`);
    }
    const issuedAt = this.now();
    const expires = Math.min(expiryOf(value) ?? Infinity, issuedAt + TOKEN_LIFETIME_MS);
    this.token = { value, renewAt: expires - RENEW_BEFORE_MS };
    return value;
  }

  private async send(method: string, path: string, body: object | undefined, token?: string): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.access.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.access.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new CourierUnavailableError(timedOut ? `Shiprocket did not answer within ${this.access.timeoutMs} ms` : 'Shiprocket could not be reached');
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  }
}
