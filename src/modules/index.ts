import type { ModuleDeps, StoreModule } from './module.js';
import { customersModule } from './customers/index.js';

export type { StoreModule } from './module.js';

/** Every feature module of the store, in start order. */
export function createModules(deps: ModuleDeps): StoreModule[] {
  return [customersModule(deps)];
}
