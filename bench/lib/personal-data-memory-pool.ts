import type pg from 'pg';

/** A pool that answers the key store's two queries from memory (the keys exist, as after sign-up). */
export function memoryPool(): pg.Pool {
  const rows = new Map<string, { subject_id: string; wrapped_key: Buffer; master_key_id: string }>();
  return {
    query: async (text: string, values: unknown[]) => {
      if (text.trimStart().startsWith('insert')) {
        // One row per call (older key stores) or many (unnest of arrays).
        const [subjects, wrapped, id] = (typeof values[0] === 'string' ? [[values[0]], [values[1]], values[2]] : values) as [string[], Buffer[], string];
        subjects.forEach((subject, i) => rows.has(subject) || rows.set(subject, { subject_id: subject, wrapped_key: wrapped[i]!, master_key_id: id }));
        return { rows: [], rowCount: subjects.length };
      }
      const wanted = values[0] as string[];
      return { rows: wanted.flatMap((s) => (rows.has(s) ? [rows.get(s)!] : [])), rowCount: 0 };
    },
  } as unknown as pg.Pool;
}
