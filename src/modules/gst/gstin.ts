/**
 * GSTIN: 2-digit state code, the holder's 10-character PAN, an entity number, 'Z' (default), and a check character
 * computed over the first 14 characters with the GSTN's base-36 (Luhn mod 36 style) scheme: each character's value
 * times a weight alternating 1, 2; the product's base-36 digits summed; the check is (36 - sum mod 36) mod 36.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const GSTIN_PATTERN = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i]!);
    if (value < 0) throw new Error(`Not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** Null when valid; else the reason. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'GSTIN must be 15 characters: state code, PAN, entity number, Z, check character';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'GSTIN check character does not match';
  return null;
}

export const isValidGstin = (gstin: string) => gstinProblem(gstin) === null;

/** Completes a 14-character GSTIN body with its check character (for demo and test data). */
export const withCheckCharacter = (first14: string) => first14 + gstinCheckCharacter(first14);
