import type { ModuleDeps, StoreModule } from '../module.js';
import { sessionsApi } from './api.js';

export const startOrder = 12;

/** Sign-out, sign-out everywhere and the admin's account actions; the checks themselves live in session-registry.ts. */
export function createModule(_deps: ModuleDeps): StoreModule {
  return { name: 'sessions', routes: sessionsApi };
}
