export interface User {
  id: string;
  email: string;
  full_name: string;
  name?: string;
  phone?: string;
  address?: string;
  city?: string;
  state?: string;
  pincode?: string;
  role?: string;
  isAdmin: boolean;
  created_at?: string;
  /** Whether the current address was verified through the link mailed to it. */
  emailVerified?: boolean;
}

export function normalizeUser(raw: Record<string, unknown>): User {
  const fullName = String(raw.full_name ?? raw.name ?? raw.fullName ?? '');
  return {
    id: String(raw.id ?? ''),
    email: String(raw.email ?? ''),
    full_name: fullName,
    name: fullName,
    phone: (raw.phone as string) ?? '',
    address: (raw.address as string) ?? '',
    city: (raw.city as string) ?? '',
    state: (raw.state as string) ?? '',
    pincode: (raw.pincode as string) ?? '',
    role: raw.role as string | undefined,
    isAdmin: raw.isAdmin === true || raw.role === 'admin',
    created_at: raw.created_at as string | undefined,
    emailVerified: raw.emailVerified === true,
  };
}
