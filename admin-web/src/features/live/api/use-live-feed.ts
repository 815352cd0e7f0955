import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, getToken } from '@kit/api';
import { toAdminOrder, type AdminOrder } from '../../orders/api/order';
import type { Page } from '../../../lib/page';
import { type DashboardStats } from '../../overview/api/get-stats';
import { isSigningOut } from '../../auth/api/sign-out';
import { getLiveTicket } from './get-live-ticket';
import { ADMIN_ROOT, analyticsKeys, authKeys, carouselKeys, customerKeys, orderKeys, productKeys, statsKeys } from '../../../lib/query-keys';

export type LiveState = 'connecting' | 'live' | 'offline';
export type LiveMessage = { type: string; [key: string]: unknown };

/** Which cached queries a live message makes stale, by the same keys the api files define. */
export function keysFor(message: LiveMessage): readonly (readonly string[])[] {
  const type = message.type.toLowerCase();
  if (type === 'hello' || type === 'ping' || type === 'pong' || type === 'connected' || type === 'welcome') return [];
  if (type.includes('order') || type.includes('payment') || type.includes('status')) return [orderKeys.all, statsKeys.all, analyticsKeys.all, customerKeys.all, productKeys.all];
  if (type.includes('stock') || type.includes('product') || type.includes('inventory') || type.includes('catalogue')) return [productKeys.all, statsKeys.all];
  if (type.includes('carousel') || type.includes('slide')) return [carouselKeys.all];
  if (type.includes('customer') || type.includes('user')) return [customerKeys.all, statsKeys.all];
  return [ADMIN_ROOT];
}

type OrdersPage = Page<AdminOrder>;

/** Patch the cached order lists at once from the message, so the change shows before the refetch answers. */
export function patchOrders(queryClient: QueryClient, message: LiveMessage) {
  const orderId = typeof message.orderId === 'string' ? message.orderId : null;
  if (!orderId) return;
  queryClient.setQueriesData<OrdersPage>({ queryKey: orderKeys.all }, (page) => {
    if (!page || !Array.isArray(page.items)) return page;
    if (message.type === 'order.placed') {
      if (page.page !== 1 || page.items.some((o) => o.id === orderId)) return page;
      const order = toAdminOrder({ id: orderId, orderNumber: message.orderNumber, customer_name: message.customerName, customer_email: message.customerEmail, total_amount: message.totalAmount, status: message.status ?? 'pending', payment_method: message.paymentMethod, payment_status: 'pending', created_at: message.at });
      return { ...page, items: [order, ...page.items], total: page.total + 1 };
    }
    if (message.type === 'order.deleted') return { ...page, items: page.items.filter((o) => o.id !== orderId), total: Math.max(0, page.total - 1) };
    if (message.type === 'order.status' && typeof message.status === 'string') return { ...page, items: page.items.map((o) => (o.id === orderId ? { ...o, status: message.status as string } : o)) };
    if (message.type.startsWith('payment.') && typeof message.paymentStatus === 'string') return { ...page, items: page.items.map((o) => (o.id === orderId ? { ...o, payment_status: message.paymentStatus as string } : o)) };
    return page;
  });
}

/**
 * The feed speaks as soon as an event is in the log; the read models follow a moment later. So: patch what the message
 * says at once, then refetch shortly after (and once more later, in case the projections were still behind).
 */
const CATCH_UP_MS = [250, 1200];

/** A new order counts at once in the overview's figures (the refetch that follows brings the rest). */
export function patchStats(queryClient: QueryClient, message: LiveMessage) {
  if (message.type !== 'order.placed') return;
  queryClient.setQueryData<DashboardStats>(statsKeys.all, (stats) => (stats ? { ...stats, totalOrders: stats.totalOrders + 1, pendingOrders: stats.pendingOrders + 1 } : stats));
}

export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage) {
  patchOrders(queryClient, message);
  patchStats(queryClient, message);
  const keys = keysFor(message);
  if (keys.length === 0) return;
  for (const wait of CATCH_UP_MS) setTimeout(() => keys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey })), wait);
}

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
      if (!isSigningOut()) void queryClient.invalidateQueries({ queryKey: authKeys.profile() });
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
      socket.onopen = () => {
        attempt = 0;
        setState('live');
        // Anything that happened while we were away: refetch once.
        void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT });
      };
      socket.onmessage = (event) => {
        try {
          const message = JSON.parse(String(event.data)) as LiveMessage;
          if (message && typeof message.type === 'string') applyLiveMessage(queryClient, message);
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
