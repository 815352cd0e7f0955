const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** ₹1,29,999 style grouping. */
export function formatPrice(amount: number): string {
  return rupees.format(Number.isFinite(amount) ? amount : 0);
}

export function formatDate(value: string | null | undefined, withTime = false): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-IN', {
    // India time on the server renderer and in every browser alike (the shop's customers are in India).
    timeZone: 'Asia/Kolkata',
    ...(withTime ? { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short', year: 'numeric' }),
  });
}
