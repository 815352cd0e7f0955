/**
 * The main-thread tasks a storefront page runs from navigation until it is hydrated and idle, from a Chromium trace
 * (no CPU throttling: the "observed" tasks Lighthouse's simulation starts from), with what is inside the long ones.
 *   npx tsx bench/storefront/main-thread-tasks.ts URL [URL…] [--runs 3] [--top 8] [--profile [--inclusive 30]]
 * For each URL and run: every task of ≥ 12.5 ms of CPU time observed (Lighthouse's mobile simulation multiplies observed CPU time
 * by 4, so such a task blocks: 4 × 12.5 ms = 50 ms), its share by trace event (script evaluation per URL, React's
 * scheduler callbacks, HTML parsing, style and layout, paint, GC), and the "blocking sum" Σ max(0, 4 × d − 50 ms) of
 * the tasks after the first contentful paint (an estimate of Lighthouse's TBT before its network simulation
 * reorders the tasks). `--profile` adds a sampling CPU profile and names the hottest functions of each long task
 * (readable with an unminified build: `npx vite build web --minify false`). Prints the median run per URL, and the
 * load average next to it: observed times scale with the machine's load; compare pages and builds in the same run.
 */
import os from 'node:os';
import { chromium, type CDPSession } from 'playwright-core';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event: unlike `dur`, not stretched while the OS runs other processes. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: Record<string, unknown> & { url?: string; functionName?: string; cpuProfile?: CpuProfileChunk; timeDeltas?: number[]; startTime?: number };
  };
  id?: string;
}
interface CpuProfileChunk {
  nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number } }[];
  samples?: number[];
}

interface Task {
  start: number;
  dur: number;
  cpu: number;
  parts: Map<string, number>;
  hot: Map<string, number>;
  inclusive: Map<string, number>;
}

const BLOCKING_MS = 50;
const SLOWDOWN = 4;

async function readTrace(client: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) => client.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream!)));
  await client.send('Tracing.end');
  const stream = await done;
  let text = '';
  for (;;) {
    const chunk = (await client.send('IO.read', { handle: stream })) as { data: string; eof: boolean; base64Encoded?: boolean };
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await client.send('IO.close', { handle: stream });
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

const shortUrl = (url: string | undefined) => {
  if (!url) return '';
  try {
    const u = new URL(url);
    return u.pathname.startsWith('/assets/') ? u.pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js') : 'document';
  } catch {
    return url.slice(0, 40);
  }
};

function label(event: TraceEvent): string | null {
  const data = event.args?.data;
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${shortUrl(data?.url as string)}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.parseOnBackground':
      return 'compile';
    case 'FunctionCall':
      return `call ${shortUrl(data?.url as string)}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PaintImage':
    case 'UpdateLayerTree':
    case 'Layerize':
    case 'PrePaint':
    case 'Commit':
      return 'paint';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GCScavenger':
    case 'V8.GCFinalizeMC':
      return 'GC';
    case 'RunMicrotasks':
      return 'microtasks';
    default:
      return null;
  }
}

/** One page load: the tasks of the page's main thread until `html[data-hydrated]` and a quiet second after it. */
async function traceOnce(url: string, profile: boolean) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    // Lighthouse's mobile preset: a Moto G Power sized screen.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const client = await context.newCDPSession(page);
    const categories = [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'v8',
      'loading',
      'blink.user_timing',
      ...(profile ? ['disabled-by-default-v8.cpu_profiler'] : []),
    ];
    await client.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' },
    });
    await page.goto(url, { waitUntil: 'load' });
    // Through CDP, not Playwright's selectors: those inject a script of their own into the page, a task of its own.
    // After hydration, two more seconds hold the effects and idle callbacks that follow (a bench, not a test).
    await client.send('Runtime.evaluate', {
      expression: `new Promise((resolve) => { const check = () => document.documentElement.dataset.hydrated === 'true' ? setTimeout(resolve, 2000) : setTimeout(check, 100); check(); })`,
      awaitPromise: true,
    });
    const events = await readTrace(client);
    return analyse(events);
  } finally {
    await browser.close();
  }
}

let inclusiveTop = 0;

function analyse(events: TraceEvent[]) {
  // The page's renderer: of the renderer main threads (about:blank had one too), the one that ran the most.
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask' && e.ph === 'X') busy.set(`${e.pid}/${e.tid}`, (busy.get(`${e.pid}/${e.tid}`) ?? 0) + (e.dur ?? 0));
  const mainThread = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => (busy.get(`${b.pid}/${b.tid}`) ?? 0) - (busy.get(`${a.pid}/${a.tid}`) ?? 0))[0];
  if (!mainThread) throw new Error('no renderer main thread in the trace');
  const { pid, tid } = mainThread;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid).sort((a, b) => a.ts - b.ts);
  const navigation = onMain.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame')?.ts ?? onMain.find((e) => e.name === 'ParseHTML')!.ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? navigation;
  const hydrated = onMain.find((e) => e.name === 'hydrated')?.ts;
  const tasks: Task[] = [];
  let current: Task | null = null;
  let taskEnd = 0;
  for (const event of onMain) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    if (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') {
      if (event.ts >= taskEnd) {
        current = { start: event.ts, dur: event.dur, cpu: event.tdur ?? event.dur, parts: new Map(), hot: new Map(), inclusive: new Map() };
        taskEnd = event.ts + event.dur;
        tasks.push(current);
      }
      continue;
    }
    if (!current || event.ts >= taskEnd) continue;
    const name = label(event);
    if (name) current.parts.set(name, (current.parts.get(name) ?? 0) + event.dur);
  }
  // CPU profile samples: self time per function inside each task.
  const nodes = new Map<number, string>();
  const parents = new Map<number, number>();
  let sampleTime = 0;
  for (const event of events.filter((e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk'))) {
    const data = event.args?.data;
    if (event.name === 'Profile') {
      sampleTime = data?.startTime ?? sampleTime;
      continue;
    }
    for (const node of data?.cpuProfile?.nodes ?? []) {
      const frame = node.callFrame;
      nodes.set(node.id, `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}:${(frame.lineNumber ?? 0) + 1}`);
      if (node.parent !== undefined) parents.set(node.id, node.parent);
    }
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      sampleTime += deltas[i] ?? 0;
      const task = tasks.find((t) => sampleTime >= t.start && sampleTime < t.start + t.dur);
      const name = nodes.get(id);
      if (task && name && !name.startsWith('(idle)') && !name.startsWith('(program)')) {
        task.hot.set(name, (task.hot.get(name) ?? 0) + (deltas[i] ?? 0));
        // Inclusive time: each function on the sampled stack once.
        const seen = new Set<string>();
        for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
          const frame = nodes.get(at);
          if (frame && !seen.has(frame)) {
            seen.add(frame);
            task.inclusive.set(frame, (task.inclusive.get(frame) ?? 0) + (deltas[i] ?? 0));
          }
        }
      }
    });
  }
  const ms = (us: number) => us / 1000;
  // CPU time of each task (the trace's thread time): on a shared, loaded machine the wall time of a task includes the
  // time the OS gave other processes; its CPU time is what the page's own work cost.
  const long = tasks.filter((t) => ms(t.cpu) * SLOWDOWN >= BLOCKING_MS);
  const blocking = long.filter((t) => t.start >= fcp).reduce((sum, t) => sum + Math.max(0, ms(t.cpu) * SLOWDOWN - BLOCKING_MS), 0);
  const total = tasks.filter((t) => t.start >= navigation).reduce((sum, t) => sum + ms(t.cpu), 0);
  return {
    blocking,
    total,
    longCount: long.length,
    long: long.map((t) => ({
      at: ms(t.start - navigation),
      dur: ms(t.cpu),
      wall: ms(t.dur),
      parts: [...t.parts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6),
      hot: [...t.hot.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8),
      inclusive: [...t.inclusive.entries()].sort((a, b) => b[1] - a[1]).slice(0, inclusiveTop),
    })),
    fcp: ms(fcp - navigation),
    hydrated: hydrated ? ms(hydrated - navigation) : undefined,
  };
}

if (process.argv[1]?.endsWith('main-thread-tasks.ts')) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const runs = Number(option('--runs') ?? 3);
  const top = Number(option('--top') ?? 8);
  const profile = args.includes('--profile');
  inclusiveTop = Number(option('--inclusive') ?? 0);
  const urls = args.filter((a) => /^https?:\/\//.test(a));
  for (const url of urls) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await traceOnce(url, profile));
    results.sort((a, b) => a.blocking - b.blocking);
    const median = results[Math.floor((results.length - 1) / 2)]!;
    console.log(
      `\n== ${url}  blocking sum (4× CPU time, after FCP) ${results.map((r) => r.blocking.toFixed(0)).join(' / ')} ms; median run: ${median.longCount} tasks ≥ 12.5 ms CPU, main thread CPU ${median.total.toFixed(0)} ms, FCP ${median.fcp.toFixed(0)} ms; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    for (const task of median.long.sort((a, b) => b.dur - a.dur).slice(0, top)) {
      console.log(
        `  at ${task.at.toFixed(0).padStart(5)} ms  ${task.dur.toFixed(1).padStart(6)} ms CPU (${task.wall.toFixed(0)} wall)  ${task.parts.map(([n, d]) => `${n} ${(d / 1000).toFixed(1)}`).join(', ')}`,
      );
      for (const [name, us] of task.hot) console.log(`        ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);
      for (const [name, us] of task.inclusive) console.log(`        ${(us / 1000).toFixed(1).padStart(6)} ms  incl. ${name}`);
    }
  }
}
