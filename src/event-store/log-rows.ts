import type { Readable } from 'node:stream';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';

/**
 * Streams the rows of a query over the event log from one dedicated connection, in batches (a server-side cursor),
 * inside a read-only REPEATABLE READ transaction so the whole walk sees one snapshot. The connection goes back to
 * the pool when the stream ends, fails or is destroyed (a client that hangs up mid-export).
 */
export async function streamLogRows(pool: pg.Pool, text: string, values: unknown[], batchSize = 1000): Promise<Readable> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  const stream = client.query(new QueryStream(text, values, { batchSize, highWaterMark: batchSize }));
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    if (error) {
      client.release(error); // the cursor may be mid-flight: drop the connection rather than reuse it
      return;
    }
    client.query('commit').then(
      () => client.release(),
      (e: Error) => client.release(e),
    );
  };
  stream.on('end', () => release());
  stream.on('error', (error) => release(error));
  stream.on('close', () => {
    if (!stream.readableEnded) release(new Error('log stream closed before its end'));
  });
  return stream;
}
