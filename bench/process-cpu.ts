/**
 * CPU seconds spent by this process and by a PostgreSQL server's processes (the postmaster, its live backends and the
 * ones that already ended), read from /proc (Linux). On a loaded machine wall times stretch, CPU seconds much less: the
 * work a change saves shows here even when the clock cannot show it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK = 100; // USER_HZ on Linux

/** utime, stime, cutime, cstime (fields 14–17) and the parent pid (field 4) of one process, or null once it is gone. */
function stat(pid: number): { ppid: number; own: number; children: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i - 3]);
    return { ppid: n(4), own: n(14) + n(15), children: n(16) + n(17) };
  } catch {
    return null;
  }
}

/** CPU seconds of the server whose data folder is `dataDir`: the postmaster with every process it ever started. */
export function postgresCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const root = stat(postmaster);
  if (!root) return 0;
  let ticks = root.own + root.children;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === postmaster) continue;
    const child = stat(pid);
    if (child?.ppid === postmaster) ticks += child.own;
  }
  return ticks / TICK;
}

/** CPU seconds of this Node process (all its threads: main, GC helpers, libuv pool). */
export function nodeCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
