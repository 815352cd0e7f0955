import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useAuth } from '../../lib/auth/auth-provider';
import { useUserProfile } from '../../lib/profile/get-user-profile';
import type { Address } from '../../lib/profile/types';

interface AddressSelectionValue {
  addresses: Address[];
  selectedAddress: Address | null;
  selectAddress(id: string): void;
  loading: boolean;
}

const AddressSelectionContext = createContext<AddressSelectionValue | null>(null);

/** The delivery target: the shopper's choice, else the default-flagged address, else the first; none for guests. */
export function AddressSelectionProvider({ children }: { children: ReactNode }) {
  const { user, loading: authLoading } = useAuth();
  const profile = useUserProfile(user?.id);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const value = useMemo<AddressSelectionValue>(() => {
    const addresses = user ? (profile.data?.addresses ?? []) : [];
    const selectedAddress = addresses.find((a) => a.id === chosenId) ?? addresses.find((a) => a.isDefault) ?? addresses[0] ?? null;
    return { addresses, selectedAddress, selectAddress: setChosenId, loading: authLoading || (!!user && !profile.isSuccess && !profile.isError) };
  }, [user, authLoading, profile.data, profile.isSuccess, profile.isError, chosenId]);
  return <AddressSelectionContext.Provider value={value}>{children}</AddressSelectionContext.Provider>;
}

export function useAddressSelection(): AddressSelectionValue {
  const value = useContext(AddressSelectionContext);
  if (!value) throw new Error('useAddressSelection must be used within an AddressSelectionProvider');
  return value;
}
