import type { FastifyInstance } from 'fastify';
import type { ModuleFigure } from '../plugins/metrics.js';
import type { Runtime } from '../runtime.js';

/** What a feature module exposes to the app: its routes and optional background work (the app wires the projectors: projections/index.ts). */
export interface StoreModule {
  name: string;
  /** Registers the module's routes; called inside the /api prefix. */
  routes(app: FastifyInstance, runtime: Runtime): Promise<void>;
  /** Background work started once projections run (seeding, in-memory read models, timers). */
  start?(runtime: Runtime): Promise<void>;
  stop?(): Promise<void>;
  /** Figures for /api/metrics, read at scrape time (fixed names, e.g. store_live_websocket_clients). */
  metrics?(): ModuleFigure[];
}

export type ModuleDeps = Omit<Runtime, 'projections' | 'modules' | 'close' | 'beginShutdown'>;
