/**
 * The tax contained in GST-inclusive prices, in integer paise. Per line: taxable = gross ÷ (1 + rate) rounded half up
 * to the paisa, tax = gross − taxable, so every line (and therefore the invoice) adds up exactly to what was paid.
 * Same state as the seller: CGST and SGST, half the tax each (the odd paisa to CGST, so the halves sum exactly);
 * another state: IGST.
 */
export type SupplyType = 'intra-state' | 'inter-state';

export interface TaxableLine {
  /** Price including GST × quantity, in paise. */
  grossPaise: number;
  /** Percent, e.g. 18 or 0.25. */
  rate: number;
}

export interface LineTax {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

const basisPoints = (rate: number) => Math.round(rate * 100);

/** gross × 10000 / (10000 + bp), rounded half up, in integers only. */
export function taxableOf(grossPaise: number, rate: number): number {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0) throw new Error('gross must be whole paise');
  const denominator = 10_000 + basisPoints(rate);
  return Math.floor((2 * grossPaise * 10_000 + denominator) / (2 * denominator));
}

export function lineTax(line: TaxableLine, supply: SupplyType): LineTax {
  const taxablePaise = taxableOf(line.grossPaise, line.rate);
  const tax = line.grossPaise - taxablePaise;
  if (supply === 'inter-state') return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgstPaise = Math.ceil(tax / 2);
  return { taxablePaise, cgstPaise, sgstPaise: tax - cgstPaise, igstPaise: 0 };
}

export const supplyTypeOf = (sellerStateCode: string, placeOfSupplyCode: string): SupplyType =>
  sellerStateCode === placeOfSupplyCode ? 'intra-state' : 'inter-state';

export interface TaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
}

export function totalsOf(lines: (LineTax & { grossPaise: number })[]): TaxTotals {
  const sum = (pick: (l: LineTax & { grossPaise: number }) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const cgstPaise = sum((l) => l.cgstPaise);
  const sgstPaise = sum((l) => l.sgstPaise);
  const igstPaise = sum((l) => l.igstPaise);
  return {
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise,
    sgstPaise,
    igstPaise,
    taxPaise: cgstPaise + sgstPaise + igstPaise,
    totalPaise: sum((l) => l.grossPaise),
  };
}
