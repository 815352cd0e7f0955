// The GST rules a product's tax fields obey: the catalogue checks them when a product is saved, gst when it reads its
// settings. Imports no feature (both import this file).

/**
 * GST slabs since 22 Sep 2025 (56th GST Council: 5 % and 18 %, 40 % for demerit goods; 12 % and 28 % removed), with
 * 0 % for exempt goods. Configurable because slabs change. Sources: ClearTax, "56th GST Council meeting"
 * (https://cleartax.in/s/56th-gst-council-meet-news: notifications of 17 Sep 2025, rates from 22 Sep 2025); SCC Online
 * blog of 4 Sep 2025 (gst-council-56th-meeting-slab-reforms-tribunal-rollouts-2025).
 */
export const DEFAULT_SLABS = [0, 5, 18, 40];

/** GST_SLABS: comma-separated percentages. */
export const SLABS_PATTERN = /^\d+(\.\d+)?(,\d+(\.\d+)?)*$/;

/** The slabs of a GST_SLABS value (unset or blank: the defaults); throws when it is not comma-separated percentages. */
export function slabsFrom(value: string | undefined): number[] {
  if (value === undefined || value === '') return DEFAULT_SLABS;
  if (!SLABS_PATTERN.test(value)) throw new Error('Invalid GST settings: GST_SLABS: comma-separated percentages');
  return value.split(',').map(Number);
}

let configured: number[] | null = null;

/** The process's slabs (GST_SLABS, read once; the gst module refuses to start when it is invalid). */
export const configuredSlabs = (): number[] => (configured ??= slabsFrom(process.env.GST_SLABS));

export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;
export const hsnProblem = (hsn: string) => (HSN_PATTERN.test(hsn) ? null : 'HSN must be 4, 6 or 8 digits');
export const rateProblem = (rate: number, slabs: number[] = configuredSlabs()) =>
  slabs.includes(rate) ? null : `GST rate must be one of ${slabs.join(', ')} %`;
