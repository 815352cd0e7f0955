/**
 * CPU seconds spent by this process and by a PostgreSQL server's processes (the postmaster, its live backends and the
 * ones that already ended), read from /proc (Linux). On a loaded machine wall times stretch, CPU seconds much less: the
 * work a change saves shows here even when the clock cannot show it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK = 100; // USER_HZ on Linux

/** utime, stime, cutime, cstime (fields 14–17) and the parent pid (field 4) of one process, or null once it is gone. */
function stat(pid: number, file = `/proc/${pid}/stat`): { ppid: number; own: number; children: number } | null {
  try {
    const text = readFileSync(file, 'utf8');
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

/** CPU seconds of this process's main thread (JavaScript, and the GC work done there) and of its other threads. */
export function nodeThreadCpuSeconds(): { main: number; others: number } {
  let main = 0;
  let others = 0;
  for (const entry of readdirSync('/proc/self/task')) {
    const s = stat(Number(entry), `/proc/self/task/${entry}/stat`);
    if (!s) continue;
    if (Number(entry) === process.pid) main += s.own;
    else others += s.own;
  }
  return { main: main / TICK, others: others / TICK };
}

/**
 * CPU seconds of a PostgreSQL server's processes by kind (from their titles: a client backend, the WAL writer, the
 * checkpointer, an autovacuum worker…); the processes that already ended show as `ended` (their parent's children time).
 */
export function postgresCpuByKind(dataDir: string): Map<string, number> {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const kinds = new Map<string, number>();
  const root = stat(postmaster);
  if (!root) return kinds;
  kinds.set('postmaster', root.own / TICK);
  kinds.set('ended', root.children / TICK);
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === postmaster) continue;
    const child = stat(pid);
    if (child?.ppid !== postmaster) continue;
    let title = '';
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      continue;
    }
    // "postgres: user db 127.0.0.1(5432) idle" → "backend"; "postgres: walwriter" → "walwriter"
    const kind =
      /^postgres: (checkpointer|background writer|walwriter|autovacuum|logical replication|io worker)/.exec(title)?.[1] ??
      (title.startsWith('postgres: ') ? 'backends' : 'other');
    kinds.set(kind, (kinds.get(kind) ?? 0) + child.own / TICK);
  }
  return kinds;
}
