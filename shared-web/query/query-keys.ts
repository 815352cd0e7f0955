/**
 * One query-key convention for both apps (bulletproof-react, TkDodo's key factories): each app's
 * `lib/query-keys.ts` defines every key once, per endpoint, as `[...root, endpoint, ...arguments]`; the endpoint
 * files use them for their queries, mutations and the live feed invalidate by the same keys or their roots
 * (`keys.all`: everything a feature shows).
 */
type Builders = Record<string, (...args: never[]) => readonly unknown[]>;

export type QueryKeys<Root extends readonly string[], B extends Builders> = { readonly all: Root } & {
  readonly [K in keyof B & string]: (...args: Parameters<B[K]>) => readonly [...Root, K, ...ReturnType<B[K]>];
};

export function queryKeys<const Root extends readonly string[], const B extends Builders>(root: Root, endpoints: B): QueryKeys<Root, B> {
  const keys: Record<string, unknown> = { all: root };
  for (const [name, build] of Object.entries(endpoints)) keys[name] = (...args: never[]) => [...root, name, ...build(...args)];
  return keys as QueryKeys<Root, B>;
}
