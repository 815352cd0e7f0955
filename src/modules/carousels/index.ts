import type { ModuleDeps, StoreModule } from '../module.js';
import { carouselsApi } from './api.js';
import { seedDemoCarousels } from './seed.js';
import './carousel.js';

export const startOrder = 25;

/** Banner carousels: CreateCarousel, UpdateCarousel, AddSlide, UpdateSlide, RemoveSlide; shop reads by name. */
export function createModule(_deps: ModuleDeps): StoreModule {
  return {
    name: 'carousels',
    routes: carouselsApi,
    start: async (runtime) => {
      await seedDemoCarousels(runtime);
    },
  };
}
