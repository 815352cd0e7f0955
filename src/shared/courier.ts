import { createHash } from 'node:crypto';
import type { Env } from '../config/env.js';
import { CourierUnavailableError, unserviceableMessage } from './courier-refusals.js';
import { shiprocketCourier } from './shiprocket/courier.js';

/** What the courier needs to carry an order. */
export interface ShipmentRequest {
  orderId: string;
  orderNumber: string;
  paymentMethod: 'razorpay' | 'cod';
  totalPaise: number;
  items: { productId: string; name: string; quantity: number; unitPricePaise: number }[];
  address: { name: string; address: string; addressLine2: string; city: string; state: string; pincode: string; phone: string };
  at: string;
}

export interface BookedShipment {
  /** The air waybill: the order's tracking number. */
  awb: string;
  courier: string;
  estimatedDelivery: string;
}

/** A parcel to collect from the shopper and bring back to the warehouse (a return). */
export interface ReturnPickupRequest {
  orderId: string;
  orderNumber: string;
  returnId: string;
  /** `paidPaise`: what the shopper paid for these units (the declared value of the parcel). */
  items: { productId: string; name: string; quantity: number; paidPaise: number }[];
  /** Where to collect it: the order's delivery address. */
  address: ShipmentRequest['address'];
  at: string;
}

export type Serviceability = { serviceable: true; estimatedDelivery: string; courier: string } | { serviceable: false; reason: string };

/**
 * The courier port: where a pincode can be delivered and by when, and booking a shipment. `book` must be safe to call
 * again for the same order (a retry after a lost answer books nothing new).
 */
export interface CourierPort {
  kind: 'simulator' | 'shiprocket';
  serviceability(input: { pincode: string; cod: boolean; at: string }): Promise<Serviceability>;
  book(request: ShipmentRequest): Promise<BookedShipment>;
  /**
   * Books the pickup of a return; like `book`, safe to call again for the same return. A courier without it cannot
   * collect returns (the admin's approval answers 503 and changes nothing).
   */
  bookReturnPickup?(request: ReturnPickupRequest): Promise<BookedShipment>;
}

export { CourierUnavailableError, unserviceableMessage } from './courier-refusals.js';

const WAREHOUSE_ZONE = '4'; // the simulator's warehouse is in Mumbai (pincodes 4xxxxx)
const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

/**
 * The local courier (COURIER=simulator), documented in docs/after-sale.md: pincodes are six digits not starting with 0
 * or 9 (9xxxxx is the Army Postal Service); delivery takes 2 days in the warehouse's zone (4xxxxx), 7 days to the
 * north-east (78xxxx, 79xxxx), 4 days elsewhere. The AWB is derived from the order id, so booking twice books once.
 */
export class SimulatorCourier implements CourierPort {
  readonly kind = 'simulator' as const;
  /** Set (by a test) to make the courier fail every booking with this reason. */
  outage: string | null = null;

  days(pincode: string): number | null {
    if (!/^[1-8]\d{5}$/.test(pincode)) return null;
    if (pincode.startsWith(WAREHOUSE_ZONE)) return 2;
    if (pincode.startsWith('78') || pincode.startsWith('79')) return 7;
    return 4;
  }

  async serviceability({ pincode, at }: { pincode: string; cod: boolean; at: string }): Promise<Serviceability> {
    const days = this.days(pincode);
    if (days === null) return { serviceable: false, reason: unserviceableMessage(pincode) };
    return { serviceable: true, estimatedDelivery: addDays(at, days), courier: 'Simulator Express' };
  }

  async book(request: ShipmentRequest): Promise<BookedShipment> {
    if (this.outage) throw new CourierUnavailableError(this.outage);
    const days = this.days(request.address.pincode);
    if (days === null) throw new CourierUnavailableError(unserviceableMessage(request.address.pincode));
    const digits = BigInt(`0x${createHash('sha256').update(`shipment:${request.orderId}`).digest('hex').slice(0, 15)}`) % 10_000_000_000n;
    return { awb: `SIM${digits.toString().padStart(10, '0')}`, courier: 'Simulator Express', estimatedDelivery: addDays(request.at, days) };
  }

  /** The pickup's AWB is derived from the return id (SIMR + 10 digits), so booking twice books once; back in the same days. */
  async bookReturnPickup(request: ReturnPickupRequest): Promise<BookedShipment> {
    if (this.outage) throw new CourierUnavailableError(this.outage);
    const days = this.days(request.address.pincode);
    if (days === null) throw new CourierUnavailableError(unserviceableMessage(request.address.pincode));
    const digits = BigInt(`0x${createHash('sha256').update(`return-pickup:${request.returnId}`).digest('hex').slice(0, 15)}`) % 10_000_000_000n;
    return { awb: `SIMR${digits.toString().padStart(10, '0')}`, courier: 'Simulator Express', estimatedDelivery: addDays(request.at, days) };
  }
}

const couriers = new WeakMap<Env, CourierPort>();

/** The courier of this configuration (one per runtime's env). */
export function courierFor(env: Env, create: (env: Env) => CourierPort = createCourier): CourierPort {
  let courier = couriers.get(env);
  if (!courier) {
    courier = create(env);
    couriers.set(env, courier);
  }
  return courier;
}

function createCourier(env: Env): CourierPort {
  return env.COURIER === 'shiprocket' ? shiprocketCourier(env) : new SimulatorCourier();
}
