import { describe, expect, it } from 'vitest';
import { signupAddress } from './signup-address';

describe('checkout prefill from the sign-up address', () => {
  it('offers the address, city, state, pincode, phone and name given at sign-up', () => {
    expect(
      signupAddress({ full_name: 'Asha Verma', phone: '9876543210', address: ' 12 Marine Drive ', city: 'Mumbai', state: 'Maharashtra', pincode: '400001' }),
    ).toEqual({
      name: 'Asha Verma',
      phone: '9876543210',
      address: '12 Marine Drive',
      city: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400001',
    });
  });
  it('offers nothing when sign-up gave no street address (it is optional)', () => {
    expect(signupAddress({ full_name: 'A', phone: '', address: '', city: 'Pune', state: 'Maharashtra', pincode: '411001' })).toBeNull();
    expect(signupAddress(null)).toBeNull();
  });
});
