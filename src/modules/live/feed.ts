import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { LiveMessage, ReadModel } from '../../contract/live.js';
import type { GlobalPosition, Subscription } from '../../core/event-store.js';
import type { ModuleDeps } from '../module.js';
import { authoriseLive, liveSessionOf, ticketRoute } from './access.js';
import { toLiveMessage, wirePosition } from './messages.js';
import type { TicketSession } from './tickets.js';

const HEARTBEAT_MS = 30_000;
/** Close codes (private range) telling the dashboard not to reconnect: its session ended, or it is no admin now. */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_NOT_ADMIN = 4003;
/**
 * Close code for a dashboard that reads slower than the feed writes: once a socket holds more than MAX_BUFFERED_BYTES
 * unsent, it is closed rather than buffered without end. The dashboard reconnects (any other code) and refetches whole.
 */
export const CLOSE_TOO_SLOW = 4008;
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The part of a ws socket the feed uses (ws ships no types here). */
interface FeedSocket {
  readonly readyState: number;
  readonly OPEN: number;
  /** Bytes queued by send() and not yet written to the network. */
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  on(event: 'close' | 'error' | 'message' | 'pong', listener: (...args: unknown[]) => void): unknown;
}

/** Which read models (projectors) handle each event type. */
function readModelsByEventType(runtime: ModuleDeps): Map<string, ReadModel[]> {
  const byType = new Map<string, ReadModel[]>();
  for (const projector of runtime.projections.projectors) {
    for (const type of projector.handles) byType.set(type, [...(byType.get(type) ?? []), projector.name as ReadModel]);
  }
  return byType;
}

/**
 * The admin live feed. Each instance follows the event log itself (a store subscription from the log's current end),
 * so an admin connected to any instance sees changes made through every instance. It follows the log only while an
 * admin is connected, so an instance nobody watches does no work for it. Each socket keeps the session it was
 * opened with; when that session ends or its account stops being an admin, the socket is closed at once.
 *
 * Every event message names the read models it affects and its log position; a `projected` message goes out each
 * time a read model's checkpoint moves (src/contract/live.ts), so the dashboard refetches once the data is there.
 */
export class LiveFeed {
  /** Open sockets and the session each was opened with. */
  private readonly sockets = new Map<FeedSocket, TicketSession>();
  private stopWatchingSessions: (() => void) | null = null;
  private stopWatchingProjections: (() => void) | null = null;
  private following: Promise<Subscription> | null = null;
  private runtime: ModuleDeps | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly alive = new WeakSet<FeedSocket>();
  /** The one wait for the read models that is under way, and what the batches read meanwhile want waited for next. */
  private nudging = false;
  private nextNudge: { position: GlobalPosition; readModels: Set<ReadModel> } | null = null;

  get connections(): number {
    return this.sockets.size;
  }

  async start(runtime: ModuleDeps): Promise<void> {
    this.runtime = runtime;
    this.stopWatchingSessions = runtime.sessions.onChange((customerId) => this.recheck(customerId));
    this.stopWatchingProjections = runtime.projections.onAdvance((name, position) => {
      if (this.sockets.size > 0) this.broadcast({ type: 'projected', readModel: name as ReadModel, position: wirePosition(position) });
    });
    // Pings keep idle connections open through proxies; a socket that missed a pong is dropped.
    this.heartbeat = setInterval(() => {
      for (const socket of this.sockets.keys()) {
        if (!this.alive.has(socket)) {
          socket.terminate();
          this.remove(socket);
          continue;
        }
        this.alive.delete(socket);
        socket.ping();
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private broadcast(message: LiveMessage): void {
    const text = JSON.stringify(message);
    for (const socket of this.sockets.keys()) this.send(socket, text);
  }

  /** Sends, unless the socket already holds MAX_BUFFERED_BYTES unsent: a consumer that slow is closed (CLOSE_TOO_SLOW). */
  private send(socket: FeedSocket, text: string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.remove(socket);
      socket.close(CLOSE_TOO_SLOW, 'Too slow: reconnect to catch up');
      return;
    }
    socket.send(text);
  }

  /** The `hello` of a new socket, then where each read model has got to. */
  greet(socket: FeedSocket): void {
    const runtime = this.runtime;
    if (!runtime || socket.readyState !== socket.OPEN) return;
    const greeting: LiveMessage[] = [{ type: 'hello', at: new Date().toISOString() }];
    for (const projector of runtime.projections.projectors) {
      greeting.push({ type: 'projected', readModel: projector.name as ReadModel, position: wirePosition(runtime.projections.positionOf(projector.name)) });
    }
    for (const message of greeting) this.send(socket, JSON.stringify(message));
  }

  private follow(): Promise<Subscription> {
    const runtime = this.runtime;
    if (!runtime) return Promise.reject(new Error('live feed not started'));
    const affectedBy = readModelsByEventType(runtime);
    this.following ??= currentEnd(runtime)
      .then((from) =>
        runtime.store.subscribe({
          from,
          onEvents: async (events) => {
            const affected = new Set<ReadModel>();
            for (const event of events) {
              const affects = affectedBy.get(event.type) ?? [];
              const message = toLiveMessage(event, affects);
              if (!message) continue;
              for (const name of affects) affected.add(name);
              this.broadcast(message);
            }
            const last = events[events.length - 1];
            if (last && affected.size > 0) this.nudge(runtime, last.position, affected);
          },
          onError: (error) => runtime.log.warn({ err: error }, 'live feed subscription error'),
        }),
      )
      .catch((error: unknown) => {
        this.following = null;
        throw error;
      });
    return this.following;
  }

  /**
   * A follower reads the leader's checkpoints every second, but every 50 ms while someone waits for a position: waiting
   * for the batch makes the `projected` messages follow promptly on any instance. One wait at a time: batches read
   * while it runs fold into the next one (the latest position, every read model they affect), so a burst of batches
   * never piles up waiters.
   */
  private nudge(runtime: ModuleDeps, position: GlobalPosition, readModels: Set<ReadModel>): void {
    const next = (this.nextNudge ??= { position, readModels: new Set() });
    next.position = position;
    for (const readModel of readModels) next.readModels.add(readModel);
    if (this.nudging) return;
    const waitNext = () => {
      const target = this.nextNudge;
      this.nextNudge = null;
      this.nudging = target !== null;
      if (!target) return;
      void runtime.projections
        .waitFor(target.position, [...target.readModels], 30_000)
        .catch(() => undefined)
        .finally(waitNext);
    };
    waitNext();
  }

  /** Waits for the read models under way (1 at most) and queued (1 at most): what the feed holds beside its sockets. */
  get pendingWaits(): number {
    return (this.nudging ? 1 : 0) + (this.nextNudge ? 1 : 0);
  }

  /** The account's sessions or role changed: close its sockets whose session no longer admits them. */
  private recheck(customerId: string): void {
    const runtime = this.runtime;
    if (!runtime) return;
    for (const [socket, session] of this.sockets) {
      if (session.customerId !== customerId) continue;
      void runtime.sessions
        .check(session)
        .then((role) => {
          if (role === 'admin') return;
          socket.close(role ? CLOSE_NOT_ADMIN : CLOSE_SESSION_ENDED, role ? 'Admin access required' : 'Session ended');
          this.remove(socket);
        })
        .catch((error: unknown) => runtime.log.warn({ err: error }, 'live feed session re-check failed'));
    }
  }

  /** Registers an admin's socket; resolves once the feed follows the log for it. */
  async add(socket: FeedSocket, session: TicketSession): Promise<void> {
    this.sockets.set(socket, session);
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.on('close', () => this.remove(socket));
    socket.on('error', () => this.remove(socket));
    await this.follow();
  }

  private remove(socket: FeedSocket): void {
    this.sockets.delete(socket);
    if (this.sockets.size > 0 || !this.following) return;
    const following = this.following;
    this.following = null;
    void following.then((s) => s.close()).catch(() => undefined);
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    this.stopWatchingSessions?.();
    this.stopWatchingSessions = null;
    this.stopWatchingProjections?.();
    this.stopWatchingProjections = null;
    const following = this.following;
    this.following = null;
    await following?.then((s) => s.close()).catch(() => undefined);
    for (const socket of this.sockets.keys()) socket.close(1001, 'server shutting down');
    this.sockets.clear();
  }
}

const currentEnd = (runtime: ModuleDeps): Promise<GlobalPosition> => runtime.store.headPosition();

export async function liveRoutes(app: FastifyInstance, runtime: ModuleDeps, feed: LiveFeed): Promise<void> {
  ticketRoute(app, runtime);
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 4096 } });
    scope.get(
      '/admin/live',
      { websocket: true, preValidation: (request, reply) => authoriseLive(request, reply, runtime) },
      async (socket: unknown, request) => {
        const ws = socket as FeedSocket;
        const session = liveSessionOf(request);
        if (!session) return ws.close(CLOSE_SESSION_ENDED, 'Session ended');
        // The feed is one-way; anything the browser sends is ignored.
        ws.on('message', () => undefined);
        try {
          await feed.add(ws, session);
        } catch {
          ws.close(1011, 'live feed unavailable');
          return;
        }
        feed.greet(ws);
      },
    );
  });
}
