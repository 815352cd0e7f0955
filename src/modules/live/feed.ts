import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { jwtVerify } from 'jose';
import { comparePositions, START, type GlobalPosition, type Subscription } from '../../core/event-store.js';
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
 * so an admin connected to any instance sees changes made through every instance.
 */
export class LiveFeed {
  private readonly sockets = new Set<FeedSocket>();
  private subscription: Subscription | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly alive = new WeakSet<FeedSocket>();

  get connections(): number {
    return this.sockets.size;
  }

  async start(runtime: Runtime): Promise<void> {
    const from = await currentEnd(runtime);
    this.subscription = runtime.store.subscribe({
      from,
      onEvents: async (events) => {
        if (this.sockets.size === 0) return;
        for (const event of events) {
          const message = toLiveMessage(event);
          if (!message) continue;
          const text = JSON.stringify({ ...message, position: event.position.prepare.toString() });
          for (const socket of this.sockets) if (socket.readyState === socket.OPEN) socket.send(text);
        }
      },
      onError: (error) => runtime.log.warn({ err: error }, 'live feed subscription error'),
    });
    // Pings keep idle connections open through proxies; a socket that missed a pong is dropped.
    this.heartbeat = setInterval(() => {
      for (const socket of this.sockets) {
        if (!this.alive.has(socket)) {
          socket.terminate();
          this.sockets.delete(socket);
          continue;
        }
        this.alive.delete(socket);
        socket.ping();
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  add(socket: FeedSocket): void {
    this.sockets.add(socket);
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => this.sockets.delete(socket));
  }

  async stop(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    await this.subscription?.close();
    this.subscription = null;
    for (const socket of this.sockets) socket.close(1001, 'server shutting down');
    this.sockets.clear();
  }
}

/** The last event visible to readers now; later commits (even of older transactions) come after it. */
async function currentEnd(runtime: Runtime): Promise<GlobalPosition> {
  if (runtime.store.kind === 'postgres') {
    const { rows } = await runtime.pool.query<{ tx: string; gp: string }>(
      `select transaction_id::text as tx, global_position::text as gp from events
        where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by transaction_id desc, global_position desc limit 1`,
    );
    return rows[0] ? { commit: BigInt(rows[0].tx), prepare: BigInt(rows[0].gp) } : START;
  }
  // Other stores: as far as the projections have got.
  return runtime.projections
    .status()
    .map((s) => ({ commit: BigInt(s.position.commit), prepare: BigInt(s.position.prepare) }))
    .reduce((max, p) => (comparePositions(p, max) > 0 ? p : max), START);
}

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
      (socket: unknown) => {
        const ws = socket as FeedSocket;
        feed.add(ws);
        ws.send(JSON.stringify({ type: 'hello', at: new Date().toISOString() }));
        // The feed is one-way; anything the browser sends is ignored.
        ws.on('message', () => undefined);
      },
    );
  });
}
