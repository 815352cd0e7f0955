export type AddressType = 'Home' | 'Work' | 'Other';

export interface Address {
  id: string;
  name: string;
  phone: string;
  pincode: string;
  addressLine1: string;
  addressLine2: string;
  landmark: string;
  city: string;
  state: string;
  isDefault: boolean;
  addressType: AddressType;
}

export interface WishlistEntry {
  productId: string;
  name: string;
  image: string;
  category: string;
  price: number;
  inStock: boolean;
  stockQuantity?: number;
}

export function normalizeAddress(raw: Record<string, unknown>): Address {
  const type = String(raw.addressType ?? raw.address_type ?? 'Home');
  return {
    id: String(raw.id ?? ''),
    name: String(raw.name ?? ''),
    phone: String(raw.phone ?? ''),
    pincode: String(raw.pincode ?? ''),
    addressLine1: String(raw.addressLine1 ?? raw.address ?? ''),
    addressLine2: String(raw.addressLine2 ?? raw.address_line2 ?? ''),
    landmark: String(raw.landmark ?? ''),
    city: String(raw.city ?? ''),
    state: String(raw.state ?? ''),
    isDefault: Boolean(raw.isDefault ?? raw.is_default),
    addressType: type === 'Work' || type === 'Other' ? type : 'Home',
  };
}

/** Server-side field names of an address. */
export function toServerAddress(a: Omit<Address, 'id'>) {
  return {
    name: a.name,
    address: a.addressLine1,
    address_line2: a.addressLine2,
    landmark: a.landmark,
    city: a.city,
    state: a.state,
    pincode: a.pincode,
    phone: a.phone,
    is_default: a.isDefault,
    address_type: a.addressType,
  };
}

export function normalizeWishlistEntry(raw: Record<string, unknown>): WishlistEntry {
  return {
    productId: String(raw.productId ?? raw.product_id ?? raw.id ?? ''),
    name: String(raw.name ?? ''),
    image: String(raw.image ?? ''),
    category: String(raw.category ?? ''),
    price: Number(raw.price ?? 0),
    inStock: raw.inStock !== false && raw.in_stock !== false,
    stockQuantity: raw.stockQuantity === undefined && raw.stock_quantity === undefined ? undefined : Number(raw.stockQuantity ?? raw.stock_quantity),
  };
}
