import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ModuleDeps, StoreModule } from './module.js';

export type { StoreModule } from './module.js';

/**
 * Every feature folder under src/modules with an index.ts exporting `createModule(deps)` and `startOrder` is a module.
 * Discovery (rather than a hand-kept list) lets features land independently.
 */
export async function createModules(deps: ModuleDeps): Promise<StoreModule[]> {
  const dir = path.dirname(fileURLToPath(import.meta.url));
  const found: { order: number; name: string; module: StoreModule }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = ['index.ts', 'index.js'].map((f) => path.join(dir, entry.name, f)).find((f) => existsSync(f));
    if (!file) continue;
    const imported = (await import(pathToFileURL(file).href)) as {
      createModule?: (deps: ModuleDeps) => StoreModule;
      startOrder?: number;
    };
    if (typeof imported.createModule !== 'function') continue;
    found.push({ order: imported.startOrder ?? 100, name: entry.name, module: imported.createModule(deps) });
  }
  return found.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name)).map((f) => f.module);
}
