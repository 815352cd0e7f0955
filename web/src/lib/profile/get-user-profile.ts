import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@kit/api';
import { normalizeUser, type User } from '../auth/types';
import { normalizeAddress, normalizeWishlistEntry, type Address, type WishlistEntry } from './types';
import { userKeys } from '../query-keys';

export interface UserProfile {
  user: User;
  addresses: Address[];
  wishlist: WishlistEntry[];
}

export async function getUserProfile(signal?: AbortSignal): Promise<UserProfile> {
  const data = await api.get<{ user: Record<string, unknown> & { addresses?: unknown[]; wishlist?: unknown[] } }>('/user/profile', signal);
  const raw = data.user ?? {};
  return {
    user: normalizeUser(raw),
    addresses: (Array.isArray(raw.addresses) ? raw.addresses : []).map((a) => normalizeAddress(a as Record<string, unknown>)),
    wishlist: (Array.isArray(raw.wishlist) ? raw.wishlist : []).map((w) => normalizeWishlistEntry(w as Record<string, unknown>)),
  };
}

export const userProfileQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: userKeys.profile(userId), queryFn: ({ signal }) => getUserProfile(signal), enabled: !!userId, retry: 1 });

export const useUserProfile = (userId: string | undefined) => useQuery(userProfileQueryOptions(userId));
