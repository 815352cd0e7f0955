import { api } from '@kit/api';

export interface LoginInput {
  email: string;
  password: string;
}

export interface AuthAnswer {
  success: boolean;
  token: string;
  user: Record<string, unknown>;
}

export const login = (input: LoginInput) => api.post<AuthAnswer>('/auth/login', input);
