import { describe, expect, it } from 'vitest';
import { outputTax, taxOf } from '../../admin-web/src/features/gst/api/output-tax.js';

/** The Analytics tab's GST section: the month's output tax by rate and by state, from the GSTR-1 B2CS rows. */
describe('admin GST section: output tax', () => {
  it('sums the B2CS rows by rate and by place of supply', () => {
    const b2cs = [
      { placeOfSupply: '27-Maharashtra', rate: 18, taxablePaise: 8_475, igstPaise: 1_525, cgstPaise: 0, sgstPaise: 0 },
      { placeOfSupply: '27-Maharashtra', rate: 5, taxablePaise: 85_619, igstPaise: 4_281, cgstPaise: 0, sgstPaise: 0 },
      { placeOfSupply: '29-Karnataka', rate: 18, taxablePaise: 200_000, igstPaise: 0, cgstPaise: 18_000, sgstPaise: 18_000 },
    ];
    const { byRate, byState } = outputTax({ b2cs });
    expect(byRate).toEqual([
      { rate: 5, taxablePaise: 85_619, igstPaise: 4_281, cgstPaise: 0, sgstPaise: 0 },
      { rate: 18, taxablePaise: 208_475, igstPaise: 1_525, cgstPaise: 18_000, sgstPaise: 18_000 },
    ]);
    expect(byState.map((s) => [s.placeOfSupply, taxOf(s)])).toEqual([
      ['27-Maharashtra', 5_806],
      ['29-Karnataka', 36_000],
    ]);
  });
});
