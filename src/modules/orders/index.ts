import { randomUUID } from 'node:crypto';
import type { ModuleDeps, StoreModule } from '../module.js';
import { ordersApi } from './api.js';
import { expireDueOrders } from './commands.js';
import './order.js';

export { loadOrder, runOrderCommand, placeOrder, expireDueOrders, generateTrackingNumber } from './commands.js';
export {
  orderStream,
  evolveOrder,
  initialOrderState,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  REVENUE_STATUSES,
  countsAsRevenue,
  countsAsRevenueSql,
  revenueAmountSql,
  revenuePaise,
  TRACKING_STAGES,
  type TrackingStage,
  type OrderEvent,
  type OrderState,
  type OrderStatus,
} from './order.js';
export { changeOrderStatus, confirmOrder, deleteOrder, settled, visibleOrder } from './service.js';
export { latestDeliveredOrderWith, orderIdOfProviderOrder, shopperOrderWithProduct } from './order-lookups.js';
export { findOrder, ordersOfCustomer, withDetails, ORDER_SELECT, type OrderRow, type OrderDto } from './queries.js';
export { toPaise, toRupees } from './pricing.js';
export { orderSchema } from './schemas.js';
export { buildInvoice, invoicePdf, invoiceSummaryOf } from './invoice.js';
export { codHoldsList, releaseCodHoldOf, type CodHoldRow } from './cod-holds-admin.js';
export { findReturn } from './returns-queries.js';

export const startOrder = 30;

/** How often the expiry timer looks for unpaid online orders past their 30 minutes. */
const EXPIRY_SCAN_MS = 60_000;

export function createModule(_deps: ModuleDeps): StoreModule {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  return {
    name: 'orders',
    routes: ordersApi,
    async start(runtime: ModuleDeps) {
      const scan = async () => {
        if (running) return;
        running = true;
        try {
          const expired = await expireDueOrders({ store: runtime.store, pool: runtime.pool }, new Date());
          if (expired.length > 0) runtime.log.info({ expired: expired.length, correlationId: randomUUID() }, 'expired unpaid orders');
        } catch (error) {
          runtime.log.error({ err: error }, 'order expiry scan failed');
        } finally {
          running = false;
        }
      };
      timer = setInterval(() => void scan(), EXPIRY_SCAN_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
