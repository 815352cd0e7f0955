import { api } from '@kit/api';

export interface PincodeAnswer {
  success: boolean;
  city: string;
  state: string;
}

export const lookupPincode = (pincode: string) => api.get<PincodeAnswer>(`/pincode/${encodeURIComponent(pincode)}`);
