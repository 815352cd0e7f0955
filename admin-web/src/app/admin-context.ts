import { createContext, useContext } from 'react';
import type { AdminUser } from '../features/auth/api/get-profile';

export const AdminContext = createContext<AdminUser | null>(null);

export function useAdmin(): AdminUser {
  const user = useContext(AdminContext);
  if (!user) throw new Error('useAdmin must be used inside AuthGate');
  return user;
}
