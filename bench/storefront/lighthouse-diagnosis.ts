/**
 * Reads one saved Lighthouse JSON (bench/storefront/lighthouse.ts --save DIR) and prints what a page's LCP and TBT are made of:
 * the LCP phases (TTFB / resource load delay / load duration / element render delay), the long tasks, script bootup per
 * URL, main-thread work by group, and bytes per resource. Under the simulated (default) throttling Lighthouse multiplies
 * the trace's main-thread times by its CPU slowdown (4×); the "observed" column divides that back out, the figure that
 * does not depend on Lighthouse's model (it still depends on how busy the machine was).
 *   npx tsx bench/storefront/lighthouse-diagnosis.ts DIR/home-1.json [...]
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface Audit {
  numericValue?: number;
  details?: { type: string; items?: Record<string, unknown>[] };
}
interface Lhr {
  finalDisplayedUrl: string;
  audits: Record<string, Audit>;
  configSettings: { throttlingMethod: string; throttling: { cpuSlowdownMultiplier: number } };
  environment: { benchmarkIndex: number };
}

const ms = (value: unknown) => `${Math.round(Number(value ?? 0))} ms`.padStart(8);
const kb = (value: unknown) => `${(Number(value ?? 0) / 1024).toFixed(1)} KB`.padStart(9);
const short = (url: unknown) =>
  String(url ?? '')
    .replace(/^https?:\/\/[^/]+/, '')
    .slice(0, 90) || '(other)';

const items = (lhr: Lhr, id: string) => lhr.audits[id]?.details?.items ?? [];

/** The phase table is the second list item of largest-contentful-paint-element's details (LH 12). */
function lcpPhases(lhr: Lhr): { phase: string; timing: number }[] {
  for (const item of items(lhr, 'largest-contentful-paint-element')) {
    const nested = (item as { items?: { phase?: string; timing?: number }[] }).items;
    if (nested?.[0]?.phase) return nested.map((p) => ({ phase: p.phase!, timing: p.timing ?? 0 }));
  }
  return [];
}

function lcpElement(lhr: Lhr): string {
  for (const item of items(lhr, 'largest-contentful-paint-element')) {
    const node = (item as { items?: { node?: { snippet?: string } }[] }).items?.[0]?.node;
    if (node?.snippet) return node.snippet.slice(0, 160);
  }
  return '(none)';
}

export function printDiagnosis(file: string): void {
  const lhr = JSON.parse(readFileSync(file, 'utf8')) as Lhr;
  const cpu = lhr.configSettings.throttlingMethod === 'simulate' ? lhr.configSettings.throttling.cpuSlowdownMultiplier : 1;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  console.log(`\n== ${lhr.finalDisplayedUrl} (${file}; CPU index ${Math.round(lhr.environment.benchmarkIndex)}, times ×${cpu} simulated)`);
  console.log(
    `LCP ${Math.round(value('largest-contentful-paint'))} ms, FCP ${Math.round(value('first-contentful-paint'))} ms, TBT ${Math.round(value('total-blocking-time'))} ms, server response ${Math.round(value('server-response-time'))} ms`,
  );
  console.log(`LCP element: ${lcpElement(lhr)}`);
  for (const p of lcpPhases(lhr)) console.log(`  ${p.phase.padEnd(22)} ${ms(p.timing)}`);

  console.log('Long tasks (simulated start / duration):');
  for (const t of items(lhr, 'long-tasks').slice(0, 10)) console.log(`  ${ms(t.startTime)} ${ms(t.duration)}  ${short(t.url)}`);

  console.log(`Script bootup (simulated total / scripting / parse+compile; observed = ÷${cpu}):`);
  for (const b of items(lhr, 'bootup-time')) {
    console.log(`  ${ms(b.total)} ${ms(b.scripting)} ${ms(b.scriptParseCompile)}  observed ${ms(Number(b.total) / cpu)}  ${short(b.url)}`);
  }

  const groups = items(lhr, 'mainthread-work-breakdown');
  const total = groups.reduce((sum, g) => sum + Number(g.duration ?? 0), 0);
  console.log(`Main-thread work ${Math.round(total)} ms simulated, ${Math.round(total / cpu)} ms observed:`);
  for (const g of groups) console.log(`  ${ms(g.duration)}  observed ${ms(Number(g.duration) / cpu)}  ${String(g.groupLabel ?? g.group)}`);

  const requests = items(lhr, 'network-requests');
  const bytes = requests.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  console.log(`Requests ${requests.length}, ${kb(bytes).trim()} transferred:`);
  for (const r of [...requests].sort((a, b) => Number(b.transferSize ?? 0) - Number(a.transferSize ?? 0))) {
    console.log(
      `  ${kb(r.transferSize)} (${kb(r.resourceSize).trim()} decoded) ${String(r.resourceType ?? '').padEnd(10)} ${String(r.priority ?? '').padEnd(8)} ${short(r.url)}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const file of process.argv.slice(2)) printDiagnosis(file);
}
