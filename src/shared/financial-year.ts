/** Indian Standard Time: invoice dates, financial years (1 April – 31 March) and tax periods are reckoned in it. */
const IST_OFFSET_MS = 330 * 60_000;

export function istParts(at: string | Date): { year: number; month: number; day: number } {
  const shifted = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** '2026-27' for any moment from 1 Apr 2026 00:00 IST to 31 Mar 2027 23:59:59.999 IST. */
export function financialYearOf(at: string | Date): string {
  const { year, month } = istParts(at);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The GSTR-1 tax period (calendar month in IST), 'YYYY-MM'. */
export function taxPeriodOf(at: string | Date): string {
  const { year, month } = istParts(at);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The IST calendar date, 'YYYY-MM-DD'. */
export function istDate(at: string | Date): string {
  const { year, month, day } = istParts(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The UTC instants bounding an IST month [from, to). */
export function periodBounds(period: string): { from: string; to: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(year, month - 1, 1) - IST_OFFSET_MS).toISOString();
  const to = new Date(Date.UTC(month === 12 ? year + 1 : year, month % 12, 1) - IST_OFFSET_MS).toISOString();
  return { from, to };
}

/**
 * A document number of a series: prefix / financial year / 6-digit number, e.g. AC/26-27/000123 (15 characters; the
 * CGST Rules allow 16 of letters, digits, '-' and '/'). Past 999,999 the number takes a 7th digit (16 characters).
 */
export function documentNumber(prefix: string, financialYear: string, n: number): string {
  const number = `${prefix}/${financialYear.slice(2)}/${String(n).padStart(6, '0')}`;
  if (number.length > 16 || !/^[A-Za-z0-9/-]+$/.test(number)) throw new Error(`Document number ${number} breaks the 16-character rule`);
  return number;
}
