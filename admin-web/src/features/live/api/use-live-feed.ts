import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, getToken } from '@kit/api';
import { refreshQueries } from '@kit/query';
import type { LiveEventMessage, LiveMessage, ReadModel } from '@contract';
import { toAdminOrder, type AdminOrder } from '../../../lib/admin-order';
import type { Page } from '../../../lib/page';
import type { DashboardStats } from '../../../lib/dashboard-stats';
import { isSigningOut } from '../../../lib/sign-out';
import { getLiveTicket } from './get-live-ticket';
import { ReadModelCatchUp } from './read-model-catch-up';
import {
  ADMIN_ROOT,
  analyticsKeys,
  authKeys,
  carouselKeys,
  couponKeys,
  customerKeys,
  gstKeys,
  messageKeys,
  orderKeys,
  productKeys,
  returnKeys,
  statsKeys,
} from '../../../lib/query-keys';

export type LiveState = 'connecting' | 'live' | 'offline';
export type { LiveMessage };

/** The dashboard's queries each read model feeds (by the keys the api files define); none for the ones it never shows. */
const QUERIES_OF: Record<ReadModel, readonly (readonly string[])[]> = {
  // The Returns view names each return's buyer from the orders read model, so an order's change reads it again too.
  orders: [orderKeys.all, statsKeys.all, analyticsKeys.all, customerKeys.all, returnKeys.all],
  catalogue: [productKeys.all, statsKeys.all],
  customers: [customerKeys.all, statsKeys.all, orderKeys.all],
  carousels: [carouselKeys.all],
  invoices: [gstKeys.all],
  addresses: [],
  wishlists: [],
  reviews: [],
  messages: [messageKeys.all],
  coupons: [couponKeys.all],
  'notify-me': [productKeys.demand([])],
  // The Returns view reads the returns read model; a refunded return's revenue comes with the orders' own keys (above).
  returns: [returnKeys.all],
};
export const queriesOf = (readModel: ReadModel) => QUERIES_OF[readModel] ?? [];

/** Which cached queries a live message makes stale: those of the read models it names. */
export function keysFor(message: LiveMessage): readonly (readonly string[])[] {
  if (message.type === 'hello' || message.type === 'projected') return [];
  const keys = new Map<string, readonly string[]>();
  for (const readModel of message.affects) for (const key of queriesOf(readModel)) keys.set(key.join('/'), key);
  return [...keys.values()];
}

type OrdersPage = Page<AdminOrder>;

/** Patch the cached order lists at once from the message, so the change shows before the refetch answers. */
export function patchOrders(queryClient: QueryClient, message: LiveEventMessage) {
  if (!('orderId' in message) || typeof message.orderId !== 'string') return;
  const orderId = message.orderId;
  queryClient.setQueriesData<OrdersPage>({ queryKey: orderKeys.all }, (page) => {
    if (!page || !Array.isArray(page.items)) return page;
    switch (message.type) {
      case 'order.placed': {
        if (page.page !== 1 || page.items.some((o) => o.id === orderId)) return page;
        const order = toAdminOrder({
          id: orderId,
          orderNumber: message.orderNumber,
          customer_name: message.customerName,
          customer_email: message.customerEmail,
          total_amount: message.totalAmount,
          status: message.status,
          payment_method: message.paymentMethod,
          paymentStatus: 'pending',
          created_at: message.at,
        });
        return { ...page, items: [order, ...page.items], total: page.total + 1 };
      }
      case 'order.deleted':
        return { ...page, items: page.items.filter((o) => o.id !== orderId), total: Math.max(0, page.total - 1) };
      case 'order.status':
        return { ...page, items: page.items.map((o) => (o.id === orderId ? { ...o, status: message.status } : o)) };
      case 'payment.completed':
      case 'payment.failed':
      case 'payment.refunded':
        return { ...page, items: page.items.map((o) => (o.id === orderId ? { ...o, payment_status: message.paymentStatus } : o)) };
      default:
        return page;
    }
  });
}

/** A new order counts at once in the overview's figures (the refetch that follows brings the rest). */
export function patchStats(queryClient: QueryClient, message: LiveEventMessage) {
  if (message.type !== 'order.placed') return;
  queryClient.setQueryData<DashboardStats>(statsKeys.all, (stats) =>
    stats ? { ...stats, totalOrders: stats.totalOrders + 1, pendingOrders: stats.pendingOrders + 1 } : stats,
  );
}

/**
 * The feed speaks as soon as an event is in the log; the read models follow a moment later. So: patch what the message
 * says at once, and refetch its queries once the server says the read models it affects have reached it.
 */
export function applyLiveMessage(queryClient: QueryClient, catchUp: ReadModelCatchUp, message: LiveMessage) {
  if (message.type === 'hello') return;
  if (message.type === 'projected') return catchUp.onProjected(message);
  patchOrders(queryClient, message);
  patchStats(queryClient, message);
  catchUp.onEvent(message);
}

/**
 * A socket's catch-up: once a message's read models are there, its queries are read again with the kit's
 * refreshQueries (cancel, then invalidate). A list whose first read is still under way may have been answered before
 * the event; invalidating alone would keep that answer (TanStack dedupes a first fetch instead of cancelling it), so
 * the order the feed just announced would never show.
 */
export const liveCatchUp = (queryClient: QueryClient) => new ReadModelCatchUp(queriesOf, (queryKey) => void refreshQueries(queryClient, { queryKey }));

/** The server closes the feed with these when the session ended (4001) or the user is no admin now (4003). */
const SESSION_CLOSE_CODES = new Set([4001, 4003]);

/**
 * Holds the admin websocket (/api/admin/live?ticket=..., a fresh single-use ticket per connection) and reconnects
 * with backoff (1 s doubling to 15 s). When the session ends, it stops and re-checks the profile, so the auth gate
 * sends the user away.
 */
export function useLiveFeed(): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const retry = () => {
      if (stopped) return;
      setState('offline');
      const wait = Math.min(15_000, 1000 * 2 ** attempt++);
      timer = setTimeout(() => void connect(), wait);
    };
    const sessionEnded = () => {
      stopped = true;
      setState('offline');
      if (!isSigningOut()) void refreshQueries(queryClient, { queryKey: authKeys.profile() });
    };
    const connect = async () => {
      if (!getToken() || stopped) return;
      setState('connecting');
      let ticket: string;
      try {
        ticket = await getLiveTicket();
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) sessionEnded();
        else retry();
        return;
      }
      if (stopped) return;
      const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(`${protocol}//${location.host}/api/admin/live?ticket=${encodeURIComponent(ticket)}`);
      const catchUp = liveCatchUp(queryClient);
      socket.onopen = () => {
        attempt = 0;
        setState('live');
        // Anything that happened while we were away (or since a read still under way was answered): refetch once.
        void refreshQueries(queryClient, { queryKey: ADMIN_ROOT });
      };
      socket.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as LiveMessage;
          if (message && typeof message.type === 'string') applyLiveMessage(queryClient, catchUp, message);
        } catch {
          // not a message for us
        }
      };
      socket.onclose = (event) => {
        socket = null;
        if (stopped) return;
        if (SESSION_CLOSE_CODES.has(event.code)) sessionEnded();
        else retry();
      };
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [queryClient]);
  return state;
}
