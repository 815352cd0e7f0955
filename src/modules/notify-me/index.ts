import type { ModuleDeps, StoreModule } from '../module.js';
import { notifyMeApi } from './api.js';
import './notify-me.js';
import { RestockWatch } from './restock-watch.js';

export { notifyMeEvents, notifyMeReadModel, NOTIFY_ME_EVENT_TYPES, type NotifyMeEvent } from './events.js';
export { notifyMeStream } from './notify-me.js';
export { canBeBought, MAY_BECOME_BUYABLE, type BuyableFacts } from './buyable.js';
export { NOTIFY_ME_MESSAGES } from './decide.js';
export { notifyIfBuyable } from './commands.js';

/** After the catalogue (its in-memory products say what can be bought). */
export const startOrder = 60;

/** How often every product somebody waits for is checked, besides following the log. */
const SWEEP_MS = 60_000;

/** 'Notify me when available': waiting lists per product, and one message per waiting shopper when it can be bought. */
export function createModule(_deps: ModuleDeps): StoreModule & { watch(): RestockWatch | null } {
  let watch: RestockWatch | null = null;
  return {
    name: 'notify-me',
    routes: notifyMeApi,
    watch: () => watch,
    async start(runtime: ModuleDeps) {
      watch = new RestockWatch(runtime, SWEEP_MS);
      await watch.start();
    },
    async stop() {
      await watch?.stop();
      watch = null;
    },
  };
}
