const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 });
const count = new Intl.NumberFormat('en-IN');

/** ₹1,29,999 style grouping. */
export function formatINR(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : value ?? 0;
  return inr.format(Number.isFinite(n) ? n : 0);
}

export function formatCount(value: number | null | undefined): string {
  return count.format(value ?? 0);
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric' });
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** Short axis labels (₹4.5k, ₹1.25L) that still name the exact tick value: up to two decimals, trailing zeros dropped. */
export function compactINR(value: number): string {
  const trim = (n: number) => String(Number(n.toFixed(2)));
  if (Math.abs(value) >= 100000) return `₹${trim(value / 100000)}L`;
  if (Math.abs(value) >= 1000) return `₹${trim(value / 1000)}k`;
  return `₹${trim(value)}`;
}
