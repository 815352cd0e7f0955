import { z } from 'zod';
import { slabsFrom, SLABS_PATTERN } from '../../shared/gst-rates.js';
import { gstinProblem } from './gstin.js';
import { stateOfCode, type GstState } from './states.js';

/** The demo seller's GSTIN: made up (Karnataka, a fictitious PAN), but it passes the format and check-character rules. */
export const DEMO_GSTIN = '29AAACA1234A1ZG';

export interface CategoryTax {
  hsn: string;
  rate: number;
}

/**
 * Defaults per category (the admin overrides them per product, or with GST_CATEGORY_DEFAULTS): figures and die-cast
 * cars are toys of HSN 9503 (5 % since 22 Sep 2025), keychains HSN 3926, articles of plastics (18 %).
 */
export const DEFAULT_CATEGORY_TAX: Record<string, CategoryTax> = {
  'Anime Figures': { hsn: '9503', rate: 5 },
  'Hot Wheels': { hsn: '9503', rate: 5 },
  Trending: { hsn: '9503', rate: 5 },
  Keychains: { hsn: '3926', rate: 18 },
};

export interface GstSettings {
  seller: { legalName: string; address: string; state: GstState; gstin: string };
  slabs: number[];
  categoryDefaults: Record<string, CategoryTax>;
  shipping: { sac: string; rate: number };
  invoicePrefix: string;
  creditNotePrefix: string;
}

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const envSchema = z.object({
  SELLER_LEGAL_NAME: z.preprocess(blankIsUnset, z.string().min(1).default('Anime Collectibles (Demo) Private Limited')),
  SELLER_ADDRESS: z.preprocess(blankIsUnset, z.string().min(1).default('12 Brigade Road, Bengaluru 560001')),
  SELLER_STATE_CODE: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^\d{2}$/)
      .default('29'),
  ),
  SELLER_GSTIN: z.preprocess(blankIsUnset, z.string().default(DEMO_GSTIN)),
  GST_SLABS: z.preprocess(blankIsUnset, z.string().regex(SLABS_PATTERN, 'GST_SLABS: comma-separated percentages').optional()),
  GST_CATEGORY_DEFAULTS: z.preprocess(blankIsUnset, z.string().optional()),
  SHIPPING_GST_RATE: z.preprocess(blankIsUnset, z.coerce.number().min(0).max(100).default(18)),
  SHIPPING_SAC: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^\d{4}(\d{2})?(\d{2})?$/)
      .default('996812'),
  ),
  INVOICE_PREFIX: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[A-Z0-9]{1,4}$/)
      .default('AC'),
  ),
  CREDIT_NOTE_PREFIX: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[A-Z0-9]{1,4}$/)
      .default('CN'),
  ),
});

/** Reads the seller and tax settings from the environment; throws with the reason when one is invalid. */
export function gstSettingsFrom(source: NodeJS.ProcessEnv): GstSettings {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid GST settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const e = parsed.data;
  const state = stateOfCode(e.SELLER_STATE_CODE);
  if (!state) throw new Error(`Invalid GST settings: SELLER_STATE_CODE ${e.SELLER_STATE_CODE} is not a GST state code`);
  const problem = gstinProblem(e.SELLER_GSTIN);
  if (problem) throw new Error(`Invalid GST settings: SELLER_GSTIN: ${problem}`);
  if (e.SELLER_GSTIN.slice(0, 2) !== state.code) throw new Error('Invalid GST settings: SELLER_GSTIN does not start with SELLER_STATE_CODE');
  const slabs = slabsFrom(e.GST_SLABS);
  const categoryDefaults = { ...DEFAULT_CATEGORY_TAX };
  if (e.GST_CATEGORY_DEFAULTS) {
    // "Keychains=7117:5;Anime Figures=9503:5"
    for (const entry of e.GST_CATEGORY_DEFAULTS.split(';').filter(Boolean)) {
      const match = /^([^=]+)=(\d{4}|\d{6}|\d{8}):(\d+(?:\.\d+)?)$/.exec(entry.trim());
      if (!match || !slabs.includes(Number(match[3]))) throw new Error(`Invalid GST settings: GST_CATEGORY_DEFAULTS entry "${entry}"`);
      categoryDefaults[match[1]!.trim()] = { hsn: match[2]!, rate: Number(match[3]) };
    }
  }
  return {
    seller: { legalName: e.SELLER_LEGAL_NAME, address: e.SELLER_ADDRESS, state, gstin: e.SELLER_GSTIN },
    slabs,
    categoryDefaults,
    shipping: { sac: e.SHIPPING_SAC, rate: e.SHIPPING_GST_RATE },
    invoicePrefix: e.INVOICE_PREFIX,
    creditNotePrefix: e.CREDIT_NOTE_PREFIX,
  };
}

let current: GstSettings | null = null;

/** The process's GST settings (read from the environment once; the app validates them at start). */
export function gstSettings(): GstSettings {
  return (current ??= gstSettingsFrom(process.env));
}

/** Tests: run with other settings (null: read the environment again). */
export function setGstSettings(settings: GstSettings | null): void {
  current = settings;
}

export { HSN_PATTERN, hsnProblem, rateProblem } from '../../shared/gst-rates.js';
