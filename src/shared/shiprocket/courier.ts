import { LRUCache } from 'lru-cache';
import type { Env } from '../../config/env.js';
import { ServiceUnavailableError } from '../../core/errors.js';
import type { BookedShipment, CourierPort, ReturnPickupRequest, Serviceability, ShipmentRequest } from '../courier.js';
import { CourierUnavailableError, unserviceableMessage } from '../courier-refusals.js';
import { ShiprocketAnswerError, ShiprocketClient, reasonOf, type ShiprocketAccess } from './client.js';
import { adhocOrder, returnOrder, returnReference, type ParcelSettings, type Warehouse } from './order-payload.js';

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
  /** The warehouse's address, read once from Shiprocket's pickup locations (a failed read is tried again next time). */
  private warehouse: Promise<Warehouse> | null = null;
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
    const assigned: Assigned = order.awb
      ? { awb: order.awb, courier: order.courier ?? 'Shiprocket' }
      : await this.assignAwb(order, choice, () => this.findOrder(request.orderId));
    await this.requestPickup(order.shipmentId);
    const carrier = route.options.find((o) => o.id === assigned.courierId) ?? route.options.find((o) => o.name === assigned.courier);
    const days = carrier?.days ?? choice?.days ?? UNSTATED_DAYS;
    return { awb: assigned.awb, courier: assigned.courier, estimatedDelivery: addDays(request.at, days) };
  }

  /**
   * Books the pickup of a return once per return: a Shiprocket return order under an id derived from the return id
   * (looked up before it is created, as for the forward booking), then its AWB. No pickup request follows: no source
   * says a return needs one (docs/integrations/shiprocket.md, open points). The estimate is the forward transit time of
   * the route, the parcel travelling it the other way.
   */
  bookReturnPickup(request: ReturnPickupRequest): Promise<BookedShipment> {
    const key = `return:${request.returnId}`;
    let running = this.booking.get(key);
    if (!running) {
      running = this.bookReturnOnce(request).finally(() => this.booking.delete(key));
      this.booking.set(key, running);
    }
    return running;
  }

  private async bookReturnOnce(request: ReturnPickupRequest): Promise<BookedShipment> {
    const reference = returnReference(request.returnId);
    const order = (await this.findReturn(reference)) ?? (await this.createReturn(request, reference));
    if (order.cancelled) {
      throw new CourierUnavailableError(`the Shiprocket return order ${reference} was cancelled there; restore it in Shiprocket first`);
    }
    const assigned: Assigned = order.awb
      ? { awb: order.awb, courier: order.courier ?? 'Shiprocket' }
      : await this.assignAwb(order, null, () => this.findReturn(reference), true);
    const route = await this.route(request.address.pincode, false).catch(() => NO_ROUTE);
    const carrier = route.options.find((o) => o.id === assigned.courierId) ?? route.options.find((o) => o.name === assigned.courier);
    const days = carrier?.days ?? pick(route, false)?.days ?? UNSTATED_DAYS;
    return { awb: assigned.awb, courier: assigned.courier, estimatedDelivery: addDays(request.at, days) };
  }

  /** The return order made for this reference, if any; return orders are listed apart from the forward ones. */
  private async findReturn(reference: string): Promise<FoundOrder | null> {
    const listed = await this.client.call<OrdersAnswer>('GET', `/orders/processing/return?${new URLSearchParams({ search: reference })}`);
    const match = (Array.isArray(listed?.data) ? listed.data : []).find((o) => String(o.channel_order_id) === reference);
    if (!match) return null;
    const shipment = shipmentsOf(match)[0];
    // The return list carries the shipment id on the order itself; its shipments may have no `id`.
    const shipmentId = Number(match.shipment_id ?? shipment?.id);
    if (!Number.isFinite(shipmentId) || shipmentId <= 0) return null;
    return {
      shipmentId,
      awb: present(shipment?.awb),
      courier: present(shipment?.courier),
      cancelled: /^CANCEL/i.test(String(match.status ?? '')),
    };
  }

  private async createReturn(request: ReturnPickupRequest, reference: string): Promise<FoundOrder> {
    const warehouse = await this.warehouseAddress();
    let created: CreateAnswer | null = null;
    let failure: unknown = null;
    try {
      created = await this.client.call<CreateAnswer>('POST', '/orders/create/return', returnOrder(request, reference, warehouse, this.settings));
    } catch (error) {
      failure = error;
    }
    if (created?.shipment_id && Number.isFinite(Number(created.shipment_id))) {
      return { shipmentId: Number(created.shipment_id), awb: null, courier: null, cancelled: false };
    }
    // No usable answer: the return order may exist all the same (answer lost, or the id already taken). Never create twice.
    const found = await this.findReturn(reference).catch(() => null);
    if (found) return found;
    throw failure ?? new CourierUnavailableError(`Shiprocket created no return shipment (${reasonOf(created)})`);
  }

  /** The pickup location named SHIPROCKET_PICKUP_LOCATION, as the account lists it. */
  private warehouseAddress(): Promise<Warehouse> {
    this.warehouse ??= this.readWarehouse().catch((error: unknown) => {
      this.warehouse = null;
      throw error;
    });
    return this.warehouse;
  }

  private async readWarehouse(): Promise<Warehouse> {
    const name = this.settings.pickupLocation;
    const answer = await this.client.call<PickupLocationsAnswer>('GET', '/settings/company/pickup');
    const listed = answer?.data?.shipping_address;
    const found = (Array.isArray(listed) ? listed : []).find((l) => String(l.pickup_location ?? '') === name);
    if (!found) throw new CourierUnavailableError(`Shiprocket has no pickup location named "${name}" (SHIPROCKET_PICKUP_LOCATION)`);
    const text = (value: unknown) => present(value) ?? '';
    return {
      name: text(found.name) || name,
      address: text(found.address),
      address2: text(found.address_2),
      city: text(found.city),
      state: text(found.state),
      country: text(found.country) || 'India',
      pincode: text(found.pin_code),
      email: text(found.email) || this.settings.contactEmail,
      phone: text(found.phone),
    };
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

  /**
   * Asks for the shipment's AWB. A return's shipment says so (`is_return: 1`) and names no courier: Shiprocket picks
   * one that collects from the shopper. `find` looks the order up again when the answer carries no AWB.
   */
  private async assignAwb(order: FoundOrder, choice: CourierOption | null, find: () => Promise<FoundOrder | null>, isReturn = false): Promise<Assigned> {
    let answer: AwbAnswer | null = null;
    let failure: unknown = null;
    try {
      answer = await this.client.call<AwbAnswer>('POST', '/courier/assign/awb', {
        shipment_id: order.shipmentId,
        ...(choice ? { courier_id: choice.id } : {}),
        ...(isReturn ? { is_return: 1 } : {}),
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
    const again = await find().catch(() => null);
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
  /** Return orders carry their shipment id here. */
  shipment_id?: unknown;
  shipments?: ListedShipment[] | ListedShipment | null;
}
const shipmentsOf = (o: ListedOrder) => (Array.isArray(o.shipments) ? o.shipments : o.shipments ? [o.shipments] : []);
interface PickupLocationsAnswer {
  data?: {
    shipping_address?: {
      pickup_location?: unknown;
      name?: unknown;
      address?: unknown;
      address_2?: unknown;
      city?: unknown;
      state?: unknown;
      country?: unknown;
      pin_code?: unknown;
      email?: unknown;
      phone?: unknown;
    }[];
  };
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
