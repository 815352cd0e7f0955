/**
 * wrk as the latency benches' load generator (bench/lib/http-latency.ts): a C program on epoll that costs far less CPU per
 * request than autocannon (a Node process needing about as much CPU as the server it loads), so on a 2-core machine
 * shared with PostgreSQL the measured server gets the CPU. A bench-only tool, not a project dependency (Debian: `apt-get
 * install wrk`). The requests are cycled by a Lua script, and its done() prints the exact percentiles as one JSON line.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What one run of either generator answers (latencies in ms). */
export interface GeneratorResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

export interface LoadTask {
  url: string;
  connections: number;
  seconds: number;
  requests: { method: 'GET'; path: string }[];
  headers?: Record<string, string>;
}

/** The wrk on the PATH, or undefined. */
export function findWrk(): string | undefined {
  try {
    return (
      execFileSync('sh', ['-c', 'command -v wrk'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || undefined
    );
  } catch {
    return undefined;
  }
}

const lua = (s: string) => JSON.stringify(s); // a JSON string of ASCII is a valid Lua string literal

/** The Lua script: the requests in order (each thread from its own start, cycled), and the figures at the end. */
export function wrkScript(task: LoadTask): string {
  const headers = Object.entries(task.headers ?? {})
    .map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`)
    .join('\n');
  return `${headers}
local paths = {
${task.requests.map((r) => `  { ${lua(r.method)}, ${lua(r.path)} },`).join('\n')}
}
local requests = {}
local i = 0
-- Formatted in init, once wrk knows the host (a request formatted at load time has no Host header: HTTP 400).
init = function(args)
  for k, p in ipairs(paths) do requests[k] = wrk.format(p[1], p[2]) end
end
request = function()
  i = i % #requests + 1
  return requests[i]
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"total":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.status, e.connect + e.read + e.write + e.timeout))
end
`;
}

/** Runs wrk for the task (`threads` event-loop threads, 1 by default) and reads its done() line. */
export async function runWrk(wrk: string, task: LoadTask, threads = 1): Promise<GeneratorResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'requests.lua');
  writeFileSync(script, wrkScript(task));
  try {
    const args = ['-t', String(threads), '-c', String(task.connections), '-d', `${task.seconds}s`, '--timeout', '10s', '-s', script, task.url];
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(wrk, args, { maxBuffer: 16 * 2 ** 20 }, (error, out, err) => (error ? reject(new Error(`wrk: ${error.message} ${err}`)) : resolve(out)));
    });
    const line = stdout
      .split('\n')
      .filter((l) => l.startsWith('{"total"'))
      .pop();
    if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
    const r = JSON.parse(line) as { total: number; durationUs: number; p50Us: number; p99Us: number; maxUs: number; non2xx: number; errors: number };
    const ms = (us: number) => Math.round(us / 10) / 100;
    return { rps: r.total / (r.durationUs / 1e6), total: r.total, p50: ms(r.p50Us), p99: ms(r.p99Us), max: ms(r.maxUs), non2xx: r.non2xx, errors: r.errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
