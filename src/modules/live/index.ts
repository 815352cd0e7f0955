import type { ModuleDeps, StoreModule } from '../module.js';
import { LiveFeed, liveRoutes } from './feed.js';

export { toLiveMessage, type LiveEventMessage, type LiveMessage } from './messages.js';

export const startOrder = 45;

/** Admin live feed over a websocket: new orders, payments, status and stock changes as they reach the log. */
export function createModule(_deps: ModuleDeps): StoreModule {
  const feed = new LiveFeed();
  return {
    name: 'live',
    routes: (app, runtime) => liveRoutes(app, runtime, feed),
    start: (runtime) => feed.start(runtime),
    stop: () => feed.stop(),
    metrics: () => [{ name: 'store_live_websocket_clients', help: 'Admin dashboards connected to the live feed', value: feed.connections }],
  };
}
