import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rupeesInWords, indianWords } from './invoices/amount-in-words.js';
import { gstinCheckCharacter, gstinProblem, isValidGstin, withCheckCharacter } from './gstin.js';
import { DEMO_GSTIN, gstSettingsFrom } from './settings.js';
import { stateOfAddress } from './states.js';
import { lineTax, supplyTypeOf, taxableOf, totalsOf } from './tax.js';

describe('GSTIN', () => {
  it('accepts published GSTINs and the demo one, refuses a changed character or a bad format', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(isValidGstin(DEMO_GSTIN)).toBe(true);
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('GSTIN check character does not match');
    expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/15 characters/);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(withCheckCharacter('29AAACA1234A1Z')).toBe(DEMO_GSTIN);
  });
  it('seller settings refuse an invalid GSTIN or one of another state', () => {
    expect(() => gstSettingsFrom({ SELLER_GSTIN: '29AAACA1234A1ZH' })).toThrow(/check character/);
    expect(() => gstSettingsFrom({ SELLER_STATE_CODE: '27' })).toThrow(/does not start with/);
    expect(gstSettingsFrom({}).seller.state).toEqual({ code: '29', name: 'Karnataka' });
    expect(gstSettingsFrom({ GST_SLABS: '0,5,12,18,28' }).slabs).toEqual([0, 5, 12, 18, 28]);
    expect(() => gstSettingsFrom({ GST_CATEGORY_DEFAULTS: 'Keychains=711:5' })).toThrow(/GST_CATEGORY_DEFAULTS/);
  });
});

describe('place of supply', () => {
  it('is the typed state, or the state of the pincode', () => {
    expect(stateOfAddress({ state: 'maharashtra', pincode: '' })).toEqual({ code: '27', name: 'Maharashtra' });
    expect(stateOfAddress({ state: 'Orissa', pincode: '' })?.code).toBe('21');
    expect(stateOfAddress({ state: 'Bengaluru Urban', pincode: '560001' })?.code).toBe('29');
    expect(stateOfAddress({ state: 'Nowhere', pincode: '000000' })).toBeNull();
  });
});

describe('tax contained in GST-inclusive prices', () => {
  it('intra-state: CGST and SGST at half the rate each', () => {
    // ₹1,180.00 at 18 %: taxable ₹1,000.00, CGST ₹90.00, SGST ₹90.00
    expect(lineTax({ grossPaise: 118_000, rate: 18 }, 'intra-state')).toEqual({ taxablePaise: 100_000, cgstPaise: 9_000, sgstPaise: 9_000, igstPaise: 0 });
    // ₹1,299.00 at 5 %: taxable 123714.2857… → ₹1,237.14, tax ₹61.86 → 30.93 + 30.93
    expect(lineTax({ grossPaise: 129_900, rate: 5 }, 'intra-state')).toEqual({ taxablePaise: 123_714, cgstPaise: 3_093, sgstPaise: 3_093, igstPaise: 0 });
    // an odd paisa of tax goes to CGST: ₹100.01 at 18 % → taxable 84.75, tax 15.26? (10001/1.18 = 8475.42 → 8475, tax 1526)
    expect(lineTax({ grossPaise: 10_001, rate: 18 }, 'intra-state')).toEqual({ taxablePaise: 8_475, cgstPaise: 763, sgstPaise: 763, igstPaise: 0 });
    expect(lineTax({ grossPaise: 10_000, rate: 18 }, 'intra-state')).toEqual({ taxablePaise: 8_475, cgstPaise: 763, sgstPaise: 762, igstPaise: 0 });
  });
  it('inter-state: IGST at the full rate', () => {
    expect(lineTax({ grossPaise: 118_000, rate: 18 }, 'inter-state')).toEqual({ taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 });
    expect(supplyTypeOf('29', '29')).toBe('intra-state');
    expect(supplyTypeOf('29', '27')).toBe('inter-state');
  });
  it('rounds half up to the paisa without floating point', () => {
    // 105 at 5 % is exactly 100; 2.1 paise at 5 % is exactly 2
    expect(taxableOf(10_500, 5)).toBe(10_000);
    expect(taxableOf(21, 5)).toBe(20);
    expect(taxableOf(0, 18)).toBe(0);
    expect(taxableOf(100, 0)).toBe(100);
  });

  it('property: over random carts, rates and states the lines and the total agree to the paisa with the amount paid', () => {
    const line = fc.record({
      unitPaise: fc.integer({ min: 1, max: 50_000_00 }),
      quantity: fc.integer({ min: 1, max: 10 }),
      rate: fc.constantFrom(0, 0.25, 3, 5, 12, 18, 28, 40),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), fc.constantFrom(0, 100_00), fc.boolean(), (cart, shipping, sameState) => {
        const supply = sameState ? 'intra-state' : 'inter-state';
        const lines = [...cart.map((l) => ({ grossPaise: l.unitPaise * l.quantity, rate: l.rate })), ...(shipping ? [{ grossPaise: shipping, rate: 18 }] : [])];
        const taxed = lines.map((l) => ({ ...lineTax(l, supply), grossPaise: l.grossPaise, rate: l.rate }));
        const paid = lines.reduce((s, l) => s + l.grossPaise, 0);
        const totals = totalsOf(taxed);
        expect(totals.totalPaise).toBe(paid);
        expect(totals.taxablePaise + totals.taxPaise).toBe(paid);
        for (const l of taxed) {
          expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.grossPaise);
          // taxable is the nearest paisa to gross / (1 + rate)
          expect(Math.abs(l.taxablePaise * (1 + l.rate / 100) - l.grossPaise)).toBeLessThanOrEqual((1 + l.rate / 100) / 2 + 1e-6);
          if (supply === 'intra-state') {
            expect(l.igstPaise).toBe(0);
            expect(l.cgstPaise - l.sgstPaise).toBeGreaterThanOrEqual(0);
            expect(l.cgstPaise - l.sgstPaise).toBeLessThanOrEqual(1);
          } else expect(l.cgstPaise + l.sgstPaise).toBe(0);
          for (const v of [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise]) expect(Number.isInteger(v) && v >= 0).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('amount in words', () => {
  it('uses lakh and crore', () => {
    expect(indianWords(0)).toBe('Zero');
    expect(indianWords(1_23_45_678)).toBe('One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight');
    expect(indianWords(1_00_000)).toBe('One Lakh');
    expect(indianWords(250_00_00_000)).toBe('Two Hundred Fifty Crore');
    expect(rupeesInWords(1_299_50)).toBe('Indian Rupees One Thousand Two Hundred Ninety Nine and Fifty Paise Only');
    expect(rupeesInWords(11_800_00)).toBe('Indian Rupees Eleven Thousand Eight Hundred Only');
  });
});
