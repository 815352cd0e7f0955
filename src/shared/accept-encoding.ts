/**
 * The content coding to answer with, from the request's Accept-Encoding (RFC 9110 12.5.3): a coding the client
 * names with `q=0`, or does not name at all without a `*` that allows it, is never used; among the acceptable ones the
 * highest q wins, ties going to the order of `offered` (the server's preference). null: send the body as it is.
 */
export function preferredEncoding<T extends string>(header: string | string[] | undefined, offered: readonly T[]): T | null {
  const weights = new Map<string, number>();
  for (const item of String(header ?? '').split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    if (!name) continue;
    // A q that is not a number counts as 0: never a coding the client may have meant to refuse.
    const q = params.map((p) => /^\s*q\s*=(.*)$/.exec(p)?.[1]?.trim()).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : /^[0-9.]+$/.test(q) ? Number(q) : 0;
    weights.set(name.trim(), Number.isFinite(weight) ? Math.min(weight, 1) : 0);
  }
  let best: T | null = null;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
