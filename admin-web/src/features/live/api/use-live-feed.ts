import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getToken } from '../../../lib/api-client';
import { ADMIN_ROOT } from '../../../lib/query-keys';
import { analyticsQueryKey } from '../../analytics/api/get-analytics';
import { carouselsQueryKey } from '../../carousels/api/get-carousels';
import { customersQueryKey } from '../../customers/api/get-customers';
import { ordersQueryKey } from '../../orders/api/get-orders';
import { statsQueryKey } from '../../overview/api/get-stats';
import { productsQueryKey } from '../../products/api/get-products';

export type LiveState = 'connecting' | 'live' | 'offline';
export type LiveMessage = { type: string; [key: string]: unknown };

/** Which cached queries a live message makes stale, by the same keys the api files define. */
export function keysFor(message: LiveMessage): readonly (readonly string[])[] {
  const type = message.type.toLowerCase();
  if (type === 'hello' || type === 'ping' || type === 'pong' || type === 'connected' || type === 'welcome') return [];
  if (type.includes('order') || type.includes('payment') || type.includes('status')) return [ordersQueryKey, statsQueryKey, analyticsQueryKey, customersQueryKey, productsQueryKey];
  if (type.includes('stock') || type.includes('product') || type.includes('inventory') || type.includes('catalogue')) return [productsQueryKey, statsQueryKey];
  if (type.includes('carousel') || type.includes('slide')) return [carouselsQueryKey];
  if (type.includes('customer') || type.includes('user')) return [customersQueryKey, statsQueryKey];
  return [ADMIN_ROOT];
}

export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage) {
  for (const queryKey of keysFor(message)) void queryClient.invalidateQueries({ queryKey });
}

/** Holds the admin websocket (/api/admin/live?token=...) and reconnects with backoff (1 s doubling to 15 s). */
export function useLiveFeed(): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const connect = () => {
      const token = getToken();
      if (!token || stopped) return;
      setState('connecting');
      const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(`${protocol}//${location.host}/api/admin/live?token=${encodeURIComponent(token)}`);
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
      socket.onclose = () => {
        socket = null;
        if (stopped) return;
        setState('offline');
        const wait = Math.min(15_000, 1000 * 2 ** attempt++);
        timer = setTimeout(connect, wait);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [queryClient]);
  return state;
}
