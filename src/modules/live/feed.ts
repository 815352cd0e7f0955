import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { jwtVerify } from 'jose';
import type { GlobalPosition, Subscription } from '../../core/event-store.js';
import { currentLogEnd } from '../../core/log-end.js';
import type { Runtime } from '../../runtime.js';
import { toLiveMessage } from './messages.js';

const HEARTBEAT_MS = 30_000;

/** The part of a ws socket the feed uses (ws ships no types here). */
interface FeedSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  ping(): void;
  terminate(): void;
  close(code?: number, reason?: string): void;
  on(event: 'close' | 'error' | 'message' | 'pong', listener: (...args: unknown[]) => void): unknown;
}

/**
 * The admin live feed. Each instance follows the event log itself (a store subscription from the log's current end),
 * so an admin connected to any instance sees changes made through every instance. It follows the log only while an
 * admin is connected, so an instance nobody watches does no work for it.
 */
export class LiveFeed {
  private readonly sockets = new Set<FeedSocket>();
  private following: Promise<Subscription> | null = null;
  private runtime: Runtime | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly alive = new WeakSet<FeedSocket>();

  get connections(): number {
    return this.sockets.size;
  }

  async start(runtime: Runtime): Promise<void> {
    this.runtime = runtime;
    // Pings keep idle connections open through proxies; a socket that missed a pong is dropped.
    this.heartbeat = setInterval(() => {
      for (const socket of this.sockets) {
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

  private follow(): Promise<Subscription> {
    const runtime = this.runtime;
    if (!runtime) return Promise.reject(new Error('live feed not started'));
    this.following ??= currentEnd(runtime)
      .then((from) =>
        runtime.store.subscribe({
          from,
          onEvents: async (events) => {
            for (const event of events) {
              const message = toLiveMessage(event);
              if (!message) continue;
              const text = JSON.stringify({ ...message, position: event.position.prepare.toString() });
              for (const socket of this.sockets) if (socket.readyState === socket.OPEN) socket.send(text);
            }
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

  /** Registers an admin's socket; resolves once the feed follows the log for it. */
  async add(socket: FeedSocket): Promise<void> {
    this.sockets.add(socket);
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
    const following = this.following;
    this.following = null;
    await following?.then((s) => s.close()).catch(() => undefined);
    for (const socket of this.sockets) socket.close(1001, 'server shutting down');
    this.sockets.clear();
  }
}

const currentEnd = (runtime: Runtime): Promise<GlobalPosition> =>
  currentLogEnd(runtime.store, runtime.pool, () => runtime.projections.status().map((s) => s.position));

/** Browsers cannot set headers on a websocket: the token comes as ?token=, or as the usual bearer header. */
async function authorise(request: FastifyRequest, reply: FastifyReply, secret: Uint8Array): Promise<void> {
  const token = (request.query as { token?: string } | undefined)?.token;
  let role: string | null = request.user?.role ?? null;
  if (token) {
    try {
      const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
      role = typeof payload.sub === 'string' ? (payload.role === 'admin' ? 'admin' : 'customer') : null;
      if (!role) throw new Error('no subject');
    } catch {
      return reply.code(401).send({ success: false, error: 'Invalid or expired token' });
    }
  }
  if (!role) return reply.code(401).send({ success: false, error: 'Please log in' });
  if (role !== 'admin') return reply.code(403).send({ success: false, error: 'Admin access required' });
}

export async function liveRoutes(app: FastifyInstance, runtime: Runtime, feed: LiveFeed): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 4096 } });
    scope.get(
      '/admin/live',
      { websocket: true, preValidation: (request, reply) => authorise(request, reply, runtime.jwtSecret) },
      async (socket: unknown) => {
        const ws = socket as FeedSocket;
        // The feed is one-way; anything the browser sends is ignored.
        ws.on('message', () => undefined);
        try {
          await feed.add(ws);
        } catch {
          ws.close(1011, 'live feed unavailable');
          return;
        }
        ws.send(JSON.stringify({ type: 'hello', at: new Date().toISOString() }));
      },
    );
  });
}
