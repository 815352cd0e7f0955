/**
 * Latency under load, measured honestly: the load comes from a child process, not the server's — wrk when it is
 * installed (bench/lib/wrk-load.ts: C on epoll, far less CPU per request), otherwise autocannon (bench/lib/load-generator.mjs);
 * `--generator wrk|autocannon` on the bench's command line chooses. While it runs the server's process records what could hold its requests up — event-loop delay
 * (perf_hooks.monitorEventLoopDelay) and garbage collection pauses (PerformanceObserver 'gc' entries: minor
 * scavenges, incremental marking steps, major mark-compacts). Shared by bench/catalogue/catalogue-latency.ts and
 * bench/catalogue/import-freshness.ts.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { findWrk, runWrk, type GeneratorResult, type LoadTask } from './wrk-load.js';

const GENERATOR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-generator.mjs');

export type Generator = 'wrk' | 'autocannon';

/** The generator `--generator` names, else wrk when it is on the PATH, else autocannon. */
export function defaultGenerator(argv = process.argv): Generator {
  const at = argv.indexOf('--generator');
  const named = at > 0 ? argv[at + 1] : undefined;
  if (named === 'wrk' || named === 'autocannon') return named;
  if (named !== undefined) throw new Error(`--generator ${named}: wrk or autocannon`);
  return findWrk() ? 'wrk' : 'autocannon';
}

/** Which generator runs, said once in a bench's output. */
export function generatorLine(generator: Generator): string {
  return generator === 'wrk'
    ? `load generator: wrk (${findWrk() ?? 'not found!'}, 1 thread, its Lua done() printing the exact percentiles)`
    : 'load generator: autocannon in a child process (bench/lib/load-generator.mjs)';
}

async function runAutocannon(task: LoadTask): Promise<GeneratorResult> {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [GENERATOR, JSON.stringify(task)], { maxBuffer: 64 * 2 ** 20 }, (error, out, err) =>
      error ? reject(new Error(`load generator: ${error.message} ${err}`)) : resolve(out),
    );
  });
  const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; max: number };
    non2xx: number;
    errors: number;
  };
  return { rps: result.requests.average, total: result.requests.total, ...result.latency, non2xx: result.non2xx, errors: result.errors };
}

export interface LatencyFigures {
  generator: Generator;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** CPU time (user + system) of the server's process per answered request, µs: depends little on the machine's load. */
  cpuPerRequestUs: number;
  /** Event-loop delay in the server's process, ms. */
  loopP99: number;
  loopMax: number;
  /** GC pauses in the server's process during the run, by kind: count, total ms, longest ms. */
  gc: Record<string, { count: number; totalMs: number; maxMs: number }>;
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/** Runs `connections` connections for `seconds` over `requests` (cycled) against `url`, load from a child process. */
export async function measureLatency(
  url: string,
  requests: { method: 'GET'; path: string }[],
  options: {
    seconds?: number;
    connections?: number;
    headers?: Record<string, string>;
    /** Write a CPU profile of the run here. */ profile?: string;
    /** Default: defaultGenerator(). */ generator?: Generator;
  } = {},
): Promise<LatencyFigures> {
  const session = options.profile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const generator = options.generator ?? defaultGenerator();
  const task: LoadTask = { url, connections: options.connections ?? 20, seconds: options.seconds ?? 5, requests, headers: options.headers };
  const gc: LatencyFigures['gc'] = {};
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[(entry as PerformanceEntry & { detail?: { kind: number } }).detail?.kind ?? -1] ?? 'other';
      const figures = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      figures.count++;
      figures.totalMs += entry.duration;
      figures.maxMs = Math.max(figures.maxMs, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const cpu = process.cpuUsage();
  try {
    const result = generator === 'wrk' ? await runWrk(findWrk() ?? 'wrk', task) : await runAutocannon(task);
    const used = process.cpuUsage(cpu);
    return {
      generator,
      rps: result.rps,
      p50: result.p50,
      p99: result.p99,
      max: result.max,
      non2xx: result.non2xx,
      errors: result.errors,
      cpuPerRequestUs: (used.user + used.system) / Math.max(1, result.total),
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
      gc,
    };
  } finally {
    loop.disable();
    observer.disconnect();
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(options.profile!, JSON.stringify(profile));
      session.disconnect();
    }
  }
}

/** One line of figures, with the ratio to a baseline measured in the same run. */
export function latencyLine(label: string, f: LatencyFigures, baseline?: LatencyFigures): string {
  const gc = Object.entries(f.gc)
    .map(([kind, g]) => `${kind} ${g.count}× ${g.totalMs.toFixed(0)} ms (max ${g.maxMs.toFixed(1)})`)
    .join(', ');
  const ratio = baseline ? `; ${(f.rps / baseline.rps).toFixed(2)}× the baseline's req/s, p99 ${f.p99} vs ${baseline.p99} ms` : '';
  return (
    `${label}: ${Math.round(f.rps)} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms` +
    `${f.non2xx || f.errors ? ` (${f.non2xx} non-2xx, ${f.errors} errors!)` : ''}` +
    `; server CPU ${f.cpuPerRequestUs.toFixed(0)} µs/request, event-loop delay p99 ${f.loopP99.toFixed(1)} ms, max ${f.loopMax.toFixed(1)} ms; GC ${gc || 'none'}${ratio}`
  );
}
