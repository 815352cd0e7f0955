import type { ModuleDeps, StoreModule } from '../module.js';
import { carouselsApi } from './api.js';
import { CarouselsVersion } from './carousels-version.js';
import { seedDemoCarousels } from './seed.js';
import './carousel.js';

export const startOrder = 25;

export type { CarouselsVersion } from './carousels-version.js';

export interface CarouselsModule extends StoreModule {
  /** Moves on once a carousel change is in the read model (the server render cache keys pages with it). */
  carousels: CarouselsVersion;
}

/** The carousels version of this instance, or null when the carousels module is not loaded. */
export function carouselsVersion(runtime: { modules: StoreModule[] }): CarouselsVersion | null {
  return (runtime.modules.find((m) => m.name === 'carousels') as CarouselsModule | undefined)?.carousels ?? null;
}

/** Banner carousels: CreateCarousel, UpdateCarousel, AddSlide, UpdateSlide, RemoveSlide; shop reads by name. */
export function createModule(deps: ModuleDeps): CarouselsModule {
  const version = new CarouselsVersion(deps.store, deps.log);
  return {
    name: 'carousels',
    carousels: version,
    routes: (app, runtime) => carouselsApi(app, runtime, version),
    start: async (runtime) => {
      await version.start(runtime);
      await seedDemoCarousels(runtime);
    },
    stop: () => version.stop(),
  };
}
