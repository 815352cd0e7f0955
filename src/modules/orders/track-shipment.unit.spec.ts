import { describe, expect, it } from 'vitest';
import type { OrderCommand } from './decide.js';
import type { TrackingStage } from './order.js';
import { admin, at, given, place, shopper } from './order-commands.fixture.js';

const shipment = { trackingNumber: 'SIM0000000001', courier: 'Simulator Express', estimatedDelivery: at(2 * 24 * 60) };
const ship: OrderCommand = { type: 'ChangeOrderStatus', data: { status: 'shipped', generatedTrackingNumber: 'AWBGEN', shipment, by: admin, at: at(5) } };
const track = (stage: TrackingStage, minute: number, trackingNumber = shipment.trackingNumber): OrderCommand => ({
  type: 'TrackShipment',
  data: { trackingNumber, stage, courierStatus: stage.toUpperCase(), at: at(minute) },
});
const shippedCod = () => given([]).and(place('cod'), { type: 'ConfirmOrder', data: { by: shopper, at: at(1) } }, ship);

describe('shipping: the courier books, its updates move the order forwards only', () => {
  it('takes the AWB, carrier and date of the booked shipment', () => {
    expect(shippedCod().events.at(-1)).toMatchObject({ type: 'OrderStatusChanged', data: { to: 'shipped', ...shipment } });
  });

  it('records each stage once and in order; a replayed, late or other-AWB update changes nothing', () => {
    const inTransit = shippedCod().and(track('in_transit', 10));
    expect(inTransit.events.at(-1)).toMatchObject({ type: 'ShipmentTracked', data: { stage: 'in_transit', by: 'courier' } });
    inTransit.when(track('in_transit', 11)).thenNothingHappened();
    const out = inTransit.and(track('out_for_delivery', 12));
    out.when(track('in_transit', 13)).thenNothingHappened();
    out.when(track('delivered', 14, 'SIM9999999999')).thenNothingHappened();
  });

  it('delivered sets actualDelivery to the courier time; nothing moves a delivered order after', () => {
    const delivered = shippedCod().when(track('delivered', 20));
    const events = delivered.thenTypes(['ShipmentTracked', 'OrderStatusChanged']);
    expect(events[1]!.data).toMatchObject({ from: 'shipped', to: 'delivered', actualDelivery: at(20), stock: 'kept' });
    given(delivered.history()).when(track('returned_to_origin', 21)).thenNothingHappened();
  });

  it('returned to origin cancels the order and puts its stock back; a paid one is refunded', () => {
    const events = shippedCod().when(track('returned_to_origin', 30)).thenTypes(['ShipmentTracked', 'OrderStatusChanged']);
    expect(events[1]!.data).toMatchObject({ from: 'shipped', to: 'cancelled', stock: 'released' });
    given([])
      .and(
        place('razorpay'),
        { type: 'RecordPaymentOrder', data: { providerOrderId: 'po', amountPaise: 1200_00, provider: 'simulator', by: shopper, at: at(1) } },
        { type: 'ConfirmPayment', data: { providerOrderId: 'po', paymentId: 'pay', amountPaise: 1200_00, via: 'verify', by: shopper, at: at(2) } },
        ship,
      )
      .when(track('returned_to_origin', 30))
      .thenTypes(['ShipmentTracked', 'OrderStatusChanged', 'PaymentRefunded']);
  });
});
