import { describe, expect, it } from 'vitest';
import { decideOrder, type OrderCommand } from './decide.js';
import { initialOrderState, type OrderEvent, type TrackingStage } from './order.js';
import { admin, at, fold, place, shopper } from './order-commands.fixture.js';

const then = (history: OrderEvent[], command: OrderCommand) => decideOrder(command, fold(history));
const after = (history: OrderEvent[], ...commands: OrderCommand[]) => commands.reduce<OrderEvent[]>((h, c) => [...h, ...then(h, c)], history);
const shipment = { trackingNumber: 'SIM0000000001', courier: 'Simulator Express', estimatedDelivery: at(2 * 24 * 60) };
const ship: OrderCommand = { type: 'ChangeOrderStatus', data: { status: 'shipped', generatedTrackingNumber: 'AWBGEN', shipment, by: admin, at: at(5) } };
const track = (stage: TrackingStage, minute: number, trackingNumber = shipment.trackingNumber): OrderCommand => ({
  type: 'TrackShipment',
  data: { trackingNumber, stage, courierStatus: stage.toUpperCase(), at: at(minute) },
});
const shippedCod = () => after(decideOrder(place('cod'), initialOrderState()), { type: 'ConfirmOrder', data: { by: shopper, at: at(1) } }, ship);

describe('shipping: the courier books, its updates move the order forwards only', () => {
  it('takes the AWB, carrier and date of the booked shipment', () => {
    expect(shippedCod().at(-1)).toMatchObject({ type: 'OrderStatusChanged', data: { to: 'shipped', ...shipment } });
  });

  it('records each stage once and in order; a replayed, late or other-AWB update changes nothing', () => {
    const h = after(shippedCod(), track('in_transit', 10));
    expect(h.at(-1)).toMatchObject({ type: 'ShipmentTracked', data: { stage: 'in_transit', by: 'courier' } });
    expect(then(h, track('in_transit', 11))).toEqual([]);
    const out = after(h, track('out_for_delivery', 12));
    expect(then(out, track('in_transit', 13))).toEqual([]);
    expect(then(out, track('delivered', 14, 'SIM9999999999'))).toEqual([]);
  });

  it('delivered sets actualDelivery to the courier time; nothing moves a delivered order after', () => {
    const events = then(shippedCod(), track('delivered', 20));
    expect(events.map((e) => e.type)).toEqual(['ShipmentTracked', 'OrderStatusChanged']);
    expect(events[1]!.data).toMatchObject({ from: 'shipped', to: 'delivered', actualDelivery: at(20), stock: 'kept' });
    expect(then([...shippedCod(), ...events], track('returned_to_origin', 21))).toEqual([]);
  });

  it('returned to origin cancels the order and puts its stock back; a paid one is refunded', () => {
    const events = then(shippedCod(), track('returned_to_origin', 30));
    expect(events.map((e) => e.type)).toEqual(['ShipmentTracked', 'OrderStatusChanged']);
    expect(events[1]!.data).toMatchObject({ from: 'shipped', to: 'cancelled', stock: 'released' });
    const paid = after(
      decideOrder(place('razorpay'), initialOrderState()),
      { type: 'RecordPaymentOrder', data: { providerOrderId: 'po', amountPaise: 1200_00, provider: 'simulator', by: shopper, at: at(1) } },
      { type: 'ConfirmPayment', data: { providerOrderId: 'po', paymentId: 'pay', amountPaise: 1200_00, via: 'verify', by: shopper, at: at(2) } },
      ship,
    );
    expect(then(paid, track('returned_to_origin', 30)).map((e) => e.type)).toEqual(['ShipmentTracked', 'OrderStatusChanged', 'PaymentRefunded']);
  });
});
