import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Env } from '../config/env.js';
import type { EventStore } from '../core/event-store.js';
import { EventStoreDbEventStore } from '../event-store/eventstoredb.js';
import { PostgresEventStore } from '../event-store/postgres.js';
import { embeddedConnectionString, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.js';
import { migrate } from './migrate.js';
import { openPersonalData, type PersonalData } from '../modules/privacy/personal-data.js';

export interface StoreConnection {
  pool: pg.Pool;
  store: EventStore;
  personalData: PersonalData;
  close(): Promise<void>;
}

/** For the command-line tools: DATABASE_URL, else the embedded server of a running `npm start`, else the embedded server started here. */
export async function connectToStore(env: Env): Promise<StoreConnection> {
  let embedded: EmbeddedDatabase | null = null;
  let connectionString = env.DATABASE_URL;
  if (!connectionString) {
    const running = embeddedConnectionString(env.EMBEDDED_PG_PORT);
    const probe = new pg.Client({ connectionString: running, connectionTimeoutMillis: 2000 });
    const reachable = await probe.connect().then(
      () => true,
      () => false,
    );
    await probe.end().catch(() => undefined);
    if (reachable) connectionString = running;
    else {
      const dataDir = path.join(env.DATA_DIR, 'pg');
      if (!existsSync(path.join(dataDir, 'PG_VERSION')))
        throw new Error(`No store data in ${path.resolve(dataDir)}: set DATABASE_URL, or run npm start once first.`);
      embedded = await startEmbeddedPostgres({ dataDir, port: env.EMBEDDED_PG_PORT });
      connectionString = embedded.connectionString;
    }
  }
  const pool = new pg.Pool({ connectionString, max: 4 });
  await migrate(pool);
  const personalData = await openPersonalData(pool, env);
  const store: EventStore = env.EVENTSTORE_URL
    ? new EventStoreDbEventStore(env.EVENTSTORE_URL, { codec: personalData.codec })
    : new PostgresEventStore(pool, { codec: personalData.codec });
  return {
    pool,
    store,
    personalData,
    close: async () => {
      await store.close();
      await pool.end();
      await embedded?.stop();
    },
  };
}
