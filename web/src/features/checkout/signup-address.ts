import type { User } from '../../lib/auth/types';
import type { FinalAddress } from './use-place-order';

/**
 * The address given at sign-up, offered in checkout's manual form when the shopper has no saved address, so they do
 * not type it twice. Null when sign-up left no street address.
 */
export function signupAddress(user: Pick<User, 'full_name' | 'phone' | 'address' | 'city' | 'state' | 'pincode'> | null): FinalAddress | null {
  if (!user || !user.address?.trim()) return null;
  return {
    name: user.full_name ?? '',
    phone: user.phone ?? '',
    address: user.address.trim(),
    city: user.city ?? '',
    state: user.state ?? '',
    pincode: user.pincode ?? '',
  };
}
