/**
 * Heap object counts from a V8 heap snapshot of this process (v8.writeHeapSnapshot, parsed here): how many objects the
 * heap holds, by kind (type and constructor or string kind), so a bench can say how many objects a product costs —
 * what every major GC marks and what old-to-new pointers a scavenge walks. Used by bench/catalogue/catalogue-memory.ts.
 */
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';

export interface HeapObjects {
  total: number;
  bytes: number;
  /** By `type:name` (strings and numbers by type only). */
  byKind: Map<string, { count: number; bytes: number }>;
}

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Counts the objects of the heap now (a snapshot forces a full GC first). Takes seconds and memory at 100,000 products. */
export function heapObjects(): HeapObjects {
  const file = v8.writeHeapSnapshot(path.join(os.tmpdir(), `bench-heap-${process.pid}-${Date.now()}.heapsnapshot`));
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as RawSnapshot;
    const fields = raw.snapshot.meta.node_fields;
    const types = raw.snapshot.meta.node_types[0];
    const [typeAt, nameAt, sizeAt] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size')];
    const byKind = new Map<string, { count: number; bytes: number }>();
    let total = 0;
    let bytes = 0;
    for (let i = 0; i < raw.nodes.length; i += fields.length) {
      const type = types[raw.nodes[i + typeAt]!]!;
      // Synthetic nodes (roots, groups) are no objects of the heap.
      if (type === 'synthetic') continue;
      const named = type === 'object' || type === 'closure' || type === 'native' || type === 'hidden' || type === 'array';
      const kind = named ? `${type}:${raw.strings[raw.nodes[i + nameAt]!]!.slice(0, 40)}` : type;
      const size = raw.nodes[i + sizeAt]!;
      const entry = byKind.get(kind) ?? { count: 0, bytes: 0 };
      entry.count++;
      entry.bytes += size;
      byKind.set(kind, entry);
      total++;
      bytes += size;
    }
    return { total, bytes, byKind };
  } finally {
    rmSync(file, { force: true });
  }
}

/** The kinds that grew most from `before` to `after`, per `per` (e.g. per product), as lines. */
export function heapGrowthLines(before: HeapObjects, after: HeapObjects, per: number, top = 12): string[] {
  const grown = [...after.byKind]
    .map(([kind, a]) => ({ kind, count: a.count - (before.byKind.get(kind)?.count ?? 0), bytes: a.bytes - (before.byKind.get(kind)?.bytes ?? 0) }))
    .sort((x, y) => y.count - x.count)
    .slice(0, top);
  return [
    `heap objects: ${before.total.toLocaleString('en-IN')} → ${after.total.toLocaleString('en-IN')}, ` +
      `${((after.total - before.total) / per).toFixed(2)} objects and ${((after.bytes - before.bytes) / per).toFixed(0)} bytes (self sizes) per product`,
    ...grown.map((g) => `  ${g.kind.padEnd(48)} +${(g.count / per).toFixed(2)}/product, ${(g.bytes / per).toFixed(0)} B/product`),
  ];
}
