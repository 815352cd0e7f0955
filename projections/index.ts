import { carouselsProjector } from './carousels/carousels-projector.js';
import { couponsProjector } from './coupons/coupons-projector.js';
import { catalogueProjector } from './catalogue/catalogue-projector.js';
import { customersProjector } from './customers/customers-projector.js';
import { invoicesProjector } from './invoices/invoices-projector.js';
import { messagesProjector } from './messages/outbox-projector.js';
import { notifyMeProjector } from './notify-me/notify-me-projector.js';
import { ordersProjector } from './orders/orders-projector.js';
import { addressesProjector } from './profiles/addresses-projector.js';
import { wishlistsProjector } from './profiles/wishlists-projector.js';
import { reviewsProjector } from './reviews/reviews-projector.js';
import { returnsProjector } from './returns/returns-projector.js';
import type { Projector } from './projector.js';

/**
 * Every read model's projector, as the app runs them (src/runtime.ts hands this list to the ProjectionRunner). The app
 * wires projectors here; feature modules never import them (events are the contract: a projector imports only its
 * features' `events.ts`).
 */
export const PROJECTORS: readonly Projector[] = [
  customersProjector,
  catalogueProjector,
  carouselsProjector,
  ordersProjector,
  invoicesProjector,
  addressesProjector,
  wishlistsProjector,
  reviewsProjector,
  messagesProjector,
  couponsProjector,
  notifyMeProjector,
  returnsProjector,
];
