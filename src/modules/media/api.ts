import type { FastifyInstance } from 'fastify';
import type { Runtime } from '../../runtime.js';
import type { MediaStorage } from './storage.js';

export async function mediaRoutes(_app: FastifyInstance, _runtime: Runtime, _storage: MediaStorage): Promise<void> {}
