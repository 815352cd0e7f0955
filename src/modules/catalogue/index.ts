import path from 'node:path';
import type { GlobalPosition } from '../../core/event-store.js';
import type { ModuleDeps, StoreModule } from '../module.js';
import { adminCatalogueRoutes } from './admin-api.js';
import { shopperCatalogueRoutes } from './api.js';
import { CatalogueMemory } from './search/catalogue-memory.js';
import type { ProductDto } from './products/product-dto.js';
import { seedDemoCatalogue } from './import/seed.js';
import { CatalogueSnapshotFile } from './snapshot/catalogue-snapshot.js';
import './products/product.js';

export { CATEGORIES, categoryOnSale, COMING_SOON_CATEGORIES, productStream, type Category } from './products/product.js';
export type { ProductDto } from './products/product-dto.js';
export { existingProductIds, productExists, productsForSale, stockOnSale, type ProductForSale } from './products/product-lookups.js';

export const startOrder = 20;

export interface CatalogueModule extends StoreModule {
  catalogue: CatalogueMemory;
}

/** What other modules may read: this instance's in-memory catalogue. */
export interface CatalogueReader {
  getProduct(id: string): ProductDto | undefined;
  /** Resolves once the catalogue includes the event at `position` (read-your-writes). */
  waitFor(position: GlobalPosition, timeoutMs?: number): Promise<void>;
}

export function getCatalogue(runtime: { modules: StoreModule[] }): CatalogueReader {
  const module = runtime.modules.find((m) => m.name === 'catalogue') as CatalogueModule | undefined;
  if (!module) throw new Error('catalogue module is not loaded');
  const memory = module.catalogue;
  return { getProduct: (id) => memory.getProduct(id), waitFor: (p, t) => memory.waitFor(p, t) };
}

export function createModule(deps: ModuleDeps): CatalogueModule {
  const snapshot = deps.env.CATALOGUE_SNAPSHOT
    ? {
        file: new CatalogueSnapshotFile(path.join(deps.env.DATA_DIR, 'catalogue-snapshot.bin'), deps.pool, deps.log),
        minProducts: deps.env.CATALOGUE_SNAPSHOT_MIN_PRODUCTS,
      }
    : undefined;
  const memory = new CatalogueMemory(deps.pool, deps.store, deps.log, snapshot ? { snapshot } : {});
  return {
    name: 'catalogue',
    catalogue: memory,
    routes: async (app, runtime) => {
      shopperCatalogueRoutes(app, memory);
      await adminCatalogueRoutes(app, runtime, memory);
    },
    start: async (runtime) => {
      await memory.start(runtime);
      await seedDemoCatalogue(runtime, memory);
    },
    stop: () => memory.stop(),
    metrics: () => [{ name: 'store_catalogue_products', help: "Products in this instance's in-memory catalogue", value: memory.size }],
  };
}
