import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children: ProfileNode[];
}

export interface Allocation {
  /** Bytes sampled in all. */
  total: number;
  /** Bytes by allocating function ("name file:line"), most first. */
  byFunction: [string, number][];
}

/**
 * Starts V8's sampling heap profiler with the objects a scavenge or a full GC already collected counted, so the figure
 * is what was allocated (what sets how often the collector runs), not what is still alive; the function it returns
 * stops it. Used by bench/catalogue/by-id-allocation.ts (per request) and bench/catalogue/import-freshness.ts --alloc (per row).
 */
export async function sampleAllocation(samplingInterval = 1024): Promise<() => Promise<Allocation>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval,
    includeObjectsCollectedByMinorGC: true,
    includeObjectsCollectedByMajorGC: true,
  } as never);
  return async () => {
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as {
      profile: { head: ProfileNode; samples: { size: number; nodeId: number }[] };
    };
    session.disconnect();
    const names = new Map<number, string>();
    const visit = (node: ProfileNode) => {
      const { functionName, url: file, lineNumber } = node.callFrame;
      names.set(node.id, `${functionName || '(anonymous)'} ${file.split('node_modules/').pop()!.split('/').slice(-2).join('/')}:${lineNumber + 1}`);
      for (const child of node.children) visit(child);
    };
    visit(profile.head);
    const byFunction = new Map<string, number>();
    let total = 0;
    for (const sample of profile.samples) {
      total += sample.size;
      const name = names.get(sample.nodeId) ?? '(unknown)';
      byFunction.set(name, (byFunction.get(name) ?? 0) + sample.size);
    }
    return { total, byFunction: [...byFunction].sort((a, b) => b[1] - a[1]) };
  };
}
