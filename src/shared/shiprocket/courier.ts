import { LRUCache } from 'lru-cache';
import type { Env } from '../../config/env.js';
import { ServiceUnavailableError } from '../../core/errors.js';
import type { BookedShipment, CourierPort, Serviceability, ShipmentRequest } from '../courier.js';
import { CourierUnavailableError, unserviceableMessage } from '../courier-refusals.js';
import { ShiprocketAnswerError, ShiprocketClient, reasonOf, type ShiprocketAccess } from './client.js';
import { adhocOrder, type ParcelSettings } from './order-payload.js';

export interface ShiprocketSettings extends ShiprocketAccess, ParcelSettings {
  /** The warehouse's pincode: where every parcel is picked up. */
  pickupPincode: string;
}

/** One courier Shiprocket offers for a route, as its serviceability call lists it. */
interface CourierOption {
  id: number;
  name: string;
  days: number;
  cod: boolean;
}
interface Route {
  options: CourierOption[];
  recommendedId: number | null;
}
interface Assigned {
  awb: string;
  courier: string;
  courierId?: number;
}
/** A Shiprocket order found for the store's order, with its shipment and AWB once assigned. */
interface FoundOrder {
  shipmentId: number;
  awb: string | null;
  courier: string | null;
  cancelled: boolean;
}

const DAY_MS = 86_400_000;
/** Serviceability answers are kept this long per pincode and payment kind, and served stale while Shiprocket is down. */
const ROUTE_TTL_MS = 6 * 60 * 60 * 1000;
const ROUTES_KEPT = 20_000;
/** A courier whose transit time Shiprocket does not state is assumed to take this long. */
const UNSTATED_DAYS = 7;

const NO_ROUTE: Route = { options: [], recommendedId: null };

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** Shiprocket states transit as '3', 3 or '3 - 4' days; the longest end is the promise. */
function statedDays(value: unknown): number | null {
  const numbers = String(value ?? '')
    .split('-')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n) && n > 0);
  return numbers.length ? Math.ceil(Math.max(...numbers)) : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const IST_MS = 330 * 60_000;

/** Days from today (India) to Shiprocket's `etd`, a date written 'Dec 02, 2026' or '2026-12-02 15:40:19'. */
function daysUntil(etd: unknown, nowMs: number): number | null {
  const text = String(etd ?? '').trim();
  const named = text.match(/^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})/);
  const iso = text.match(/^(\d{4})-(\d{2})-(\d{2})/);
  const month = named ? MONTHS.indexOf(named[1]!.toLowerCase()) : -1;
  const day =
    named && month >= 0 ? Date.UTC(Number(named[3]), month, Number(named[2])) : iso ? Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])) : NaN;
  if (!Number.isFinite(day)) return null;
  const today = new Date(nowMs + IST_MS);
  const days = Math.round((day - Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) / DAY_MS);
  return days > 0 ? days : null;
}

/**
 * A courier's transit time: `estimated_delivery_days`, else `etd_hours`, else the days until its `etd` date; public
 * clients show each of the three, and some answers carry only the date.
 */
function transitDays(company: { estimated_delivery_days?: unknown; etd_hours?: unknown; etd?: unknown }, nowMs: number): number {
  const hours = Number(company.etd_hours);
  return (
    statedDays(company.estimated_delivery_days) ??
    (Number.isFinite(hours) && hours > 0 ? Math.ceil(hours / 24) : null) ??
    daysUntil(company.etd, nowMs) ??
    UNSTATED_DAYS
  );
}

/** `1`, `'1'` and `true` all mean yes in Shiprocket's answers (its numbers arrive as strings as often as not). */
const yes = (value: unknown) => value === true || Number(value) === 1;

/** The COD-capable, unblocked couriers for a route; Shiprocket's recommendation first, else the fastest. */
function pick(route: Route, cod: boolean): CourierOption | null {
  const usable = route.options.filter((o) => !cod || o.cod);
  return usable.find((o) => o.id === route.recommendedId) ?? [...usable].sort((a, b) => a.days - b.days)[0] ?? null;
}

/**
 * The Shiprocket adapter of the courier port. Serviceability by pincode is cached; booking is create order, assign
 * AWB, request pickup. Shiprocket's create call takes no idempotency key, so a booking first looks the order up by
 * the store's order id (sent as Shiprocket's `order_id`, which it refuses to reuse) and creates only when there is
 * none: a retry after a lost answer finds the first order instead of making a second (docs/decisions/0020-courier-booking.md).
 */
export class ShiprocketCourier implements CourierPort {
  readonly kind = 'shiprocket' as const;
  private readonly routes: LRUCache<string, Route>;
  private readonly booking = new Map<string, Promise<BookedShipment>>();
  private readonly now: () => number;

  constructor(
    private readonly settings: ShiprocketSettings,
    private readonly client: ShiprocketClient = new ShiprocketClient(settings),
  ) {
    this.now = settings.now ?? Date.now;
    this.routes = new LRUCache<string, Route>({
      max: ROUTES_KEPT,
      ttl: ROUTE_TTL_MS,
      allowStaleOnFetchRejection: true,
      fetchMethod: (key) => this.fetchRoute(key),
    });
  }

  async serviceability({ pincode, cod, at }: { pincode: string; cod: boolean; at: string }): Promise<Serviceability> {
    const choice = pick(await this.route(pincode, cod), cod);
    if (!choice) return { serviceable: false, reason: unserviceableMessage(pincode) };
    return { serviceable: true, estimatedDelivery: addDays(at, choice.days), courier: choice.name };
  }

  /** Books once per order: concurrent calls for one order share the first, and later ones find its Shiprocket order. */
  book(request: ShipmentRequest): Promise<BookedShipment> {
    let running = this.booking.get(request.orderId);
    if (!running) {
      running = this.bookOnce(request).finally(() => this.booking.delete(request.orderId));
      this.booking.set(request.orderId, running);
    }
    return running;
  }

  private async bookOnce(request: ShipmentRequest): Promise<BookedShipment> {
    const cod = request.paymentMethod === 'cod';
    const found = await this.findOrder(request.orderId);
    // A new order needs a courier that reaches the pincode; an order already made only needs its transit time.
    const route = found ? await this.route(request.address.pincode, cod).catch(() => NO_ROUTE) : await this.route(request.address.pincode, cod);
    const choice = pick(route, cod);
    const order = found ?? (await this.createOrder(request, choice));
    if (order.cancelled) {
      throw new CourierUnavailableError(`the Shiprocket order for ${request.orderId} was cancelled there; restore it in Shiprocket first`);
    }
    const assigned: Assigned = order.awb ? { awb: order.awb, courier: order.courier ?? 'Shiprocket' } : await this.assignAwb(request.orderId, order, choice);
    await this.requestPickup(order.shipmentId);
    const carrier = route.options.find((o) => o.id === assigned.courierId) ?? route.options.find((o) => o.name === assigned.courier);
    const days = carrier?.days ?? choice?.days ?? UNSTATED_DAYS;
    return { awb: assigned.awb, courier: assigned.courier, estimatedDelivery: addDays(request.at, days) };
  }

  private async route(pincode: string, cod: boolean): Promise<Route> {
    try {
      const route = await this.routes.fetch(`${pincode}:${cod ? 1 : 0}`);
      if (route) return route;
    } catch {
      // handled below: no answer and nothing cached
    }
    throw new ServiceUnavailableError(`We could not check delivery to pincode ${pincode} right now. Please try again in a few minutes.`);
  }

  private async fetchRoute(key: string): Promise<Route> {
    const [pincode, cod] = key.split(':');
    const query = new URLSearchParams({
      pickup_postcode: this.settings.pickupPincode,
      delivery_postcode: pincode!,
      cod: cod!,
      weight: String(this.settings.weightKgPerUnit),
    });
    let body: ServiceabilityAnswer;
    try {
      body = await this.client.call<ServiceabilityAnswer>('GET', `/courier/serviceability/?${query}`);
    } catch (error) {
      // Shiprocket answers 404 for a pincode no courier reaches: that is an answer, not an outage.
      if (error instanceof ShiprocketAnswerError && error.status === 404) return NO_ROUTE;
      throw error;
    }
    // The same refusal also comes as a 200 whose body says `status: 404` and lists no couriers.
    const data = body?.data && typeof body.data === 'object' && !Array.isArray(body.data) ? body.data : {};
    const companies = Array.isArray(data.available_courier_companies) ? data.available_courier_companies : [];
    const nowMs = this.now();
    const options = companies
      .filter((c) => !yes(c.blocked) && typeof c.courier_name === 'string' && Number.isFinite(Number(c.courier_company_id)))
      .map((c) => ({ id: Number(c.courier_company_id), name: String(c.courier_name), days: transitDays(c, nowMs), cod: yes(c.cod) }));
    const recommended = Number(data.recommended_courier_company_id ?? data.shiprocket_recommended_courier_id);
    return { options, recommendedId: Number.isFinite(recommended) ? recommended : null };
  }

  /** Shiprocket's order for this store order, if one was made (by an earlier try whose answer was lost, or another instance). */
  private async findOrder(reference: string): Promise<FoundOrder | null> {
    const listed = await this.client.call<OrdersAnswer>('GET', `/orders?${new URLSearchParams({ search: reference })}`);
    const shipmentsOf = (o: ListedOrder) => (Array.isArray(o.shipments) ? o.shipments : o.shipments ? [o.shipments] : []);
    const match = (Array.isArray(listed?.data) ? listed.data : []).find((o) => String(o.channel_order_id) === reference && shipmentsOf(o).length);
    if (!match) return null;
    const shipment = shipmentsOf(match)[0]!;
    return {
      shipmentId: Number(shipment.id),
      awb: present(shipment.awb),
      courier: shipment.courier ? String(shipment.courier) : null,
      cancelled: /^CANCEL/i.test(String(match.status ?? '')),
    };
  }

  private async createOrder(request: ShipmentRequest, choice: CourierOption | null): Promise<FoundOrder> {
    if (!choice) throw new CourierUnavailableError(unserviceableMessage(request.address.pincode));
    let created: CreateAnswer | null = null;
    let failure: unknown = null;
    try {
      created = await this.client.call<CreateAnswer>('POST', '/orders/create/adhoc', adhocOrder(request, this.settings));
    } catch (error) {
      failure = error;
    }
    if (created?.shipment_id && Number.isFinite(Number(created.shipment_id))) {
      return {
        shipmentId: Number(created.shipment_id),
        awb: present(created.awb_code),
        courier: present(created.courier_name),
        cancelled: false,
      };
    }
    // No usable answer: the order may exist all the same (answer lost, or order_id already used). Never create twice.
    const found = await this.findOrder(request.orderId).catch(() => null);
    if (found) return found;
    throw failure ?? new CourierUnavailableError(`Shiprocket created no shipment (${reasonOf(created)})`);
  }

  private async assignAwb(reference: string, order: FoundOrder, choice: CourierOption | null): Promise<Assigned> {
    let answer: AwbAnswer | null = null;
    let failure: unknown = null;
    try {
      answer = await this.client.call<AwbAnswer>('POST', '/courier/assign/awb', {
        shipment_id: order.shipmentId,
        ...(choice ? { courier_id: choice.id } : {}),
      });
    } catch (error) {
      failure = error;
    }
    const data = answer?.response?.data;
    const awb = present(data?.awb_code);
    if (awb && (answer?.awb_assign_status === undefined || yes(answer.awb_assign_status))) {
      const courierId = Number(data?.courier_company_id);
      return { awb, courier: present(data?.courier_name) ?? choice?.name ?? 'Shiprocket', ...(Number.isFinite(courierId) ? { courierId } : {}) };
    }
    // An AWB assigned by a call whose answer was lost is on the order: use it rather than ask for another.
    const again = await this.findOrder(reference).catch(() => null);
    if (again?.awb) return { awb: again.awb, courier: again.courier ?? choice?.name ?? 'Shiprocket' };
    // No AWB yet (the courier has not taken it, or the wallet is short): the admin sees Shiprocket's reason and retries;
    // the retry finds this order and asks for the AWB again.
    throw failure ?? new CourierUnavailableError(`Shiprocket assigned no AWB yet (${reasonOf(answer)})`);
  }

  /** Asks for the pickup; a shipment already in the pickup queue (a retried booking) is fine as it is. */
  private async requestPickup(shipmentId: number): Promise<void> {
    try {
      await this.client.call('POST', '/courier/generate/pickup', { shipment_id: [shipmentId] });
    } catch (error) {
      if (error instanceof ShiprocketAnswerError && /already/i.test(reasonOf(error.body))) return;
      throw error;
    }
  }
}

/** A non-empty string of a field Shiprocket sends as a string, a number or null. */
function present(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return text ? text : null;
}

interface ServiceabilityAnswer {
  status?: unknown;
  data?: {
    available_courier_companies?: {
      courier_company_id?: unknown;
      courier_name?: unknown;
      estimated_delivery_days?: unknown;
      etd_hours?: unknown;
      etd?: unknown;
      cod?: unknown;
      blocked?: unknown;
    }[];
    recommended_courier_company_id?: unknown;
    shiprocket_recommended_courier_id?: unknown;
  };
}
type ListedShipment = { id?: unknown; awb?: unknown; courier?: unknown };
interface ListedOrder {
  channel_order_id?: unknown;
  status?: unknown;
  shipments?: ListedShipment[] | ListedShipment | null;
}
interface OrdersAnswer {
  data?: ListedOrder[];
}
interface CreateAnswer {
  order_id?: unknown;
  shipment_id?: unknown;
  awb_code?: unknown;
  courier_name?: unknown;
}
interface AwbAnswer {
  awb_assign_status?: unknown;
  response?: { data?: { awb_code?: unknown; courier_name?: unknown; courier_company_id?: unknown; awb_assign_error?: unknown } };
}

/** The adapter for COURIER=shiprocket; a missing setting stops the start with what to set. */
export function shiprocketCourier(env: Env): ShiprocketCourier {
  const missing = (['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD', 'SHIPROCKET_PICKUP_PINCODE'] as const).filter((name) => !env[name]);
  if (missing.length) throw new Error(`COURIER=shiprocket needs ${missing.join(', ')}`);
  const from = env.MAIL_FROM.match(/<([^<>]+)>/)?.[1] ?? env.MAIL_FROM;
  return new ShiprocketCourier({
    baseUrl: env.SHIPROCKET_BASE_URL.replace(/\/+$/, ''),
    email: env.SHIPROCKET_EMAIL!,
    password: env.SHIPROCKET_PASSWORD!,
    timeoutMs: env.SHIPROCKET_TIMEOUT_MS,
    pickupPincode: env.SHIPROCKET_PICKUP_PINCODE!,
    pickupLocation: env.SHIPROCKET_PICKUP_LOCATION,
    contactEmail: from,
    weightKgPerUnit: 0.5,
  });
}
