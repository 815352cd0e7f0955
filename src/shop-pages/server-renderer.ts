import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { DehydratedState } from '@tanstack/react-query';

/** What web/src/entry-server.tsx exports (built by Vite into web/dist-ssr/entry-server.js). */
export interface ServerRenderer {
  render(
    url: string,
    reads: (path: string) => Promise<unknown>,
  ): Promise<{ html: string; dehydratedState: DehydratedState; redirect?: { status: number; location: string } }>;
}

/** Loads the storefront's server build once; null when web/ has not been built with it (the pages then render in the browser). */
export function serverRendererLoader(file: string): () => Promise<ServerRenderer | null> {
  let loading: Promise<ServerRenderer | null> | null = null;
  return () => (loading ??= existsSync(file) ? (import(pathToFileURL(file).href) as Promise<ServerRenderer>) : Promise.resolve(null));
}
