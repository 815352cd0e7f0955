import { api } from '@kit/api';
import type { AuthAnswer } from './login';

export interface SignupInput {
  email: string;
  password: string;
  full_name: string;
  phone: string;
  pincode: string;
  address: string;
  city: string;
  state: string;
}

export const signup = (input: SignupInput) => api.post<AuthAnswer>('/auth/signup', input);
