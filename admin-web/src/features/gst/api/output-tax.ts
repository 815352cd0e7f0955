/*
 * The GST section's sums. No imports on purpose: the server's type check (tests/admin-web) reads this file with node16
 * resolution.
 */
export type Amounts = { taxablePaise: number; igstPaise: number; cgstPaise: number; sgstPaise: number };

/** Output tax (paise) of a row. */
export const taxOf = (r: Amounts) => r.igstPaise + r.cgstPaise + r.sgstPaise;

/** This month's output tax by rate and by place of supply, from the B2CS rows. */
export function outputTax(report: { b2cs: (Amounts & { placeOfSupply: string; rate: number })[] }) {
  const byRate = new Map<number, Amounts>();
  const byState = new Map<string, Amounts>();
  const add = (m: Map<string | number, Amounts>, key: string | number, r: Amounts) => {
    const into = m.get(key) ?? { taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 };
    m.set(key, {
      taxablePaise: into.taxablePaise + r.taxablePaise,
      igstPaise: into.igstPaise + r.igstPaise,
      cgstPaise: into.cgstPaise + r.cgstPaise,
      sgstPaise: into.sgstPaise + r.sgstPaise,
    });
  };
  for (const r of report.b2cs) {
    add(byRate as Map<string | number, Amounts>, r.rate, r);
    add(byState as Map<string | number, Amounts>, r.placeOfSupply, r);
  }
  return {
    byRate: [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, a]) => ({ rate, ...a })),
    byState: [...byState.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([placeOfSupply, a]) => ({ placeOfSupply, ...a })),
  };
}
