import type { ModuleDeps, StoreModule } from '../module.js';
import './inventory.js';

export { inventoryStream, inventoryEvents, type InventoryEvent, type InventoryState } from './inventory.js';
export { InsufficientStockError } from './decide.js';
export {
  loadInventory,
  releaseStock,
  releaseWrites,
  reservationWrites,
  restockWrites,
  reserveStock,
  setStockLevel,
  stockLevelWrites,
  type StockLine,
} from './stock.js';

export const startOrder = 5;

/** Write-side only: other modules reserve and release through its functions; the catalogue projects its events. */
export function createModule(_deps: ModuleDeps): StoreModule {
  return { name: 'inventory', routes: async () => undefined };
}
