import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Env } from '../config/env.js';
import type { Limits } from '../config/limits.js';
import type { EventStore, GlobalPosition } from '../core/event-store.js';
import type { Logger } from '../core/logger.js';
import type { ModuleFigure } from '../plugins/metrics.js';
import type { ImageFetchRules } from './media/index.js';
import type { HoldCaps } from './orders/holds.js';
import type { PersonalData } from './privacy/personal-data.js';
import type { SessionRegistry } from './sessions/session-registry.js';

/** What a feature module exposes to the app: its routes and optional background work (the app wires the projectors: projections/index.ts). */
export interface StoreModule {
  name: string;
  /** Registers the module's routes; called inside the /api prefix. */
  routes(app: FastifyInstance, deps: ModuleDeps): Promise<void>;
  /** Background work started once projections run (seeding, in-memory read models, timers). */
  start?(deps: ModuleDeps): Promise<void>;
  stop?(): Promise<void>;
  /** Figures for /api/metrics, read at scrape time (fixed names, e.g. store_live_websocket_clients). */
  metrics?(): ModuleFigure[];
}

/** What a module may ask of the projection runner: how far each read model has come, and to wait for one. */
export interface ReadModelProgress {
  /** Each read model's name and the event types its projector handles. */
  readonly projectors: readonly { readonly name: string; readonly handles: readonly string[] }[];
  /** Resolves once every named read model has applied the log up to `position` (read-your-writes). */
  waitFor(position: GlobalPosition, names?: readonly string[], timeoutMs?: number): Promise<void>;
  /** Calls `listener` each time a read model moves on; returns the unsubscribe. */
  onAdvance(listener: (name: string, position: GlobalPosition) => void): () => void;
  positionOf(name: string): GlobalPosition;
}

/**
 * Everything a module is given: the app builds it once (src/runtime.ts) and hands it to each module's
 * `createModule(deps)`, `routes` and `start`. A module takes what it needs from here and never imports the runtime.
 */
export interface ModuleDeps {
  env: Env;
  log: Logger;
  pool: pg.Pool;
  store: EventStore;
  /** Read-your-writes waits and read-model progress (the projection runner, seen through what modules use). */
  projections: ReadModelProgress;
  /** Every module, in start order (filled in once all are created): a module finds another's in-memory state here. */
  modules: StoreModule[];
  jwtSecret: Uint8Array;
  /** Per-shopper data keys and the codec the event store encrypts personal fields with (src/modules/privacy). */
  personalData: PersonalData;
  /** Every customer's sessions in memory, checked on each request (src/modules/sessions/session-registry.ts). */
  sessions: SessionRegistry;
  limits: Limits;
  /** The wall clock in ms; injected by tests. */
  now: () => number;
  holdCaps: HoldCaps;
  /** Unset in production: the image proxy's own SSRF policy and the system's name resolution. */
  imageFetch?: ImageFetchRules;
}
